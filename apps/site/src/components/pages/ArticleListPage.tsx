/** Demonstration cases and news: category tabs, ten cards a page, page links. */
import type { ArticleListItem, PagingOutput, SiteCategory, WithPictures } from '@yuexun/contract';
import { articlePath } from '../../lib/href';
import { t } from '../../locales/zh-CN';
import ArticleCard from '../parts/ArticleCard';
import PageHero from '../parts/PageHero';
import Pagination from '../parts/Pagination';
import Tabs from '../parts/Tabs';

interface Props {
  basePath: string;
  section: { title: string; intro: string; kind: 'news' | 'case' };
  /** The section's categories, each with its list's address. */
  tabs: { id: number; name: string; path: string }[];
  /** This category's list address (its pages add ?page=). */
  path: string;
  current: SiteCategory;
  items: (ArticleListItem & WithPictures)[];
  paging: PagingOutput;
}

export default function ArticleListPage({ basePath, section, tabs, path, current, items, paging }: Props) {
  return (
    <>
      <PageHero title={`${section.title} · ${current.name}`} intro={section.intro} />
      <div className="container section">
        <Tabs basePath={basePath} label={t.categoriesOf(section.title)} currentId={current.id} items={tabs} />
        {items.length === 0 ? (
          <p className="empty">{t.emptyList}</p>
        ) : (
          <div className="article-list">
            {items.map((item, i) => (
              <ArticleCard
                key={item.id}
                basePath={basePath}
                item={item}
                path={articlePath(section.kind, item.id)}
                priority={i === 0}
              />
            ))}
          </div>
        )}
        <Pagination
          basePath={basePath}
          path={path}
          page={paging.pageIndex}
          totalPages={paging.totalPageCount}
        />
      </div>
    </>
  );
}
