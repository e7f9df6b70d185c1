/** Products grouped by tag; the tag filter is a link per tag (?tagId=), so it works without JavaScript. */
import type { TagWithProducts as ApiTag, ProductListItem, WithPictures } from '@yuexun/contract';

type TagWithProducts = ApiTag & { products: (ProductListItem & WithPictures)[] };

import { sections, t } from '../../locales/zh-CN';
import PageHero from '../parts/PageHero';
import ProductCard from '../parts/ProductCard';
import Tabs from '../parts/Tabs';

interface Props {
  basePath: string;
  /** The section's name as the menu shows it. */
  title: string;
  tags: TagWithProducts[];
  currentTagId: number | null;
}

/** Every product once, in the order the tags list them: tags are filters, not copies. */
const everyProductOnce = (tags: TagWithProducts[]): TagWithProducts => {
  const seen = new Map<number, TagWithProducts['products'][number]>();
  for (const group of tags) for (const p of group.products) if (!seen.has(p.id)) seen.set(p.id, p);
  return { tagId: 0, tagName: sections.priceShop.allProducts, products: [...seen.values()] };
};

export default function PriceShopPage({ basePath, title, tags, currentTagId }: Props) {
  const shown = currentTagId ? tags.filter((g) => g.tagId === currentTagId) : [everyProductOnce(tags)];
  // Only the first card's picture is above the fold on a phone (the page's LCP element).
  const firstGroup = shown.find((g) => g.products.length > 0);
  return (
    <>
      <PageHero title={title} intro={sections.priceShop.intro} />
      <div className="container section">
        <Tabs
          basePath={basePath}
          label={sections.priceShop.tagsLabel}
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
                {group.products.map((p, i) => (
                  <ProductCard
                    key={p.id}
                    basePath={basePath}
                    product={p}
                    priority={group === firstGroup && i === 0}
                  />
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </>
  );
}
