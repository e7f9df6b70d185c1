/**
 * 线索评分 (issue 33 item 3, decision 057) through the real server on both drivers: rules refused with their
 * Chinese reason (never a 500); a lead scored on arrival from its answers and the pages of its visit, with each
 * rule that added points; the list sorted and filtered by score; every lead rescored when the rules change and
 * a lead rescored when a return visit joins it.
 */
import { randomBytes } from 'node:crypto';
import {
  type AdminLead,
  actionPath,
  createCustomerIntentionSALEPPublic,
  inquireLeadListAdmin,
  inquireLeadScoreRulesAdmin,
  type LeadScoreRules,
  leadCsvExport,
  SITE_ID,
  STATS_BEACON_PATH,
  updateLeadScoreRulesAdmin,
} from '@yuexun/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPhone } from '../../test/accounts';
import { type AdminSessions, adminSessions, only } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { article } from '../db/schema';

const SALES = actionPath(createCustomerIntentionSALEPPublic);
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 score';
const newId = () => randomBytes(16).toString('hex');

const RULES: LeadScoreRules = {
  fit: [
    { key: 'schoolType', match: 'is', value: '九年一贯制/完全中学', points: 20 },
    { key: 'region', match: 'contains', value: '浙江', points: 15 },
    { key: 'role', match: 'contains', value: '主任', points: 10 },
    { key: 'region', match: 'contains', value: '西藏', points: -5 },
  ],
  behaviour: [
    { behaviour: 'price', points: 5, cap: 8 },
    { behaviour: 'case', points: 10, cap: 30 },
    { behaviour: 'returnVisit', points: 6, cap: 20 },
  ],
};

