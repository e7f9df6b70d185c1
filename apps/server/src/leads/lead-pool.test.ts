/**
 * 公海 (issue 34 item 4, decision 058) through the real server: an idle lead returns to the pool by the scheduled
 * job and its owner is told; two salespeople claiming it at the same moment: exactly one wins; the daily limit;
 * the leaver service; admins' statistics.
 */
import {
  claimPoolLeadAdmin,
  inquireLeadPoolAdmin,
  inquireLeadPoolSettingsAdmin,
  inquireLeadPoolStatsAdmin,
  inquireLeadTimelineAdmin,
  LEAD_POOL_JOB_KIND,
  poolMessages,
  updateLeadAdmin,
  updateLeadPoolSettingsAdmin,
} from '@yuexun/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../../test/accounts';
import { type AdminSessions, only } from '../../test/admin';
import { startAlertEnv, submitLead } from '../../test/alert-env';
import { type Colleague, colleagueWithRole, vendorAdminSession } from '../../test/roles';
import { drivers, type TestServer } from '../../test/server';
import { until } from '../../test/until';
import { customerIntention, leadFollowUp, staffNotice } from '../db/schema';
import { outbox } from '../shared/outbox/outbox.table';
import { returnLeadsToPool } from './lead-pool.service';

const DAY_MS = 24 * 3600_000;

