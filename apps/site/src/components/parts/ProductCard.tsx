/** A product in a grid: picture (price shop), name, summary, tags and yearly price in yuan. */
import type { ProductListItem, WithPictures } from '@yuexun/contract';
import { formatYuan } from '../../lib/format';
import { href, productPath } from '../../lib/href';
import Cover from './Cover';

interface Props {
  basePath: string;
  product: ProductListItem & WithPictures;
  /** Show the cover picture (the home page lists products without them). */
  withCover?: boolean;
  /** The first card of the page: its picture is the likely LCP element. */
  priority?: boolean;
}

export default function ProductCard({ basePath, product, withCover = true, priority = false }: Props) {
  return (
    <li className={withCover ? 'product-card product-card-covered' : 'product-card'}>
      {withCover && (
        <Cover
          fileUuid={product.coverFileUuid}
          label={product.name}
          slot="card"
          priority={priority}
          pictures={product.pictures}
        />
      )}
      <div className="card-body">
        <h3>
          <a href={href(basePath, productPath(product.id))}>{product.name}</a>
        </h3>
        <p className="card-summary">{product.summary}</p>
        {withCover && product.tags.length > 0 && (
          <p className="tag-list">
            {product.tags.map((tag) => (
              <span key={tag.id} className="tag">
                {tag.name}
              </span>
            ))}
          </p>
        )}
        <p className="price">
          {formatYuan(product.priceFen)}
          <small> / {product.priceUnit}</small>
        </p>
      </div>
    </li>
  );
}
