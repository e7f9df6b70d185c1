import { describe, expect, it } from 'vitest';
import { tableRequest } from './table-request';

describe('tableRequest: ProTable paging in, a page out', () => {
  it("sends ProTable's current page as pageIndex beside the form's values, and hands the sort on", async () => {
    const asked: unknown[] = [];
    const request = tableRequest((criteria, sort) => {
      asked.push(criteria, sort);
      return Promise.resolve({
        datas: [{ id: 1 }, { id: 2 }],
        pageIndex: 3,
        pageSize: 2,
        totalRecordCount: 7,
        totalPageCount: 4,
      });
    });
    await expect(request({ current: 3, pageSize: 2, keyword: '校园' }, { name: 'ascend' })).resolves.toEqual({
      data: [{ id: 1 }, { id: 2 }],
      total: 7,
      success: true,
    });
    expect(asked).toEqual([{ pageIndex: 3, pageSize: 2, keyword: '校园' }, { name: 'ascend' }]);
  });

  it('takes a list answered whole as one page', async () => {
    const request = tableRequest(() => Promise.resolve(['a', 'b', 'c']));
    await expect(request({})).resolves.toEqual({ data: ['a', 'b', 'c'], total: 3, success: true });
  });
});