describe.each(drivers)('the public pool on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  let close: (() => Promise<void>) | undefined;
  let first: Colleague;
  let second: Colleague;
  /** Owns the leads that go back (the demo leads of 李晓梅 are old too, and go back with them). */
  let third: Colleague;

  beforeAll(async () => {
    ({ server, s, close } = await startAlertEnv(driver));
    const { sid } = await vendorAdminSession(server);
    first = await colleagueWithRole(server, sid, 'sales', '公海甲');
    second = await colleagueWithRole(server, sid, 'sales', '公海乙');
    third = await colleagueWithRole(server, sid, 'sales', '公海丙');
  });
  afterAll(() => close?.());

  const leadRow = async (id: number) =>
    (await server.app.db.select().from(customerIntention).where(eq(customerIntention.id, id)))[0];

  /** A lead owned by `ownerId`, its arrival and timeline moved `daysAgo` into the past. */
  const ownedLead = async (ownerId: number, schoolName: string, daysAgo = 0) => {
    const leadId = await submitLead(server, { contactName: '赵老师', schoolName, region: '江苏省南京市' });
    only(
      await s.asAdmin(updateLeadAdmin, {
        leadId,
        ownerAccountId: ownerId,
        version: (await leadRow(leadId))?.version,
      }),
    );
    if (daysAgo > 0) {
      const past = new Date(Date.now() - daysAgo * DAY_MS);
      await server.app.db
        .update(customerIntention)
        .set({ createdAt: past })
        .where(eq(customerIntention.id, leadId));
      await server.app.db
        .update(leadFollowUp)
        .set({ createdAt: past })
        .where(eq(leadFollowUp.leadId, leadId));
    }
    return leadId;
  };

  const runRecycleJob = async () => {
    const key = `every:${LEAD_POOL_JOB_KIND}`;
    const [before] = await server.app.db.select().from(outbox).where(eq(outbox.dedupeKey, key));
    await server.app.db.update(outbox).set({ dueAt: new Date() }).where(eq(outbox.dedupeKey, key));
    await until(
      async () => (await server.app.db.select().from(outbox).where(eq(outbox.dedupeKey, key)))[0],
      (row) => Boolean(row?.sentAt && row.sentAt.getTime() !== before?.sentAt?.getTime()),
      'the recycling job to run',
    );
  };

  it('returns a lead untouched past its days to the pool by the job, tells its owner, leaves a fresh one', async () => {
    const settings = only(await s.asAdmin(inquireLeadPoolSettingsAdmin));
    expect(settings.dailyClaimLimit).toBeGreaterThan(0);
    only(
      await s.asAdmin(updateLeadPoolSettingsAdmin, {
        salesDays: 20,
        agentDays: 30,
        dailyClaimLimit: 1,
        version: settings.version,
      }),
    );
    const idle = await ownedLead(third.accountId, '南京市公海小学', 21);
    const fresh = await ownedLead(third.accountId, '南京市新鲜小学', 19);
    await runRecycleJob();

    const pooled = await leadRow(idle);
    expect(pooled?.ownerAccountId).toBeNull();
    expect(pooled?.pooledAt).not.toBeNull();
    expect(pooled?.poolReason).toBe('idle');
    expect((await leadRow(fresh))?.ownerAccountId).toBe(third.accountId);

    const timeline = (await s.asAdmin(inquireLeadTimelineAdmin, { leadId: idle })).body.datas;
    expect(timeline[0]).toMatchObject({
      kind: 'pool',
      ownerName: '公海丙',
      accountId: null,
      note: '超期未跟进',
    });
    const notices = await server.app.db
      .select()
      .from(staffNotice)
      .where(and(eq(staffNotice.accountId, third.accountId), eq(staffNotice.kind, 'lead-pooled')));
    expect(notices.map((n) => n.body)).toEqual([poolMessages.noticeBody('南京市公海小学', 'idle', 20)]);
    const run = only(await s.asAdmin(inquireLeadPoolSettingsAdmin));
    expect(run.lastRunError).toBeNull();
    expect(run.lastRunReturned).toBeGreaterThanOrEqual(1);

    const pool = await callAs(server, inquireLeadPoolAdmin, first.sid, { pageSize: 50 });
    expect(pool.body.success, pool.text).toBe(true);
    const listed = pool.body.datas.find((l: { id: number }) => l.id === idle);
    expect(listed).toMatchObject({
      organisation: '南京市公海小学',
      previousOwnerName: '公海丙',
      reason: 'idle',
    });
    expect(listed.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
  });

  it('lets exactly one of two salespeople claiming at the same moment win, then holds the daily limit', async () => {
    const [leadId] = (
      await server.app.db
        .select({ id: customerIntention.id })
        .from(customerIntention)
        .where(eq(customerIntention.schoolName, '南京市公海小学'))
    ).map((r) => r.id);
    const answers = await Promise.all(
      [first, second].map((who) =>
        callAs(server, claimPoolLeadAdmin, who.sid, { leadId }, 'cookie', { json: true }),
      ),
    );
    const won = answers.filter((a) => a.body.success);
    const lost = answers.filter((a) => !a.body.success);
    expect(won).toHaveLength(1);
    expect(lost.map((a) => [a.body.errorCode, a.body.errorMessage])).toEqual([[409, poolMessages.notInPool]]);
    const winner = answers[0]?.body.success ? first : second;
    const loser = winner === first ? second : first;
    expect(won[0]?.body.datas[0]).toMatchObject({ id: leadId, claimedToday: 1, dailyClaimLimit: 1 });
    const row = await leadRow(leadId ?? 0);
    expect([row?.ownerAccountId, row?.pooledAt]).toEqual([winner.accountId, null]);
    const timeline = (await s.asAdmin(inquireLeadTimelineAdmin, { leadId })).body.datas;
    expect(timeline.filter((e: { kind: string }) => e.kind === 'claim')).toHaveLength(1);

    // The leaver service puts 公海丙's open leads back; the winner may not claim a second one today.
    const { returned, leadIds } = await returnLeadsToPool(server.app.db, {
      ownerId: third.accountId,
      reason: 'leaver',
      actor: null,
    });
    expect(returned).toBe(1);
    const next = leadIds[0];
    expect((await leadRow(next ?? 0))?.poolReason).toBe('leaver');
    const refused = await callAs(server, claimPoolLeadAdmin, winner.sid, { leadId: next }, 'cookie', {
      json: true,
    });
    expect([refused.body.errorCode, refused.body.errorMessage]).toEqual([400, poolMessages.dailyLimit(1)]);
    expect((await leadRow(next ?? 0))?.pooledAt).not.toBeNull();
    const claimed = await callAs(server, claimPoolLeadAdmin, loser.sid, { leadId: next }, 'cookie', {
      json: true,
    });
    expect(claimed.body.success, claimed.text).toBe(true);
  });

  it('shows admins the pool by age and where leads leak', async () => {
    const stats = only(await s.asAdmin(inquireLeadPoolStatsAdmin));
    expect(stats.byOwner.find((o: { label: string }) => o.label === '公海丙')?.count).toBe(2);
    expect(stats.byReason.map((r: { key: string }) => r.key)).toEqual(['idle', 'leaver', 'manual']);
    expect(stats.claimed30d).toBe(2);
    expect(stats.ages.reduce((n: number, a: { count: number }) => n + a.count, 0)).toBe(stats.inPool);
    const forbidden = await callAs(server, inquireLeadPoolStatsAdmin, first.sid);
    expect(forbidden.body.errorCode).toBe(403);
  });
});
