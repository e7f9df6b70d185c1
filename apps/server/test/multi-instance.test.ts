/**
 * Several instances on one PostgreSQL, as separate processes: they start together, migrate once, seed once,
 * share data, and a login lock binds them all however guesses are spread over them.
 */
import { actionPath, DEFAULT_IDS, loginAccount, SITE_ID } from '@yuexun/contract';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type ServerProcess, startProcess } from './process';
import { request } from './server';

const tpl = inject('pgTemplate');
const USER_PASSWORD = 'multi-user-Passw0rd';
const login = (server: ServerProcess, password: string, ip: string) =>
  request(
    server.url,
    actionPath(loginAccount),
    { siteId: SITE_ID, loginType: 'account', username: 'user', password },
    { headers: { 'x-forwarded-for': ip } },
  );

describe.runIf(tpl)('two instances on one PostgreSQL', () => {
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
  });

  it('both come up from an empty database started at the same moment, and share leads', async () => {
    if (!tpl) return;
    // An empty database (not the seeded template): the two instances race to migrate and seed it.
    const name = `${tpl.prefix}_multi`;
    const admin = new pg.Client({ connectionString: tpl.adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(tpl.adminUrl);
    url.pathname = `/${name}`;

    // Client addresses from X-Forwarded-For, and an address limit that 30 addresses of one guess stay under.
    const env = {
      DATABASE_URL: url.toString(),
      TRUST_PROXY: 'true',
      LOGIN_FAILURES_PER_IP: '3',
      USER_PASSWORD: USER_PASSWORD,
    };
    const [a, b] = await Promise.all([startProcess(env), startProcess(env)]);
    servers.push(a, b);
    const seededBy = [a, b].filter((s) => /demo content seeded/.test(s.output()));
    expect(seededBy).toHaveLength(1);

    const listA = await request(a.url, '/news/api/v1.0/inquireArticleListByCondition.json', {
      siteId: SITE_ID,
      categoryId: DEFAULT_IDS.news,
    });
    const listB = await request(b.url, '/news/api/v1.0/inquireArticleListByCondition.json', {
      siteId: SITE_ID,
      categoryId: DEFAULT_IDS.news,
    });
    expect(listA.body.totalRecordCount).toBeGreaterThan(10);
    expect(listB.body.datas).toEqual(listA.body.datas);

    const lead = {
      siteId: SITE_ID,
      privacyConsent: 'on',
      contactName: '周主任',
      phone: '13600001111',
      schoolName: '第二实验中学',
      region: '广东省深圳市',
      schoolType: 'middle',
      role: '教务主任',
    };
    const created = await request(a.url, '/store/api/v1.0/createCustomerIntentionSALEPPublic.json', lead);
    expect(created.body.success).toBe(true);
    // Instance B sees A's lead: the same phone within the window returns A's record.
    const seen = await request(b.url, '/store/api/v1.0/createCustomerIntentionSALEPPublic.json', lead);
    expect(seen.body.data.id).toBe(created.body.data.id);
    expect(seen.body.message).toMatch(/已提交/);
  }, 180_000);

  it('30 wrong passwords sent at once over both processes and 30 addresses: 5 are answered, 25 locked', async () => {
    if (!tpl) return;
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(i % 2 ? b : a, `wrong-${i}`, `203.0.113.${i + 1}`)),
    );
    const wrong = answers.filter((r) => r.body.errorMessage === '登录失败，请重试！');
    const locked = answers.filter((r) => r.body.errorCode === 429);
    expect(wrong).toHaveLength(5);
    expect(locked).toHaveLength(25);
    // The right password is refused on both while the lock holds.
    for (const server of [a, b]) {
      const right = await login(server, USER_PASSWORD, '203.0.113.200');
      expect(right.body).toMatchObject({ success: false, errorCode: 429 });
      expect(right.body.errorMessage).toBe('登录失败次数过多，请 1 分钟后再试');
    }
  }, 60_000);
});
