/** Page links with the page number in the URL (?page=N); plain links, no JavaScript. */
import { href } from '../../lib/href';
import { t } from '../../locales/zh-CN';

interface Props {
  basePath: string;
  path: string;
  /** Other query parameters every page link keeps (the search words). */
  params?: Record<string, string>;
  page: number;
  totalPages: number;
}

const pageHref = (basePath: string, path: string, page: number, params: Record<string, string> = {}) => {
  const query = new URLSearchParams(params);
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return href(basePath, search ? `${path}?${search}` : path);
};

/** At most seven numbers: first, last, and the neighbours of the current page. */
const visiblePages = (page: number, total: number) => {
  const pages = new Set([1, total, page - 1, page, page + 1]);
  return [...pages].filter((p) => p >= 1 && p <= total).sort((a, b) => a - b);
};

export default function Pagination({ basePath, path, params, page, totalPages }: Props) {
  if (totalPages <= 1) return null;
  const pages = visiblePages(page, totalPages);
  return (
    <nav className="pagination" aria-label={t.paging}>
      {page > 1 ? (
        <a href={pageHref(basePath, path, page - 1, params)} rel="prev">
          {t.prevPage}
        </a>
      ) : (
        <span className="disabled">{t.prevPage}</span>
      )}
      {pages.map((p, i) => (
        <span key={p} className="page-item">
          {i > 0 && p - (pages[i - 1] ?? p) > 1 && <span className="gap">…</span>}
          {p === page ? (
            <span className="current" aria-current="page">
              {p}
            </span>
          ) : (
            <a href={pageHref(basePath, path, p, params)}>{p}</a>
          )}
        </span>
      ))}
      {page < totalPages ? (
        <a href={pageHref(basePath, path, page + 1, params)} rel="next">
          {t.nextPage}
        </a>
      ) : (
        <span className="disabled">{t.nextPage}</span>
      )}
      <span className="page-count">{t.pageOf(page, totalPages)}</span>
    </nav>
  );
}
