/** Demonstration cases and news: category tabs, ten cards a page, page links. */
import type { ArticleListItem, PagingOutput } from '@yuexun/contract';
import { articlePath } from '../../lib/href';
import type { SiteCategory } from '../../lib/services';
import { t } from '../../lib/strings';
import ArticleCard from '../parts/ArticleCard';
import PageHero from '../parts/PageHero';
import Pagination from '../parts/Pagination';
import Tabs from '../parts/Tabs';

interface Props {
  basePath: string;
  section: { title: string; intro: string; route: string; kind: 'news' | 'case' };
  categories: SiteCategory[];
  current: SiteCategory;
  items: ArticleListItem[];
  paging: PagingOutput;
}

export default function ArticleListPage({ basePath, section, categories, current, items, paging }: Props) {
  return (
    <>
      <PageHero title={`${section.title} · ${current.name}`} intro={section.intro} />
      <div className="container section">
        <Tabs
          basePath={basePath}
          label={`${section.title}栏目`}
          currentId={current.id}
          items={categories.map((c) => ({ id: c.id, name: c.name, path: `${section.route}/${c.id}` }))}
        />
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
                eager={i < 2}
              />
            ))}
          </div>
        )}
        <Pagination
          basePath={basePath}
          path={`${section.route}/${current.id}`}
          page={paging.pageIndex}
          totalPages={paging.totalPageCount}
        />
      </div>
    </>
  );
}
