/**
 * 离职同步 (issue 36, decision 060): the record (on or off, who takes the leads, who set it up), its view, and one
 * run. A run reads the member list of each switched-on 企业微信 / 钉钉 app (shared/platforms/), and every account
 * linked to a member of that organisation who is no longer listed is disabled in each organisation it belongs
 * to, its sessions end, its open leads go back to the 公海 or to the chosen colleague, and the audit log says who
 * and why. A list
 * that cannot be read, or that is empty (a missing permission looks like that), disables nobody.
 */
import {
  BusinessCode,
  LEAVER_DIRECTORIES,
  type LeaverRunResult,
  type LeaverSyncView,
  leaverMessages,
  messages,
  SCAN_PLATFORM_LABELS,
  type ScanPlatform,
} from '@yuexun/contract';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  account,
  employee,
  externalIdentity,
  leaverSync,
  scanPlatformApp,
  session,
  tenant,
} from '../db/schema';
import { type Actor, recordAudit } from '../shared/audit';
import { BusinessError } from '../shared/errors';
import { PlatformError } from '../shared/platforms/platform-call';
import type { PlatformUrls } from '../shared/platforms/platform-env';
import { platformClients, scanReady } from '../shared/platforms/scan-apps';

const RECORD_ID = 1;

/** Hands a leaver's open leads over (leads/lead-handover.ts, passed in by app.ts: the import rule). */
export type HandOverLeads = (
  tx: Db,
  from: number,
  /** `accountId` null: back to the 公海. */
  to: { accountId: number | null; byAccountId: number },
) => Promise<number>;

const readRecord = async (db: Db) => {
  const [row] = await db.select().from(leaverSync).where(eq(leaverSync.id, RECORD_ID));
  if (row) return row;
  await db.insert(leaverSync).values({ id: RECORD_ID }).onConflictDoNothing();
  const [created] = await db.select().from(leaverSync).where(eq(leaverSync.id, RECORD_ID));
  if (!created) throw new Error('leaver sync record missing after insert');
  return created;
};

/** The directories a run reads: 企业微信 and 钉钉 where their scan login is switched on and complete. */
const directories = async (db: Db) => {
  const rows = await db
    .select()
    .from(scanPlatformApp)
    .where(inArray(scanPlatformApp.platform, [...LEAVER_DIRECTORIES]));
  return LEAVER_DIRECTORIES.flatMap((p) => rows.filter((r) => r.platform === p && scanReady(r)));
};

/** The vendor's active staff: who may take the leads. */
const vendorStaff = (db: Db) =>
  db
    .selectDistinct({ id: account.id, name: account.name, username: account.username })
    .from(employee)
    .innerJoin(tenant, eq(tenant.id, employee.tenantId))
    .innerJoin(account, eq(account.id, employee.accountId))
    .where(
      and(eq(tenant.kind, 'vendor'), eq(employee.status, 'active'), eq(employee.registerStatus, 'confirmed')),
    )
    .orderBy(asc(account.id));

export const leaverSyncViewOf = async (db: Db): Promise<LeaverSyncView> => {
  const row = await readRecord(db);
  return {
    enabled: row.enabled,
    handoverTo: row.handoverTo,
    directories: (await directories(db)).map((d) => d.platform),
    lastRun: row.lastRun,
    staff: await vendorStaff(db),
    version: row.version,
  };
};

export const updateLeaverSync = async (
  db: Db,
  actor: Actor,
  input: { enabled: boolean; handoverTo?: number | undefined; version: number },
) => {
  await readRecord(db);
  if (input.enabled && (await directories(db)).length === 0)
    throw new BusinessError(BusinessCode.BAD_REQUEST, leaverMessages.noDirectory);
  if (input.handoverTo && !(await vendorStaff(db)).some((s) => s.id === input.handoverTo))
    throw new BusinessError(BusinessCode.BAD_REQUEST, leaverMessages.handoverNotStaff);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(leaverSync).where(eq(leaverSync.id, RECORD_ID)).for('update');
    if (!before || before.version !== input.version)
      throw new BusinessError(BusinessCode.CONFLICT, messages.staleVersion);
    const next = { enabled: input.enabled, handoverTo: input.handoverTo ?? null };
    await tx
      .update(leaverSync)
      .set({ ...next, configuredBy: actor.accountId, version: before.version + 1, updatedAt: new Date() })
      .where(eq(leaverSync.id, RECORD_ID));
    await recordAudit(tx, actor, {
      action: 'update',
      targetType: 'sign_in_settings',
      targetId: 'leavers',
      detail: { after: next },
    });
  });
};

