import { describe, expect, it } from 'vitest';
import {
  canMoveLead,
  createArticleAdmin,
  fenToYuan,
  idList,
  labelList,
  reorderCategoriesAdmin,
  yuanPrice,
  yuanToFen,
} from './index';

describe('yuan prices', () => {
  it('parses the text into integer fen without floating point', () => {
    expect(yuanToFen('0.1')).toBe(10);
    expect(yuanToFen('0.29')).toBe(29);
    expect(yuanToFen('19800')).toBe(1_980_000);
    expect(yuanToFen('1.05')).toBe(105);
    expect(yuanPrice('价格').parse(' 4.35 ')).toBe(435);
    expect(yuanPrice('价格').parse('9999999.99')).toBe(999_999_999);
    expect(yuanPrice('价格').parse(12.5)).toBe(1250);
  });

  it('refuses more than two decimals, signs, exponents, leading zeros and too large amounts', () => {
    for (const bad of ['1.234', '-1', '+1', '1e3', '01', '.5', '1.', '10000000', '', 'abc', '１２'])
      expect(yuanPrice('价格').safeParse(bad).success, bad).toBe(false);
  });

  it('formats fen as yuan with two decimals', () => {
    expect(fenToYuan(1_980_000)).toBe('19800.00');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(1250)).toBe('12.50');
  });
});

describe('lists', () => {
  it('takes a repeated field, one string or an array; drops blanks and repeats', () => {
    const tags = labelList('标签', 3, 5);
    expect(tags.parse(undefined)).toEqual([]);
    expect(tags.parse('家校')).toEqual(['家校']);
    expect(tags.parse(['a', ' a ', '', 'b'])).toEqual(['a', 'b']);
    expect(tags.safeParse(['a', 'b', 'c', 'd']).success).toBe(false);
    expect(tags.safeParse(['太长的标签名称']).success).toBe(false);
  });

  it('reads ids from a comma list or an array', () => {
    expect(idList('编号', 5).parse('3,1,2')).toEqual([3, 1, 2]);
    expect(idList('编号', 5).parse([3, '4'])).toEqual([3, 4]);
    expect(idList('编号', 5).safeParse('1,x').success).toBe(false);
    expect(idList('编号', 5, 0).parse('')).toEqual([]);
    expect(reorderCategoriesAdmin.input.safeParse({ siteId: 75, kind: 'news', orderedIds: '' }).success).toBe(
      false,
    );
  });
});

describe('article form', () => {
  const base = { siteId: 75, categoryId: 1881, title: '标题', status: 'draft', requestKey: 'abcdefgh12' };
  it('accepts a minimal draft and a scheduled time with an offset', () => {
    expect(createArticleAdmin.input.safeParse(base).success).toBe(true);
    const scheduled = createArticleAdmin.input.parse({
      ...base,
      status: 'scheduled',
      publishTime: '2030-01-01T08:00:00+08:00',
    });
    expect(scheduled.publishTime?.toISOString()).toBe('2030-01-01T00:00:00.000Z');
  });
  it('names the field of each mistake', () => {
    const result = createArticleAdmin.input.safeParse({
      ...base,
      title: '',
      publishTime: 'tomorrow',
      requestKey: '!',
    });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((i) => i.path.join('.'));
    expect(fields).toEqual(expect.arrayContaining(['title', 'publishTime', 'requestKey']));
  });
});

describe('lead pipeline', () => {
  it('moves forward one step or to lost, reopens lost, keeps won final', () => {
    expect(canMoveLead('new', 'contacted')).toBe(true);
    expect(canMoveLead('new', 'won')).toBe(false);
    expect(canMoveLead('qualified', 'won')).toBe(true);
    expect(canMoveLead('lost', 'contacted')).toBe(true);
    expect(canMoveLead('won', 'lost')).toBe(false);
    expect(canMoveLead('won', 'won')).toBe(true);
  });
});
