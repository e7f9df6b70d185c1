/**
 * ProTable's `request` from a list call: the table's paging (current, pageSize) goes out as the contract's
 * (pageIndex, pageSize) beside the search form's values, and the page comes back as ProTable reads it. A list
 * answered whole (no paging) is one page.
 */
import type { ParamsType } from '@ant-design/pro-components';
import type { PagedResult } from '@yuexun/request';
import type { SortOrder } from 'antd/es/table/interface';

/** What ProTable hands `request`: its paging and the search form's values, as the form holds them. */
type TableParams = ParamsType & { current?: number; pageSize?: number };
type Criteria<P> = Omit<P, 'current' | 'pageSize'> & { pageIndex?: number; pageSize?: number };

export const tableRequest =
  <T, P extends TableParams = TableParams>(
    list: (criteria: Criteria<P>, sort: Record<string, SortOrder>) => Promise<PagedResult<T> | T[]>,
  ) =>
  async ({ current, pageSize, ...criteria }: P, sort: Record<string, SortOrder> = {}) => {
    const answer = await list(
      { ...(criteria as Omit<P, 'current' | 'pageSize'>), pageIndex: current, pageSize },
      sort,
    );
    return Array.isArray(answer)
      ? { data: answer, total: answer.length, success: true }
      : { data: answer.datas, total: answer.totalRecordCount, success: true };
  };
