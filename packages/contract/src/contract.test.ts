import { describe, expect, it } from 'vitest';
import {
  customerIntentionInput,
  emptyPage,
  fail,
  formatFileSize,
  formatYuan,
  isSuccessResponse,
  ok,
  pagingInput,
  toPaging,
  toTablePagination,
} from './index';
import { messages } from './messages';

describe('paging', () => {
  it('defaults to page 1 of 10 and counts pages', () => {
    const input = pagingInput.parse({});
    expect(input).toEqual({ pageIndex: 1, pageSize: 10 });
    expect(toPaging(input, 0)).toEqual({
      pageIndex: 1,
      pageSize: 10,
      totalRecordCount: 0,
      totalPageCount: 0,
    });
    expect(toPaging({ pageIndex: 2, pageSize: 10 }, 21).totalPageCount).toBe(3);
  });

  it('takes form strings and refuses what is not a positive integer or too large', () => {
    expect(pagingInput.parse({ pageIndex: '3', pageSize: '20' })).toEqual({ pageIndex: 3, pageSize: 20 });
    for (const pageIndex of ['abc', '0', '-1', '1.5', 1.5])
      expect(pagingInput.safeParse({ pageIndex }).success).toBe(false);
    expect(pagingInput.safeParse({ pageSize: '101' }).success).toBe(false);
  });

  it('gives the empty result of a failed list and the console table state', () => {
    expect(emptyPage()).toEqual({
      pageIndex: 1,
      pageSize: 10,
      totalRecordCount: 0,
      totalPageCount: 0,
      datas: [],
    });
    expect(
      toTablePagination({ pageIndex: 2, pageSize: 10, totalRecordCount: 35, totalPageCount: 4 }),
    ).toEqual({
      current: 2,
      pageSize: 10,
      total: 35,
      totalPage: 4,
    });
  });
});

describe('envelope', () => {
  it('recognises success as status 200, statusCode 200 or flag SUCCESS, IN_WORKING only when allowed', () => {
    expect(isSuccessResponse(ok([]))).toBe(true);
    expect(isSuccessResponse({ statusCode: 200 })).toBe(true);
    expect(isSuccessResponse({ flag: 'SUCCESS' })).toBe(true);
    expect(isSuccessResponse({ flag: 'IN_WORKING' })).toBe(false);
    expect(isSuccessResponse({ flag: 'IN_WORKING' }, { acceptInWorking: true })).toBe(true);
    expect(isSuccessResponse(fail(401))).toBe(false);
    expect(isSuccessResponse(null)).toBe(false);
  });

  it('fills a failure from the business code catalogue', () => {
    expect(fail(406)).toEqual({
      success: false,
      flag: 'FAIL',
      status: 406,
      errorCode: 406,
      errorMessage: '未指定租户',
      showType: 2,
    });
  });
});

describe('lead input', () => {
  const valid = {
    siteId: '75',
    contactName: '王老师',
    phone: '13912345678',
    schoolName: '实验小学',
    region: '北京市海淀区',
    schoolType: 'primary',
    role: '校长',
    privacyConsent: 'on',
  };

  it('accepts a mainland mobile number and trims text', () => {
    const parsed = customerIntentionInput.parse({ ...valid, contactName: '  王老师 ', message: '' });
    expect(parsed.contactName).toBe('王老师');
    expect(parsed.message).toBeUndefined();
    expect(parsed.siteId).toBe(75);
    expect(parsed.privacyConsent).toBe(true);
  });

  it.each([undefined, '', 'off', 'false'])(
    'refuses a lead without consent (%s) with the consent message',
    (consent) => {
      const result = customerIntentionInput.safeParse({ ...valid, privacyConsent: consent });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toContain(messages.privacyConsentRequired);
    },
  );

  it.each(['12912345678', '1391234567', '139123456789', '+8613912345678', '１３９１２３４５６７８'])(
    'refuses %s as 不合法的手机号',
    (phone) => {
      const result = customerIntentionInput.safeParse({ ...valid, phone });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('不合法的手机号');
    },
  );
});

describe('formatFileSize', () => {
  it('shows sizes as people read them, the same on the site and in the console', () => {
    expect([860, 1024, 4506, 1_258_291, 3_758_096_384].map(formatFileSize)).toEqual([
      '860 B',
      '1.0 KB',
      '4.4 KB',
      '1.2 MB',
      '3.5 GB',
    ]);
  });
});

describe('formatYuan', () => {
  it('shows fen as yuan with grouped thousands and two decimals', () => {
    expect([680000, 720050, 5, 0, 123456789, -1050].map(formatYuan)).toEqual([
      '¥6,800.00',
      '¥7,200.50',
      '¥0.05',
      '¥0.00',
      '¥1,234,567.89',
      '-¥10.50',
    ]);
  });
});
