/** The one article page of the four detail routes: title, meta, sanitised body, previous/next, share. */
import type { ArticleDetail, WithPictures } from '@yuexun/contract';
import type { ReactNode } from 'react';
import { formatDate } from '../../lib/format';
import { articlePath, href, type TrailStep } from '../../lib/href';
import { t } from '../../locales/zh-CN';
import Breadcrumb from '../parts/Breadcrumb';
import RichBody from '../parts/RichBody';

interface Props {
  basePath: string;
  article: ArticleDetail & WithPictures;
  /** The breadcrumb: home, then the article's section or category (lib/article-page.ts). */
  trail: TrailStep[];
  /** The share island, passed in by the route file (islands hydrate only from .astro files). */
  children?: ReactNode;
}

export default function ArticleDetailPage({ basePath, article, trail, children }: Props) {
  const kind = article.categoryPath[0]?.kind ?? 'news';
  return (
    <div className="container article-layout">
      <Breadcrumb basePath={basePath} steps={trail} />
      <article className="article">
        <header className="article-header">
          <h1>{article.title}</h1>
          <p className="article-meta">
            <span>
              {t.published}：<time dateTime={article.publishTime}>{formatDate(article.publishTime)}</time>
            </span>
            {article.editedAt && formatDate(article.editedAt) !== formatDate(article.publishTime) && (
              <span>
                {t.edited}：<time dateTime={article.editedAt}>{formatDate(article.editedAt)}</time>
              </span>
            )}
            {article.author && (
              <span>
                {t.author}：{article.author}
              </span>
            )}
            {article.source && (
              <span>
                {t.source}：{article.source}
              </span>
            )}
            <span>
              {t.views}：{article.viewCount}
            </span>
          </p>
          {article.summary && <p className="article-summary">{article.summary}</p>}
        </header>
        <RichBody html={article.bodyHtml} pictures={article.pictures} />
        <footer className="article-footer">
          {children}
          <nav className="prev-next" aria-label={t.previousAndNext}>
            <p>
              {t.previous}：
              {article.previous ? (
                <a href={href(basePath, articlePath(kind, article.previous.id))}>{article.previous.title}</a>
              ) : (
                t.none
              )}
            </p>
            <p>
              {t.next}：
              {article.next ? (
                <a href={href(basePath, articlePath(kind, article.next.id))}>{article.next.title}</a>
              ) : (
                t.none
              )}
            </p>
          </nav>
        </footer>
      </article>
    </div>
  );
}
