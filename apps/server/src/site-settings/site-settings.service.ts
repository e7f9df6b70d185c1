/**
 * The site settings record: created once at start-up (demo values or blanks, the filing number from
 * ICP_NUMBER), read by the site through the public read cache, saved whole by the console with a
 * version check, an audit line and a revision row in one transaction.
 */
import {
  messages,
  type PagingInput,
  SITE_ID,
  SITE_SETTINGS_SECRETS,
  type SiteSettings,
  type SiteSettingsField,
  type SiteSettingsRevision,
  type SiteSettingsValues,
  siteSettingsFields,
} from '@yuexun/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, site, siteSettings, siteSettingsRevision } from '../db/schema';
import { updateVersioned } from '../shared/admin/versioned';
import { type Actor, changedFields } from '../shared/audit';
import { pageOf, rowCount } from '../shared/paging';
import { checkSitePictures } from '../shared/site-pictures';

const FIELDS = Object.keys(siteSettingsFields.shape) as SiteSettingsField[];

/** Stored JSON → every field present as a string (a field added later reads as blank). */
const complete = (stored: Record<string, string>): SiteSettingsValues =>
  Object.fromEntries(
    FIELDS.map((k) => [k, typeof stored[k] === 'string' ? stored[k] : '']),
  ) as SiteSettingsValues;

/** Every field empty: what a vendor starts from without demo content. */
export const blankSiteSettings = Object.fromEntries(
  Object.keys(siteSettingsFields.shape).map((k) => [k, '']),
) as SiteSettingsValues;

/**
 * Creates the site and its settings record on first start from `initial` (the demo identity, or blank); later
 * starts leave them (and ICP_NUMBER) alone. The site row comes first on every install, demo or not: articles,
 * products, leads and forms all belong to it.
 */
export const ensureSiteSettings = async (
  db: Db,
  options: { initial: SiteSettingsValues | null; icpNumber: string | null },
) => {
  const base = options.initial ?? blankSiteSettings;
  const values = { ...base, icpNumber: options.icpNumber ?? base.icpNumber };
  await db.transaction(async (tx) => {
    await tx
      .insert(site)
      .values({ id: SITE_ID, name: values.companyName || values.shortName || String(SITE_ID) })
      .onConflictDoNothing();
    const [created] = await tx
      .insert(siteSettings)
      .values({ siteId: SITE_ID, values })
      .onConflictDoNothing()
      .returning({ version: siteSettings.version });
    if (created)
      await tx.insert(siteSettingsRevision).values({ siteId: SITE_ID, version: created.version, values });
  });
};

export const readSiteSettings = async (db: Db): Promise<SiteSettings> => {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.siteId, SITE_ID));
  if (!row) return { ...blankSiteSettings, version: 0, updatedAt: new Date(0).toISOString() };
  return { ...complete(row.values), version: row.version, updatedAt: row.updatedAt.toISOString() };
};

const PICTURE_FIELDS = [
  'logoLightFileUuid',
  'logoDarkFileUuid',
  'faviconFileUuid',
  'wechatQrFileUuid',
] as const satisfies SiteSettingsField[];

/** Logos, favicon and QR code: stored images small enough for every page to carry. */
const checkPictures = (tx: Db, values: SiteSettingsValues) =>
  checkSitePictures(tx, Object.fromEntries(PICTURE_FIELDS.map((f) => [f, values[f]])));

/** The audit line names changed fields; secrets are logged as changed, never copied. */
const auditedChanges = (before: SiteSettingsValues, after: SiteSettingsValues) => {
  const changes = changedFields(before, after);
  for (const secret of SITE_SETTINGS_SECRETS) if (secret in changes) changes[secret] = 'changed';
  return changes;
};

export const updateSiteSettings = async (
  db: Db,
  actor: Actor,
  version: number,
  values: SiteSettingsValues,
): Promise<SiteSettings> => {
  await updateVersioned(db, actor, {
    table: siteSettings,
    key: siteSettings.siteId,
    id: SITE_ID,
    version,
    missing: { message: messages.staleVersion },
    targetType: 'site_settings',
    change: async (before, tx) => {
      await checkPictures(tx, values);
      return {
        set: { values },
        detail: { name: values.companyName, changes: auditedChanges(complete(before.values), values) },
      };
    },
    after: async (tx, updated) => {
      await tx
        .insert(siteSettingsRevision)
        .values({ siteId: SITE_ID, version: updated.version, values, accountId: actor.accountId });
    },
  });
  return readSiteSettings(db);
};

export const listSiteSettingsRevisions = async (db: Db, criteria: PagingInput) => {
  const where = eq(siteSettingsRevision.siteId, SITE_ID);
  const { items: rows, paging } = await pageOf(
    criteria,
    db
      .select({
        version: siteSettingsRevision.version,
        at: siteSettingsRevision.at,
        accountName: account.name,
        values: siteSettingsRevision.values,
      })
      .from(siteSettingsRevision)
      .leftJoin(account, eq(account.id, siteSettingsRevision.accountId))
      .where(and(where))
      .orderBy(desc(siteSettingsRevision.version))
      .$dynamic(),
    db.select(rowCount).from(siteSettingsRevision).where(where),
  );
  const items: SiteSettingsRevision[] = rows.map((r) => {
    const values: Record<string, string> = complete(r.values);
    for (const secret of SITE_SETTINGS_SECRETS) if (values[secret]) values[secret] = '******';
    return { version: r.version, at: r.at.toISOString(), accountName: r.accountName, values };
  });
  return { items, paging };
};
