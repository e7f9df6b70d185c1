/** The console's rule table through the real server on both drivers: list, sort, filter, create, update, delete. */
import { createRule, deleteRule, inquireRuleList, updateRule } from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, sessionOf } from '../../test/accounts';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';

describe.each(drivers)('rule actions on %s', (driver) => {
  let server: TestServer;
  let sid: string;
  beforeAll(async () => {
    server = await startServer(driver);
    sid = await sessionOf(server, 'user');
  });
  afterAll(() => server.close());

  const valid = {
    name: '考勤同步测试',
    description: '每日同步考勤数据',
    startTime: '2026-11-23T08:00:00.000Z',
  };

  it('lists the 30 demo rules paged, newest update first by default', async () => {
    const { body } = await callAs(server, inquireRuleList, sid, { pageIndex: 1, pageSize: 10 });
    expect(body).toMatchObject({ success: true, pageIndex: 1, pageSize: 10 });
    expect(body.totalRecordCount).toBeGreaterThanOrEqual(30);
    expect(body.datas).toHaveLength(10);
    const times = body.datas.map((r: { updatedAt: string }) => r.updatedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('sorts by call count and filters by name and status', async () => {
    const asc = await callAs(server, inquireRuleList, sid, {
      sortField: 'callNo',
      sortOrder: 'ascend',
      pageSize: 30,
    });
    const calls = asc.body.datas.map((r: { callNo: number }) => r.callNo);
    expect(calls).toEqual([...calls].sort((a, b) => a - b));
    const byName = await callAs(server, inquireRuleList, sid, { name: '考勤' });
    expect(byName.body.datas.length).toBeGreaterThan(0);
    for (const r of byName.body.datas) expect(r.name).toContain('考勤');
    const byStatus = await callAs(server, inquireRuleList, sid, { status: 'online,abnormal', pageSize: 50 });
    expect(byStatus.body.datas.length).toBeGreaterThan(0);
    for (const r of byStatus.body.datas) expect(['online', 'abnormal']).toContain(r.status);
  });

  it('creates a rule closed by default, once per request key, and updates it', async () => {
    const first = await callAs(server, createRule, sid, { ...valid, requestKey: 'rule-key-0001' });
    expect(first.body).toMatchObject({ success: true });
    expect(first.body.datas[0]).toMatchObject({
      name: valid.name,
      status: 'closed',
      startTime: valid.startTime,
    });
    const again = await callAs(server, createRule, sid, { ...valid, requestKey: 'rule-key-0001' });
    expect(again.body.datas[0].key).toBe(first.body.datas[0].key);
    const listed = await callAs(server, inquireRuleList, sid, { name: valid.name });
    expect(listed.body.totalRecordCount).toBe(1);

    const key = first.body.datas[0].key;
    const updated = await callAs(server, updateRule, sid, {
      ...valid,
      key,
      name: '考勤同步（改）',
      status: 'running',
    });
    expect(updated.body.datas[0]).toMatchObject({ key, name: '考勤同步（改）', status: 'running' });
  });

  it('deletes several rules at once and reports how many', async () => {
    const a = await callAs(server, createRule, sid, { ...valid, name: '待删除一' });
    const b = await callAs(server, createRule, sid, { ...valid, name: '待删除二' });
    const res = await callAs(server, deleteRule, sid, { key: [a.body.datas[0].key, b.body.datas[0].key] });
    expect(res.body).toMatchObject({ success: true, datas: [{ deleted: 2 }] });
  });

  it('refuses bad input with field messages in Chinese and changes nothing', async () => {
    const before = await dataFingerprint(server.app);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid, name: '' }, 'name', '请输入规则名称'],
      [{ ...valid, description: '四个字啊' }, 'description', '描述至少 5 个字'],
      [{ ...valid, startTime: '' }, 'startTime', '请输入开始时间'],
      [{ ...valid, startTime: 'tomorrow' }, 'startTime', '开始时间格式不正确'],
      [{ ...valid, status: 'deleted' }, 'status', '状态的取值不在可选范围内'],
    ];
    for (const [input, field, text] of cases) {
      const { status, body } = await callAs(server, createRule, sid, input);
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: false, errorCode: 400 });
      expect(body.errors).toEqual(expect.arrayContaining([{ field, message: text }]));
    }
    const missing = await callAs(server, updateRule, sid, { ...valid, key: 999999 });
    expect(missing.body).toMatchObject({ success: false, errorCode: 404 });
    const none = await callAs(server, deleteRule, sid, {});
    expect(none.body).toMatchObject({ success: false, errorCode: 400 });
    const bad = await callAs(server, inquireRuleList, sid, { sortField: 'password', pageSize: 1000 });
    expect(bad.body).toMatchObject({ success: false, errorCode: 400 });
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it("keeps each school's rules to its own staff: another school's admin cannot list, change or delete them", async () => {
    const other = await sessionOf(server, 'qingxi');
    const ours = (await callAs(server, inquireRuleList, sid, { pageSize: 1 })).body.datas[0];
    const theirs = await callAs(server, inquireRuleList, other, { pageSize: 100 });
    expect(theirs.body).toMatchObject({ success: true, totalRecordCount: 0, datas: [] });

    const before = await dataFingerprint(server.app);
    const update = await callAs(server, updateRule, other, { key: ours.key, ...valid, name: '越权修改' });
    expect(update.body).toMatchObject({ success: false, errorCode: 404 });
    const removed = await callAs(server, deleteRule, other, { key: [ours.key] });
    expect(removed.body.datas).toEqual([{ deleted: 0 }]);
    expect(await dataFingerprint(server.app)).toEqual(before);

    // Its own rule is its own: the first school's staff never see it.
    const made = await callAs(server, createRule, other, { ...valid, name: '青溪专属规则' });
    expect(made.body.success).toBe(true);
    const listed = await callAs(server, inquireRuleList, other, { pageSize: 100 });
    expect(listed.body.datas.map((r: { name: string }) => r.name)).toEqual(['青溪专属规则']);
    const mine = await callAs(server, inquireRuleList, sid, { name: '青溪专属规则' });
    expect(mine.body).toMatchObject({ success: true, totalRecordCount: 0 });
    const touch = await callAs(server, deleteRule, sid, { key: [made.body.datas[0].key] });
    expect(touch.body.datas).toEqual([{ deleted: 0 }]);
  });

  it('needs a session', async () => {
    const res = await server.post('/store/api/v1.0/inquireRuleList.json', { siteId: 75 });
    expect(res.body).toMatchObject({ success: false, errorCode: 401 });
  });
});
