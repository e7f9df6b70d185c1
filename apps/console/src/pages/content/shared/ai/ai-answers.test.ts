import { describe, expect, it } from 'vitest';
import { keywordsOf, seoOf, titlesOf } from './ai-answers';

describe('reading AI answers into fields', () => {
  it('takes three titles, without numbering, bullets or quotes', () => {
    expect(titlesOf('1. 智慧校园上线\n\n2、“排课一站搞定”\n- 《家校沟通》\n4. 多余的一行')).toEqual([
      '智慧校园上线',
      '排课一站搞定',
      '家校沟通',
    ]);
  });

  it('reads the labelled description and keywords, or the unlabelled text as the description', () => {
    expect(seoOf('描述：平台上线。\n关键词：智慧校园，排课、考勤;家校')).toEqual({
      description: '平台上线。',
      keywords: ['智慧校园', '排课', '考勤', '家校'],
    });
    expect(seoOf('一段没有标签的描述')).toEqual({ description: '一段没有标签的描述', keywords: [] });
    expect(keywordsOf(' a , ,b ')).toEqual(['a', 'b']);
  });
});