/** The platform's member ids, or the reason they could not be read (then nobody of it is disabled). */
const membersOf = async (db: Db, urls: PlatformUrls, row: typeof scanPlatformApp.$inferSelect) => {
  const clients = platformClients(db, urls, row);
  try {
    return row.platform === 'wecom'
      ? await clients.wecom().memberIds()
      : await clients.dingtalk().memberIds();
  } catch (error) {
    if (error instanceof PlatformError) return error.reason;
    throw error;
  }
};

interface Leaver {
  accountId: number;
  label: string;
  platform: ScanPlatform;
}

/** Disables one leaver everywhere, ends their sessions and hands their leads over, in one transaction. */
const disableLeaver = async (
  db: Db,
  leaver: Leaver,
  by: { accountId: number; handoverTo: number | null },
  handOver: HandOverLeads,
  problems: string[],
) =>
  db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: employee.id, tenantId: employee.tenantId, name: employee.name, access: employee.access })
      .from(employee)
      .where(and(eq(employee.accountId, leaver.accountId), eq(employee.status, 'active')));
    const done: typeof rows = [];
    for (const row of rows) {
      if (row.access === 'admin') {
        const [other] = await tx
          .select({ id: employee.id })
          .from(employee)
          .where(
            and(
              eq(employee.tenantId, row.tenantId),
              ne(employee.id, row.id),
              eq(employee.access, 'admin'),
              eq(employee.status, 'active'),
            ),
          )
          .limit(1);
        if (!other) {
          problems.push(leaverMessages.lastAdmin(row.name));
          continue;
        }
      }
      await tx.update(employee).set({ status: 'disabled' }).where(eq(employee.id, row.id));
      done.push(row);
    }
    if (done.length === 0) return { disabled: 0, leads: 0 };
    await tx.delete(session).where(eq(session.accountId, leaver.accountId));
    // The chosen colleague leaving too: their leads go to the 公海.
    const to = by.handoverTo === leaver.accountId ? null : by.handoverTo;
    const leads = await handOver(tx, leaver.accountId, { accountId: to, byAccountId: by.accountId });
    const [taker] = to
      ? await tx.select({ name: account.name }).from(account).where(eq(account.id, to))
      : [{ name: leaverMessages.pool }];
    for (const row of done)
      await recordAudit(
        tx,
        { accountId: by.accountId, tenantId: row.tenantId, ipHash: '' },
        {
          action: 'disable',
          targetType: 'employee',
          targetId: row.id,
          detail: {
            name: row.name,
            via: 'leaver-sync',
            reason: leaverMessages.reason(SCAN_PLATFORM_LABELS[leaver.platform], leaver.label),
            leads,
            leadsTo: taker?.name ?? null,
          },
        },
      );
    return { disabled: 1, leads };
  });

/** One run (the daily job, or 立即同步); null when the job is off. */
export const runLeaverSync = async (
  db: Db,
  urls: PlatformUrls,
  handOver: HandOverLeads,
): Promise<LeaverRunResult | null> => {
  const record = await readRecord(db);
  if (!record.enabled || !record.configuredBy) return null;
  const by = { accountId: record.configuredBy, handoverTo: record.handoverTo };
  const started = Date.now();
  const result: LeaverRunResult = {
    at: new Date().toISOString(),
    disabled: 0,
    leads: 0,
    problems: [],
    tookMs: 0,
  };
  for (const row of await directories(db)) {
    const label = SCAN_PLATFORM_LABELS[row.platform];
    const members = await membersOf(db, urls, row);
    if (typeof members === 'string') {
      result.problems.push(`${label}：${members}`);
      continue;
    }
    if (members.size === 0) {
      result.problems.push(leaverMessages.emptyDirectory(label));
      continue;
    }
    const linked = await db
      .select({
        accountId: externalIdentity.accountId,
        subject: externalIdentity.subject,
        label: externalIdentity.label,
      })
      .from(externalIdentity)
      .where(and(eq(externalIdentity.provider, row.platform), eq(externalIdentity.issuer, row.corpId)));
    for (const identity of linked.filter((i) => !members.has(i.subject))) {
      const done = await disableLeaver(
        db,
        { ...identity, platform: row.platform },
        by,
        handOver,
        result.problems,
      );
      result.disabled += done.disabled;
      result.leads += done.leads;
    }
  }
  result.tookMs = Date.now() - started;
  await db.update(leaverSync).set({ lastRun: result }).where(eq(leaverSync.id, RECORD_ID));
  return result;
};
