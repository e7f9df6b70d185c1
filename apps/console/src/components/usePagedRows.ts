/** A paged list read from the server for an antd Table: its rows, loading flag and pagination, newest page on change. */
import { DEFAULT_PAGE_SIZE } from '@yuexun/contract';
import type { PagedResult } from '@yuexun/request';
import { useEffect, useState } from 'react';

export const usePagedRows = <T>(load: (pageIndex: number, pageSize: number) => Promise<PagedResult<T>>) => {
  const [page, setPage] = useState({ current: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    setLoading(true);
    load(page.current, page.pageSize)
      .then((res) => {
        setRows(res.datas);
        setTotal(res.totalRecordCount);
      })
      .catch(() => setRows([]))
      .finally(() => setLoading(false));
  }, [load, page]);
  const pagination = {
    ...page,
    total,
    size: 'small' as const,
    onChange: (current: number, pageSize: number) => setPage({ current, pageSize }),
  };
  return { rows, loading, pagination };
};
