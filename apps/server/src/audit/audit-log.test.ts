/** The audit log list: filters by person, kind and time range, refuses bad filters with a message. */
import { inquireAuditLogListAdmin, inquireAuditPersonListAdmin } from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSessions, adminSessions } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { account, auditLog } from '../db/schema';
import { siteMembershipOf } from '../shared/auth/session.service';

describe.each(drivers)('audit log filters on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  let adminId: number;
  let userId: number;
  beforeAll(async () => {
    server = await startServer(driver);
    s = await adminSessions(server);
    const db = server.app.db;
    const idOf = async (username: string) =>
      (await db.select({ id: account.id }).from(account).where(eq(account.username, username)))[0]?.id ?? 0;
    adminId = await idOf('admin');
    userId = await idOf('user');
    // The site's log is the vendor's (site-scoped actions act as the vendor membership).
    const tenantId = (await siteMembershipOf(db, adminId))?.tenantId ?? null;
    const row = (accountId: number, at: string, targetType: 'product' | 'lead', targetId: string) => ({
      accountId,
      tenantId,
      at: new Date(at),
      action: 'update',
      targetType,
      targetId,
      detail: { name: `审计筛选 ${targetId}` },
    });
    await db.insert(auditLog).values([
      // 2026-03-01 23:30 and 2026-03-02 00:30 in Beijing time: either side of midnight there.
      row(adminId, '2026-03-01T15:30:00Z', 'product', 'f1'),
      row(userId, '2026-03-01T16:30:00Z', 'product', 'f2'),
      row(userId, '2026-03-02T10:00:00Z', 'lead', 'f3'),
      row(adminId, '2026-03-03T01:00:00Z', 'lead', 'f4'),
    ]);
  });
  afterAll(() => server.close());

  /** The target ids of the rows a filter returns, limited to this test's rows (ids f1…f4). */
  const ids = async (filter: Record<string, unknown>) => {
    const { body } = await s.asAdmin(inquireAuditLogListAdmin, { pageSize: 100, ...filter });
    expect(body.success).toBe(true);
    return (body.datas as { targetId: string }[])
      .map((e) => e.targetId)
      .filter((id) => /^f\d$/.test(id))
      .sort();
  };

  it('filters by the person who made the change', async () => {
    expect(await ids({ accountId: userId })).toEqual(['f2', 'f3']);
    expect(await ids({ accountId: adminId })).toEqual(['f1', 'f4']);
  });

  it('filters by a Beijing day range given as instants (from inclusive, to exclusive)', async () => {
    // 2026-03-02 in Beijing: 2026-03-01T16:00Z up to 2026-03-02T16:00Z.
    const day = { from: '2026-03-02T00:00:00+08:00', to: '2026-03-03T00:00:00+08:00' };
    expect(await ids(day)).toEqual(['f2', 'f3']);
    expect(await ids({ from: '2026-03-01T16:30:00Z' })).toEqual(['f2', 'f3', 'f4']);
    expect(await ids({ to: '2026-03-01T16:30:00Z' })).toEqual(['f1']);
  });

  it('combines person, kind and range', async () => {
    expect(
      await ids({
        accountId: userId,
        targetType: 'lead',
        from: '2026-03-01T00:00:00Z',
        to: '2026-03-04T00:00:00Z',
      }),
    ).toEqual(['f3']);
    expect(
      await ids({ accountId: adminId, targetType: 'product', from: '2026-03-02T00:00:00+08:00' }),
    ).toEqual([]);
  });

  it('lists the people who appear in the log, once each, by name', async () => {
    const { body } = await s.asAdmin(inquireAuditPersonListAdmin, {});
    expect(body.success).toBe(true);
    const people = body.datas as { accountId: number; name: string }[];
    expect(people.map((p) => p.accountId).sort()).toEqual([adminId, userId].sort());
    expect(people.map((p) => p.name)).toEqual(['李晓梅', '王建国'].sort((a, b) => (a < b ? -1 : 1)));
    const refused = await s.asUser(inquireAuditPersonListAdmin, {});
    expect(refused.body.success).toBe(false);
  });

  it('refuses a malformed person or time with a Chinese message, never a 500', async () => {
    const person = await s.asAdmin(inquireAuditLogListAdmin, { accountId: 'abc' });
    expect(person.status).toBeLessThan(500);
    expect(person.body).toMatchObject({ success: false });
    expect(JSON.stringify(person.body)).toContain('操作人');
    const time = await s.asAdmin(inquireAuditLogListAdmin, { from: '2026-13-45' });
    expect(time.status).toBeLessThan(500);
    expect(JSON.stringify(time.body)).toContain('开始时间');
  });
});
