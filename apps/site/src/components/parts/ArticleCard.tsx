import type { ArticleListItem, WithPictures } from '@yuexun/contract';
import { formatDate } from '../../lib/format';
import { href } from '../../lib/href';
import Cover from './Cover';

interface Props {
  basePath: string;
  item: ArticleListItem & WithPictures;
  path: string;
  /** The first card of a list: its cover is the page's likely LCP picture. */
  priority?: boolean;
  headingLevel?: 'h2' | 'h3';
  /** A row of a list (thumbnail beside the text) or a card in a grid (picture on top from 576 px). */
  layout?: 'list' | 'card';
}

export default function ArticleCard({
  basePath,
  item,
  path,
  priority,
  headingLevel = 'h2',
  layout = 'list',
}: Props) {
  const Heading = headingLevel;
  // A card in a grid without a picture is a plain text card; a list row keeps its tile for alignment.
  const showCover = Boolean(item.coverFileUuid) || layout === 'list';
  return (
    <article className={`article-card${showCover ? '' : ' article-card-text'}`}>
      {showCover && (
        <Cover
          fileUuid={item.coverFileUuid}
          label={item.title}
          slot={layout}
          priority={priority}
          pictures={item.pictures}
        />
      )}
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
