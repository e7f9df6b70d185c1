/** Products grouped by tag; the tag filter is a link per tag (?tagId=), so it works without JavaScript. */
import type { ProductListItem, TagWithProducts } from '@yuexun/contract';
import { formatYuan } from '../../lib/format';
import { href } from '../../lib/href';
import { t } from '../../lib/strings';
import Cover from '../parts/Cover';
import PageHero from '../parts/PageHero';
import Tabs from '../parts/Tabs';

interface Props {
  basePath: string;
  tags: TagWithProducts[];
  currentTagId: number | null;
}

const ProductCard = ({
  basePath,
  product,
  eager,
}: {
  basePath: string;
  product: ProductListItem;
  eager: boolean;
}) => {
  const link = href(basePath, `/priceShop/productDetail?productId=${product.id}`);
  return (
    <li className="product-card">
      <Cover fileUuid={product.coverFileUuid} label={product.name} eager={eager} />
      <div className="card-body">
        <h3>
          <a href={link}>{product.name}</a>
        </h3>
        <p>{product.summary}</p>
        <p className="tag-list">
          {product.tags.map((tag) => (
            <span key={tag.id} className="tag">
              {tag.name}
            </span>
          ))}
        </p>
        <p className="price">
          {formatYuan(product.priceFen)}
          <small> / {product.priceUnit}</small>
        </p>
      </div>
    </li>
  );
};

export default function PriceShopPage({ basePath, tags, currentTagId }: Props) {
  const shown = currentTagId ? tags.filter((g) => g.tagId === currentTagId) : tags;
  let index = 0;
  return (
    <>
      <PageHero
        title={t.priceShop}
        intro="公开透明的产品价格：按学校或按年订阅，区域整体采购与多校联合采购另有优惠，欢迎咨询。"
      />
      <div className="container section">
        <Tabs
          basePath={basePath}
          label="产品分类"
          currentId={currentTagId ?? 'all'}
          items={[
            { id: 'all', name: t.allTags, path: '/priceShop' },
            ...tags.map((g) => ({ id: g.tagId, name: g.tagName, path: `/priceShop?tagId=${g.tagId}` })),
          ]}
        />
        {shown.map((group) => (
          <section key={group.tagId} className="product-group" aria-labelledby={`tag-${group.tagId}`}>
            <h2 id={`tag-${group.tagId}`}>{group.tagName}</h2>
            {group.products.length === 0 ? (
              <p className="empty">{t.emptyList}</p>
            ) : (
              <ul className="product-grid">
                {group.products.map((p) => (
                  <ProductCard key={p.id} basePath={basePath} product={p} eager={index++ < 2} />
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </>
  );
}
