import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, MAX_PAGE_SIZE } from './constants';
import { positiveInt, prepared } from './fields';
import { messages } from './messages';

/** Paging criteria as the original clients send them (spec §3, §7). */
export const pagingInput = z.object({
  pageIndex: prepared((v) => (v === undefined || v === '' ? FIRST_PAGE : v), positiveInt('页码')),
  pageSize: prepared(
    (v) => (v === undefined || v === '' ? DEFAULT_PAGE_SIZE : v),
    positiveInt('每页条数').refine((n) => n <= MAX_PAGE_SIZE, {
      error: messages.pageSizeTooLarge(MAX_PAGE_SIZE),
    }),
  ),
});
export type PagingInput = z.infer<typeof pagingInput>;

export const pagingOutput = z.object({
  pageIndex: z.number().int(),
  pageSize: z.number().int(),
  totalRecordCount: z.number().int(),
  totalPageCount: z.number().int(),
});
export type PagingOutput = z.infer<typeof pagingOutput>;

export const toPaging = (input: PagingInput, totalRecordCount: number): PagingOutput => ({
  pageIndex: input.pageIndex,
  pageSize: input.pageSize,
  totalRecordCount,
  totalPageCount: Math.ceil(totalRecordCount / input.pageSize),
});

export const offsetOf = (input: PagingInput) => (input.pageIndex - 1) * input.pageSize;

/** What a client shows after a failed list fetch (spec §8). */
export const emptyPage = () => ({
  pageIndex: FIRST_PAGE,
  pageSize: DEFAULT_PAGE_SIZE,
  totalRecordCount: 0,
  totalPageCount: 0,
  datas: [] as never[],
});

/** Client-side pagination state of the console tables (spec §3). */
export const toTablePagination = (page: PagingOutput) => ({
  current: page.pageIndex || FIRST_PAGE,
  pageSize: page.pageSize || DEFAULT_PAGE_SIZE,
  total: page.totalRecordCount || 0,
  totalPage: page.totalPageCount || 0,
});
