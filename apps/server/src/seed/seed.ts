/**
 * Demo content in Chinese, applied once per database: a seed_run row records it, and the whole
 * set goes in one transaction, so a restart (or a second instance) never duplicates it.
 */
import { SITE_ID } from '@yuexun/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { article, category, product, productTag, productToTag, site } from '../db/schema';
import { sanitizeRichText } from '../shared/rich-text';
import { caseArticles } from './content/cases';
import { categories } from './content/categories';
import { newsArticles } from './content/news';
import { products, productTags } from './content/products';
import { sectionArticles } from './content/sections';
import { seedOnce } from './seed-once';

export const DEMO_SEED = 'demo-content-v1';

const resetSequence = (db: Db, table: string) =>
  db.execute(
    sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`),
  );

/** Returns true when it seeded, false when the seed was already there. */
export const seedDemoContent = async (db: Db): Promise<boolean> =>
  seedOnce(db, DEMO_SEED, async (tx) => {
    await tx.insert(site).values({ id: SITE_ID, name: '悦讯智慧校园' }).onConflictDoNothing();
    await tx.insert(category).values(categories.map((c) => ({ ...c, siteId: SITE_ID })));
    await resetSequence(tx, 'category');

    const allArticles = [...newsArticles, ...caseArticles, ...sectionArticles];
    await tx.insert(article).values(
      allArticles.map(({ cover: _cover, publishTime, bodyHtml, status, ...a }) => ({
        ...a,
        siteId: SITE_ID,
        bodyHtml: sanitizeRichText(bodyHtml),
        publishTime: new Date(publishTime),
        status: status ?? 'published',
      })),
    );

    const tags = await tx
      .insert(productTag)
      .values(productTags.map((t) => ({ ...t, siteId: SITE_ID })))
      .returning({ id: productTag.id, name: productTag.name });
    const tagId = new Map(tags.map((t) => [t.name, t.id]));
    for (const { tags: names, detailHtml, status, ...p } of products) {
      const [row] = await tx
        .insert(product)
        .values({
          ...p,
          siteId: SITE_ID,
          detailHtml: sanitizeRichText(detailHtml),
          status: status ?? 'published',
        })
        .returning({ id: product.id });
      if (!row) throw new Error(`product ${p.name} not inserted`);
      const links = names.map((name) => {
        const id = tagId.get(name);
        if (!id) throw new Error(`product ${p.name} names unknown tag ${name}`);
        return { productId: row.id, tagId: id };
      });
      if (links.length) await tx.insert(productToTag).values(links);
    }
    return true;
  });
