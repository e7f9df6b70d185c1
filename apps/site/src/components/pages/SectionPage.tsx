/**
 * Solution, service, download, agent, security and company-profile pages: the section's lead
 * article in full, the others as cards, with tabs when the section has several categories.
 */
import type { ArticleDetail, ArticleListItem, WithPictures } from '@yuexun/contract';
import type { ReactNode } from 'react';
import { formatDate } from '../../lib/format';
import { href } from '../../lib/href';
import { t } from '../../locales/zh-CN';
import ArticleCardGrid from '../parts/ArticleCardGrid';
import PageHero from '../parts/PageHero';
import RichBody from '../parts/RichBody';
import Tabs from '../parts/Tabs';

interface Props {
  basePath: string;
  title: string;
  intro: string;
  tabs?: {
    label: string;
    currentId: number | string;
    items: { id: number | string; name: string; path: string }[];
  };
  lead: (ArticleDetail & WithPictures) | null;
  others: (ArticleListItem & WithPictures)[];
  othersTitle?: string;
  detailPath: (id: number) => string;
  /** Islands placed by the route file (e.g. the agent application form). */
  children?: ReactNode;
}

export default function SectionPage({
  basePath,
  title,
  intro,
  tabs,
  lead,
  others,
  othersTitle,
  detailPath,
  children,
}: Props) {
  return (
    <>
      <PageHero title={title} intro={intro} />
      <div className="container section">
        {tabs && (
          <Tabs basePath={basePath} label={tabs.label} currentId={tabs.currentId} items={tabs.items} />
        )}
        {lead ? (
          <article className="article section-article">
            {/* The article is here in full: its title links to its own page (to share it), and no 查看详情
            repeats that under a text that has already ended. */}
            <h2>
              <a href={href(basePath, detailPath(lead.id))}>{lead.title}</a>
            </h2>
            <p className="article-meta">
              <time dateTime={lead.publishTime}>{formatDate(lead.publishTime)}</time>
            </p>
            <RichBody html={lead.bodyHtml} pictures={lead.pictures} />
          </article>
        ) : (
          <p className="empty">{t.emptyList}</p>
        )}
        {others.length > 0 && (
          <section aria-labelledby="section-more">
            <h2 id="section-more" className="subheading">
              {othersTitle ?? t.more}
            </h2>
            <ArticleCardGrid basePath={basePath} items={others} pathOf={detailPath} />
          </section>
        )}
        {children}
      </div>
    </>
  );
}
