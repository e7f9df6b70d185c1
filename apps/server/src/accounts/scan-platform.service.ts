/**
 * 登录方式's scan-login records (docs/decisions/060): one self-built app per platform (企业微信, 钉钉, 飞书), its view
 * without the secret, its checked update, and the platform clients made from it (shared/platforms/), which
 * sign-in and the directory job for leavers share (shared/platforms/scan-apps.ts).
 */
import {
  BusinessCode,
  messages,
  SCAN_PLATFORM_LABELS,
  SCAN_PLATFORMS,
  type ScanPlatform,
  type ScanPlatformView,
  scanLoginMessages,
  scanLoginRoutes,
} from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { scanPlatformApp } from '../db/schema';
import { type Actor, recordAudit } from '../shared/audit';
import { BusinessError } from '../shared/errors';
import { type ScanPlatformRow, scanAppComplete, scanReady } from '../shared/platforms/scan-apps';

export const readScanPlatform = async (db: Db, platform: ScanPlatform): Promise<ScanPlatformRow> => {
  const [row] = await db.select().from(scanPlatformApp).where(eq(scanPlatformApp.platform, platform));
  if (row) return row;
  await db.insert(scanPlatformApp).values({ platform }).onConflictDoNothing();
  const [created] = await db.select().from(scanPlatformApp).where(eq(scanPlatformApp.platform, platform));
  if (!created) throw new Error('scan platform record missing after insert');
  return created;
};

/** The platforms offered on the login page. */
export const readyScanPlatforms = async (db: Db) => {
  const rows = await db.select().from(scanPlatformApp);
  return SCAN_PLATFORMS.filter((p) => rows.some((r) => r.platform === p && scanReady(r)));
};

const viewOf = (row: ScanPlatformRow, callbackUrl: string): ScanPlatformView => ({
  platform: row.platform,
  enabled: row.enabled,
  corpId: row.corpId,
  agentId: row.agentId,
  appKey: row.appKey,
  secretSet: row.appSecret !== '',
  callbackUrl,
  version: row.version,
});

export const scanPlatformViews = async (db: Db, callbackUrl: (path: string) => string) => {
  const views: ScanPlatformView[] = [];
  for (const platform of SCAN_PLATFORMS)
    views.push(viewOf(await readScanPlatform(db, platform), callbackUrl(scanLoginRoutes(platform).callback)));
  return views;
};

export interface ScanPlatformInput {
  platform: ScanPlatform;
  enabled: boolean;
  corpId?: string | undefined;
  agentId?: string | undefined;
  appKey?: string | undefined;
  appSecret?: string | undefined;
  version: number;
}

export const updateScanPlatform = async (db: Db, actor: Actor, input: ScanPlatformInput) => {
  await readScanPlatform(db, input.platform);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(scanPlatformApp)
      .where(eq(scanPlatformApp.platform, input.platform))
      .for('update');
    if (!before || before.version !== input.version)
      throw new BusinessError(BusinessCode.CONFLICT, messages.staleVersion);
    const next = {
      platform: input.platform,
      enabled: input.enabled,
      corpId: input.corpId ?? '',
      agentId: input.agentId ?? '',
      appKey: input.appKey ?? '',
      // Blank keeps the stored secret: the form never receives it to send back.
      appSecret: input.appSecret ?? before.appSecret,
    };
    if (next.enabled && !scanAppComplete(next))
      throw new BusinessError(
        BusinessCode.BAD_REQUEST,
        scanLoginMessages.incomplete(SCAN_PLATFORM_LABELS[input.platform]),
      );
    await tx
      .update(scanPlatformApp)
      .set({ ...next, version: before.version + 1, updatedAt: new Date() })
      .where(eq(scanPlatformApp.platform, input.platform));
    const { appSecret: _secret, ...shown } = next;
    await recordAudit(tx, actor, {
      action: 'update',
      targetType: 'sign_in_settings',
      targetId: input.platform,
      detail: { after: { ...shown, secretChanged: input.appSecret !== undefined } },
    });
  });
};
