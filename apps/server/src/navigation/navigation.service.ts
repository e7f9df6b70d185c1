/**
 * The site's top menu: one row per site once saved (the default menu until then), saved whole with a
 * version check and an audit line in one transaction; the site reads it through the public read cache.
 */
import {
  BusinessCode,
  completeNav,
  defaultNavItems,
  messages,
  type NavItem,
  SITE_ID,
  type SiteNavigation,
} from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { siteNavigation } from '../db/schema';
import { updateVersioned } from '../shared/admin/versioned';
import type { Actor } from '../shared/audit';
import { recordAudit } from '../shared/audit';
import { BusinessError } from '../shared/errors';

export const readNavigation = async (db: Db): Promise<SiteNavigation> => {
  const [row] = await db.select().from(siteNavigation).where(eq(siteNavigation.siteId, SITE_ID));
  if (!row) return { items: defaultNavItems(), version: 0, updatedAt: null };
  return { items: completeNav(row.items), version: row.version, updatedAt: row.updatedAt.toISOString() };
};

/** One line per entry for the audit log: "名称（隐藏）" or "名称 → https://…". */
const described = (items: readonly NavItem[]) =>
  items.map(
    (i) =>
      `${i.key === 'link' ? `${i.label} → ${i.url}` : `${i.key}:${i.label}`}${i.visible ? '' : '（隐藏）'}`,
  );

export const saveNavigation = async (
  db: Db,
  actor: Actor,
  version: number,
  items: NavItem[],
): Promise<SiteNavigation> => {
  if (version === 0) {
    // The first save creates the row; a concurrent first save makes this one stale.
    await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(siteNavigation)
        .values({ siteId: SITE_ID, items })
        .onConflictDoNothing()
        .returning({ siteId: siteNavigation.siteId });
      if (!created) throw new BusinessError(BusinessCode.CONFLICT, messages.staleVersion);
      await recordAudit(tx, actor, {
        action: 'create',
        targetType: 'site_navigation',
        targetId: SITE_ID,
        detail: { items: [described(defaultNavItems()), described(items)] },
      });
    });
    return readNavigation(db);
  }
  await updateVersioned(db, actor, {
    table: siteNavigation,
    key: siteNavigation.siteId,
    id: SITE_ID,
    version,
    missing: { message: messages.staleVersion },
    targetType: 'site_navigation',
    change: (before) => ({
      set: { items },
      detail: { items: [described(completeNav(before.items)), described(items)] },
    }),
  });
  return readNavigation(db);
};
