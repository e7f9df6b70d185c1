/** 公海设置 (decision 058): days per lead kind before an idle lead returns, the daily claim limit, the job's last run. */
import {
  BusinessCode,
  defaultPoolDays,
  LEAD_CLAIM_LIMIT_DEFAULT,
  LEAD_KINDS,
  type LeadKind,
  type LeadPoolSettings,
  messages,
  SITE_ID,
} from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { leadPoolSettings } from '../db/schema';
import { type Actor, changedFields, recordAudit } from '../shared/audit';
import { BusinessError } from '../shared/errors';

type SettingsRow = typeof leadPoolSettings.$inferSelect;

const DEFAULTS: SettingsRow = {
  siteId: SITE_ID,
  days: defaultPoolDays(),
  dailyClaimLimit: LEAD_CLAIM_LIMIT_DEFAULT,
  lastRunAt: null,
  lastRunMs: null,
  lastRunReturned: null,
  lastRunError: null,
  version: 1,
  updatedAt: new Date(0),
};

const daysOf = (row: SettingsRow): Record<LeadKind, number> => {
  const days = defaultPoolDays();
  for (const kind of LEAD_KINDS) {
    const value = row.days[kind];
    if (typeof value === 'number' && value > 0) days[kind] = value;
  }
  return days;
};

export const readPoolSettings = async (db: Db) => {
  const row =
    (await db.select().from(leadPoolSettings).where(eq(leadPoolSettings.siteId, SITE_ID)))[0] ?? DEFAULTS;
  return { ...row, days: daysOf(row) };
};

export const poolSettingsView = async (db: Db): Promise<LeadPoolSettings> => {
  const s = await readPoolSettings(db);
  return {
    days: s.days,
    dailyClaimLimit: s.dailyClaimLimit,
    lastRunAt: s.lastRunAt?.toISOString() ?? null,
    lastRunMs: s.lastRunMs,
    lastRunReturned: s.lastRunReturned,
    lastRunError: s.lastRunError,
    version: s.version,
  };
};

export interface PoolSettingsInput {
  salesDays: number;
  agentDays: number;
  dailyClaimLimit: number;
  version: number;
}

export const updatePoolSettings = async (db: Db, actor: Actor, input: PoolSettingsInput) => {
  await db
    .insert(leadPoolSettings)
    .values({ siteId: SITE_ID, days: defaultPoolDays() })
    .onConflictDoNothing();
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(leadPoolSettings)
      .where(eq(leadPoolSettings.siteId, SITE_ID))
      .for('update');
    if (!before || before.version !== input.version)
      throw new BusinessError(BusinessCode.CONFLICT, messages.staleVersion);
    const next = {
      days: { sales: input.salesDays, agent: input.agentDays },
      dailyClaimLimit: input.dailyClaimLimit,
    };
    await tx
      .update(leadPoolSettings)
      .set({ ...next, version: before.version + 1, updatedAt: new Date() })
      .where(eq(leadPoolSettings.siteId, SITE_ID));
    await recordAudit(tx, actor, {
      action: 'update',
      targetType: 'lead_pool_settings',
      targetId: SITE_ID,
      detail: {
        changes: changedFields({ days: daysOf(before), dailyClaimLimit: before.dailyClaimLimit }, next),
      },
    });
  });
  return poolSettingsView(db);
};

/** The recycling job's last run, shown with the settings (its success time is also in /metrics). */
export const recordPoolRun = async (
  db: Db,
  run: { at: Date; ms: number; returned: number | null; error: string | null },
) => {
  await db
    .insert(leadPoolSettings)
    .values({ siteId: SITE_ID, days: defaultPoolDays() })
    .onConflictDoNothing();
  await db
    .update(leadPoolSettings)
    .set({ lastRunAt: run.at, lastRunMs: run.ms, lastRunReturned: run.returned, lastRunError: run.error })
    .where(eq(leadPoolSettings.siteId, SITE_ID));
};
