/**
 * One page of a console or API list and its total, the same way everywhere: the page query (built with
 * `$dynamic()`, filtered and ordered by the caller) and its count query run side by side.
 */
import { offsetOf, type PagingInput, type PagingOutput, toPaging } from '@yuexun/contract';
import { count } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';

/** What a count query selects for `pageOf`: `db.select(rowCount).from(t).where(where)`. */
export const rowCount = { n: count() };

export const pageOf = async <Q extends PgSelect>(
  criteria: PagingInput,
  rows: Q,
  counted: PromiseLike<{ n: number }[]>,
): Promise<{ items: Awaited<Q>; paging: PagingOutput }> => {
  const [items, [total]] = await Promise.all([
    rows.limit(criteria.pageSize).offset(offsetOf(criteria)),
    counted,
  ]);
  return { items: items as Awaited<Q>, paging: toPaging(criteria, total?.n ?? 0) };
};

/** LIKE wildcards typed by a visitor are matched literally. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
