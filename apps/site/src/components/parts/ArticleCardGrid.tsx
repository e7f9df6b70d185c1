import type { ArticleListItem, WithPictures } from '@yuexun/contract';
import ArticleCard from './ArticleCard';

interface Props {
  basePath: string;
  items: (ArticleListItem & WithPictures)[];
  /** The detail address of an article in this place. */
  pathOf: (id: number) => string;
}

/** Articles as cards in a grid (home cases, a section's other articles, download notes). */
export default function ArticleCardGrid({ basePath, items, pathOf }: Props) {
  return (
    <div className="card-grid">
      {items.map((item) => (
        <ArticleCard
          key={item.id}
          basePath={basePath}
          item={item}
          path={pathOf(item.id)}
          headingLevel="h3"
          layout="card"
        />
      ))}
    </div>
  );
}
