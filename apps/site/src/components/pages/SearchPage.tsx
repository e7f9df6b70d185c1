/** 站内搜索 results: a search form (works without JavaScript), hits with the words marked, paging. */
import type { PagingOutput, SiteNavEntry, SiteSearchHit } from '@yuexun/contract';
import { formatDate, formatYuan } from '../../lib/format';
import { href } from '../../lib/href';
import { search } from '../../locales/zh-CN';
import Highlighted from '../parts/Highlighted';
import Pagination from '../parts/Pagination';
import SectionLinks from '../parts/SectionLinks';

interface Props {
  basePath: string;
  query: string;
  words: string[];
  items: SiteSearchHit[];
  paging: PagingOutput;
  /** The menu as saved in the console, offered when nothing is found. */
  nav: SiteNavEntry[];
}

export default function SearchPage({ basePath, query, words, items, paging, nav }: Props) {
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>{query ? search.titleFor(query) : search.name}</h1>
          <form className="search-form search-form-page" action={href(basePath, '/search')} method="get">
            <label className="visually-hidden" htmlFor="search-page-q">
              {search.label}
            </label>
            <input
              id="search-page-q"
              type="search"
              name="q"
              defaultValue={query}
              placeholder={search.placeholder}
              maxLength={100}
              enterKeyHint="search"
            />
            <button type="submit" className="button button-primary">
              {search.submit}
            </button>
          </form>
          <p className="hero-intro">
            {words.length === 0 ? search.empty : search.count(paging.totalRecordCount)}
          </p>
        </div>
      </section>
      <div className="section">
        <div className="container">
          {words.length > 0 && items.length === 0 && (
            <div className="search-none">
              <p>{search.none(query)}</p>
              <SectionLinks basePath={basePath} className="section-links" nav={nav} />
            </div>
          )}
          {items.length > 0 && (
            <ol className="search-results" aria-label={search.results}>
              {items.map((hit) => (
                <li key={`${hit.kind}-${hit.id}`} className="search-hit">
                  <p className="search-hit-meta">
                    <span className="tag">
                      {hit.kind === 'article' ? (hit.categoryName ?? search.article) : search.product}
                    </span>
                    {hit.publishTime && <time dateTime={hit.publishTime}>{formatDate(hit.publishTime)}</time>}
                    {hit.priceFen !== null && (
                      <span className="search-hit-price">
                        {formatYuan(hit.priceFen)}
                        {hit.priceUnit ? ` / ${hit.priceUnit}` : ''}
                      </span>
                    )}
                  </p>
                  <h2>
                    <a href={href(basePath, hit.path)}>
                      <Highlighted text={hit.title} words={words} />
                    </a>
                  </h2>
                  {hit.snippet && (
                    <p className="search-hit-snippet">
                      <Highlighted text={hit.snippet} words={words} />
                    </p>
                  )}
                </li>
              ))}
            </ol>
          )}
          <Pagination
            basePath={basePath}
            path="/search"
            params={{ q: query }}
            page={paging.pageIndex}
            totalPages={paging.totalPageCount}
          />
        </div>
      </div>
    </>
  );
}
