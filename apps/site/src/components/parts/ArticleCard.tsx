import type { ArticleListItem } from '@yuexun/contract';
import { formatDate } from '../../lib/format';
import { href } from '../../lib/href';
import Cover from './Cover';

interface Props {
  basePath: string;
  item: ArticleListItem;
  path: string;
  eager?: boolean;
  headingLevel?: 'h2' | 'h3';
}

export default function ArticleCard({ basePath, item, path, eager, headingLevel = 'h2' }: Props) {
  const Heading = headingLevel;
  return (
    <article className="article-card">
      <Cover fileUuid={item.coverFileUuid} label={item.title} eager={eager} />
      <div className="card-body">
        <Heading className="card-title">
          <a href={href(basePath, path)}>{item.title}</a>
        </Heading>
        <p className="card-summary">{item.summary}</p>
        <p className="card-meta">
          <time dateTime={item.publishTime}>{formatDate(item.publishTime)}</time>
          <span>{item.categoryName}</span>
        </p>
      </div>
    </article>
  );
}
