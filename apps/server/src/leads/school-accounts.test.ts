/**
 * 客户 (issue 34 item 3, decision 058) through the real server: leads of one school group under one account
 * whatever the phone or the spelling; a later lead goes to the school's owner; merging two leads or two schools and
 * undoing it leaves the timelines as they were; refusals in Chinese.
 */
import {
  accountMessages,
  addLeadFollowUpAdmin,
  inquireLeadListAdmin,
  inquireLeadTimelineAdmin,
  inquireSchoolAccountAdmin,
  inquireSchoolAccountListAdmin,
  mergeLeadsAdmin,
  mergeSchoolAccountsAdmin,
  setLeadSchoolAccountAdmin,
  undoLeadMergeAdmin,
  updateLeadAdmin,
} from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, freshPhone } from '../../test/accounts';
import { type AdminSessions, adminSessions, only } from '../../test/admin';
import { submitLead } from '../../test/alert-env';
import { colleagueWithRole, giveVendorRole, vendorAdminSession } from '../../test/roles';
import { drivers, startServer, type TestServer } from '../../test/server';
import { account, customerIntention, site } from '../db/schema';

describe.each(drivers)('schools as accounts on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  let liId: number;
  const school: number[] = [];

  beforeAll(async () => {
    server = await startServer(driver);
    s = await adminSessions(server);
    await giveVendorRole(server, '李晓梅', 'sales');
    const [li] = await server.app.db
      .select({ id: account.id })
      .from(account)
      .where(eq(account.username, 'user'));
    liId = li?.id ?? 0;
  });
  afterAll(() => server.close());

  const leadRow = async (id: number) =>
    (await server.app.db.select().from(customerIntention).where(eq(customerIntention.id, id)))[0];
  const timelineOf = async (leadId: number) =>
    (await s.asAdmin(inquireLeadTimelineAdmin, { leadId })).body.datas as Record<string, unknown>[];
  const followUp = async (leadId: number, note: string) =>
    only(
      await s.asAdmin(addLeadFollowUpAdmin, {
        leadId,
        kind: 'call',
        note,
        version: (await leadRow(leadId))?.version,
      }),
    );

  it('groups three leads of one school from different phones under one 客户, the later ones to its owner', async () => {
    school.push(
      await submitLead(server, {
        contactName: '陈校长',
        schoolName: '南京市第一中学',
        region: '江苏省南京市',
      }),
    );
    only(
      await s.asAdmin(updateLeadAdmin, {
        leadId: school[0],
        ownerAccountId: liId,
        version: (await leadRow(school[0] ?? 0))?.version,
      }),
    );
    school.push(
      await submitLead(server, { contactName: '王主任', schoolName: '南京市 第一中学', region: '江苏 南京' }),
      await submitLead(server, {
        contactName: '刘老师',
        schoolName: '南京市第一中学。',
        region: '江苏南京市',
        phone: freshPhone(),
      }),
    );
    const rows = await Promise.all(school.map(leadRow));
    const accountId = rows[0]?.schoolAccountId;
    expect(accountId).toEqual(expect.any(Number));
    expect(rows.map((r) => r?.schoolAccountId)).toEqual([accountId, accountId, accountId]);
    expect(rows.map((r) => r?.ownerAccountId)).toEqual([liId, liId, liId]);
    expect((await timelineOf(school[1] ?? 0))[0]).toMatchObject({
      kind: 'assign',
      ruleName: '同一客户',
      ownerName: '李晓梅',
    });

    const list = await s.asAdmin(inquireSchoolAccountListAdmin, { keyword: '第一中学' });
    expect(list.body.datas).toHaveLength(1);
    expect(list.body.datas[0]).toMatchObject({
      id: accountId,
      name: '南京市第一中学',
      leadCount: 3,
      owners: ['李晓梅'],
    });
    const detail = only(await s.asAdmin(inquireSchoolAccountAdmin, { schoolAccountId: accountId }));
    expect(detail.leads).toHaveLength(3);
    expect(detail.contacts.map((c: { name: string }) => c.name).sort()).toEqual(
      ['刘老师', '王主任', '陈校长'].sort(),
    );
    expect(detail.account.latestStatus).toBe('new');

    // A salesperson limited to their own leads sees only schools with a lead of theirs.
    const other = await colleagueWithRole(
      server,
      (await vendorAdminSession(server)).sid,
      'sales',
      '另一销售',
    );
    const theirs = await callAs(server, inquireSchoolAccountListAdmin, other.sid, {});
    expect(theirs.body.datas).toEqual([]);
    const hidden = await callAs(server, inquireSchoolAccountAdmin, other.sid, { schoolAccountId: accountId });
    expect(hidden.body.errorCode).toBe(404);
  });

  it('merges two leads and undoes it, leaving both timelines identical; refuses itself, twice and another organisation', async () => {
    const [, target, source] = school as [number, number, number];
    await followUp(target, '电话介绍智慧校园方案');
    await followUp(source, '微信发了报价单');
    const before = [await timelineOf(target), await timelineOf(source)];

    const self = await s.asAdmin(mergeLeadsAdmin, { sourceLeadId: target, targetLeadId: target });
    expect([self.body.errorCode, self.body.errorMessage]).toEqual([400, accountMessages.mergeSelf]);
    const merge = only(await s.asAdmin(mergeLeadsAdmin, { sourceLeadId: source, targetLeadId: target }));
    expect(merge).toMatchObject({
      kind: 'lead',
      sourceId: source,
      targetId: target,
      byName: '王建国',
      undoneAt: null,
    });
    const merged = await timelineOf(target);
    expect(merged[0]).toMatchObject({ kind: 'merge' });
    expect(merged.map((e) => e.note)).toContain('微信发了报价单');
    expect(await timelineOf(source)).toEqual([]);
    const listed = (await s.asAdmin(inquireLeadListAdmin, { pageSize: 100 })).body.datas.map(
      (l: { id: number }) => l.id,
    );
    expect(listed).not.toContain(source);
    const twice = await s.asAdmin(mergeLeadsAdmin, { sourceLeadId: source, targetLeadId: school[0] });
    expect([twice.body.errorCode, twice.body.errorMessage]).toEqual([400, accountMessages.mergeTwice]);

    only(await s.asAdmin(undoLeadMergeAdmin, { mergeId: merge.id }));
    expect([await timelineOf(target), await timelineOf(source)]).toEqual(before);
    const again = await s.asAdmin(undoLeadMergeAdmin, { mergeId: merge.id });
    expect([again.body.errorCode, again.body.errorMessage]).toEqual([400, accountMessages.undoTwice]);

    // A lead of another organisation (another site on the same database) is refused by name.
    await server.app.db.insert(site).values({ id: 76, name: '另一站点' }).onConflictDoNothing();
    const [foreign] = await server.app.db
      .insert(customerIntention)
      .values({
        siteId: 76,
        contactName: '外单位',
        phone: freshPhone(),
        schoolName: '外校',
        region: '外地',
        role: '',
      })
      .returning({ id: customerIntention.id });
    const across = await s.asAdmin(mergeLeadsAdmin, { sourceLeadId: foreign?.id, targetLeadId: target });
    expect([across.body.errorCode, across.body.errorMessage]).toEqual([
      400,
      accountMessages.mergeOtherOrganisation,
    ]);
  });

  it('merges two schools and undoes it; staff confirm or change a lead’s school', async () => {
    const lone = await submitLead(server, {
      contactName: '孙老师',
      schoolName: '南京一中',
      region: '江苏省南京市',
    });
    const loneAccount = (await leadRow(lone))?.schoolAccountId;
    const mainAccount = (await leadRow(school[0] ?? 0))?.schoolAccountId;
    expect(loneAccount).not.toBe(mainAccount);
    const before = await timelineOf(lone);

    const merge = only(
      await s.asAdmin(mergeSchoolAccountsAdmin, {
        sourceAccountId: loneAccount,
        targetAccountId: mainAccount,
      }),
    );
    expect((await leadRow(lone))?.schoolAccountId).toBe(mainAccount);
    const detail = only(await s.asAdmin(inquireSchoolAccountAdmin, { schoolAccountId: mainAccount }));
    expect(detail.leads).toHaveLength(4);
    expect(detail.merges[0]).toMatchObject({ id: merge.id, kind: 'school' });
    const gone = await s.asAdmin(inquireSchoolAccountAdmin, { schoolAccountId: loneAccount });
    expect([gone.body.errorCode, gone.body.errorMessage]).toEqual([404, accountMessages.notFound]);
    // A new lead with the merged school's name joins the school it was merged into.
    const later = await submitLead(server, {
      contactName: '周老师',
      schoolName: '南京 一中',
      region: '江苏南京',
    });
    expect((await leadRow(later))?.schoolAccountId).toBe(mainAccount);
    only(
      await s.asAdmin(setLeadSchoolAccountAdmin, {
        leadId: later,
        schoolName: '南京一中',
        region: '江苏省南京市',
      }),
    );

    only(await s.asAdmin(undoLeadMergeAdmin, { mergeId: merge.id }));
    expect((await leadRow(lone))?.schoolAccountId).toBe(loneAccount);
    expect(await timelineOf(lone)).toEqual(before);

    // Confirming keeps the school and marks the match confirmed, on the timeline.
    only(await s.asAdmin(setLeadSchoolAccountAdmin, { leadId: lone, schoolAccountId: loneAccount }));
    expect((await leadRow(lone))?.accountConfirmed).toBe(true);
    expect((await timelineOf(lone))[0]).toMatchObject({
      kind: 'account',
      note: '确认客户：南京一中（江苏省南京市）',
    });
  });
});