describe.each(drivers)('lead score on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  let casePath = '';
  beforeAll(async () => {
    server = await startServer(driver, { leadLimitPerHour: 1000 });
    s = await adminSessions(server);
    const [found] = await server.app.db
      .select({ id: article.id })
      .from(article)
      .where(and(eq(article.categoryId, 1351), eq(article.status, 'published')))
      .limit(1);
    casePath = `/demonstrationCase/detail/${found?.id}`;
  });
  afterAll(() => server.close());

  const who = { ua: UA, v: newId(), b: newId() };
  const view = async (visit: typeof who, path: string) => {
    await (await fetch(`${server.url}${path}`, { headers: { 'user-agent': visit.ua } })).text();
    await fetch(`${server.url}${STATS_BEACON_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': visit.ua },
      body: JSON.stringify({ p: path, r: '', w: 375, v: visit.v, b: visit.b, t: path }),
    });
  };
  const send = async (visit: typeof who | null, fields: Record<string, string>) => {
    const res = await server.post(
      SALES,
      {
        siteId: SITE_ID,
        privacyConsent: 'on',
        contactName: '评分测试',
        phone: freshPhone(),
        schoolName: '评分实验中学',
        schoolType: 'middle',
        ...(visit ? { visitId: visit.v, browserId: visit.b } : {}),
        ...fields,
      },
      { headers: { 'user-agent': UA } },
    );
    expect(res.body.success, res.text).toBe(true);
    return res.body.data.id as number;
  };
  const leadOf = async (id: number): Promise<AdminLead> => {
    const list = await s.asAdmin(inquireLeadListAdmin, { keyword: '评分实验中学', pageSize: 50 });
    const found = (list.body.datas as AdminLead[]).find((l) => l.id === id);
    if (!found) throw new Error(`lead ${id} not listed: ${list.text}`);
    return found;
  };
  const save = async (rules: unknown) => {
    const current = only(await s.asAdmin(inquireLeadScoreRulesAdmin));
    return s.asAdmin(updateLeadScoreRulesAdmin, { rules, version: current.version });
  };

  it('refuses contradictory or invalid rules with the reason, in the standard envelope', async () => {
    const cases: [unknown, string][] = [
      [{ fit: [RULES.fit[1], RULES.fit[1]], behaviour: [] }, '“region”的回答“浙江”已有一条相同的规则'],
      [
        { fit: [], behaviour: [{ behaviour: 'price', points: 10, cap: 5 }] },
        '“浏览价格商城”的上限不能小于每次得分',
      ],
      [{ fit: [{ key: 'budget', match: 'atLeast', value: '很多', points: 5 }], behaviour: [] }, '不是数字'],
      [
        {
          fit: [
            { key: 'budget', match: 'atLeast', value: '50', points: 5 },
            { key: 'budget', match: 'atMost', value: '10', points: 5 },
          ],
          behaviour: [],
        },
        '没有回答能同时满足',
      ],
      [{ fit: [{ key: 'role', match: 'is', value: '校长', points: 0 }], behaviour: [] }, '分值须为'],
      [{ fit: [{ key: '1x', match: 'is', value: '校长', points: 3 }], behaviour: [] }, '问题标识'],
      [
        {
          fit: [],
          behaviour: [
            { behaviour: 'case', points: 1, cap: 5 },
            { behaviour: 'case', points: 2, cap: 5 },
          ],
        },
        '“浏览案例”只能有一条规则',
      ],
      ['{not json', '评分规则格式不正确'],
    ];
    for (const [rules, reason] of cases) {
      const res = await save(rules);
      expect(res.status, res.text).toBe(200);
      expect(res.body.success, res.text).toBe(false);
      expect(res.body.errorMessage).toContain(reason);
    }
    expect(only(await s.asAdmin(inquireLeadScoreRulesAdmin))).toMatchObject({ fit: [], behaviour: [] });
  });

  let scored = 0;
  let cold = 0;

  it('scores a lead on arrival from its answers and its visit, with each rule that added points', async () => {
    const saved = await save(RULES);
    expect(saved.body.success, saved.text).toBe(true);
    await view(who, '/priceShop');
    await view(who, '/priceShop');
    await view(who, casePath);
    scored = await send(who, { region: '浙江省杭州市', role: '信息中心主任' });
    cold = await send(null, { region: '西藏自治区拉萨市', role: '教师', schoolType: 'primary' });
    const hot = await leadOf(scored);
    expect(hot.score).toBe(20 + 15 + 10 + 8 + 10);
    expect(hot.scoreReasons).toEqual([
      {
        type: 'fit',
        key: 'schoolType',
        label: '学校类型',
        match: 'is',
        value: '九年一贯制/完全中学',
        points: 20,
      },
      { type: 'fit', key: 'region', label: '所在地区', match: 'contains', value: '浙江', points: 15 },
      { type: 'fit', key: 'role', label: '您的职务', match: 'contains', value: '主任', points: 10 },
      { type: 'behaviour', behaviour: 'price', count: 2, points: 8 },
      { type: 'behaviour', behaviour: 'case', count: 1, points: 10 },
    ]);
    expect((await leadOf(cold)).score).toBe(-5);
  });

  it('sorts by score and filters by a lowest score', async () => {
    const sorted = await s.asAdmin(inquireLeadListAdmin, { keyword: '评分实验中学', sort: 'score' });
    const ids = (sorted.body.datas as AdminLead[]).map((l) => l.id);
    expect(ids.indexOf(scored)).toBeLessThan(ids.indexOf(cold));
    const high = await s.asAdmin(inquireLeadListAdmin, { keyword: '评分实验中学', minScore: '50' });
    expect((high.body.datas as AdminLead[]).map((l) => l.id)).toEqual([scored]);
    const bad = await s.asAdmin(inquireLeadListAdmin, { minScore: 'abc' });
    expect(bad.body.success).toBe(false);
    // The CSV says it too, in its 评分 column.
    const csv = await fetch(
      `${server.url}${leadCsvExport.path}?keyword=${encodeURIComponent('评分实验中学')}`,
      {
        headers: { cookie: `yx_sid=${s.adminSid}` },
      },
    ).then((res) => res.text());
    const [header = '', ...rows] = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const column = header.split(',').indexOf('评分');
    const scores = new Map(rows.map((r) => [Number(r.split(',')[0]), r.split(',')[column]]));
    expect(scores.get(scored)).toBe('63');
    expect(scores.get(cold)).toBe('-5');
    expect(bad.body.errorMessage).toContain('最低评分');
  });

  it('rescores a lead when a return visit joins it', async () => {
    await view({ ...who, v: newId() }, '/priceShop');
    await server.app.stats.visits.flush();
    const back = await leadOf(scored);
    expect(back.score).toBe(63 + 6);
    expect(back.scoreReasons).toContainEqual({
      type: 'behaviour',
      behaviour: 'returnVisit',
      count: 1,
      points: 6,
    });
    expect(back.scoreReasons).toContainEqual({ type: 'behaviour', behaviour: 'price', count: 3, points: 8 });
  });

  it('rescores every lead when the rules change; an old version is refused', async () => {
    const before = only(await s.asAdmin(inquireLeadScoreRulesAdmin));
    const saved = await save({ fit: [RULES.fit[0]], behaviour: [] });
    expect(saved.body.success, saved.text).toBe(true);
    expect((await leadOf(scored)).score).toBe(20);
    expect((await leadOf(cold)).score).toBe(0);
    const stale = await s.asAdmin(updateLeadScoreRulesAdmin, { rules: RULES, version: before.version });
    expect(stale.body.success).toBe(false);
    expect(stale.body.errorCode).toBe(409);
    // Staff without the permission are refused (the demo 成员 role).
    const member = await s.asUser(updateLeadScoreRulesAdmin, { rules: RULES, version: 1 });
    expect(member.body.success).toBe(false);
  });
});
