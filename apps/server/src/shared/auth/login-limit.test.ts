/**
 * Brute-force limits on login: per account (lock with doubling backoff) and per client address,
 * held in the database so that they bind every instance. Also: no user enumeration by time.
 */
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, loginWithPassword } from '../../../test/accounts';
import { drivers, startServer, type TestServer } from '../../../test/server';
import { sessionCount } from '../../../test/snapshot';
import { loginAttempt } from '../../db/schema';
import { hashClientAddress } from '../client-address';
import { ipKey } from './login-limit';

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
let ipSeq = 1;
const freshIp = () => `198.51.100.${ipSeq++}`;

const expectLocked = (
  body: { success: boolean; errorCode: number; errorMessage: string },
  minutes: number,
) => {
  expect(body).toMatchObject({ success: false, errorCode: 429 });
  expect(body.errorMessage).toBe(`登录失败次数过多，请 ${minutes} 分钟后再试`);
};

/** As if the lock had run out: the test cannot wait a minute. */
const expireLocks = (server: TestServer) =>
  server.app.db.update(loginAttempt).set({ lockedUntil: new Date(Date.now() - 1000) });

describe.each(drivers)('login limits on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    // The address limit is lowered from its default (20) to keep the test short; the rule is the same.
    server = await startServer(driver, { trustProxy: true, loginFailuresPerIp: 8 });
  });
  afterAll(() => server.close());

  it('locks an account after 5 failures, even for the right password; the lock doubles next time', async () => {
    for (let i = 0; i < 5; i++) {
      const { body } = await loginWithPassword(server, 'user', `wrong-${i}`, from(freshIp()));
      expect(body.errorMessage).toBe('登录失败，请重试！');
    }
    const sessions = await sessionCount(server.app);
    // From another address too: the lock is the account's.
    const locked = await loginWithPassword(server, 'user', DEMO.user.password, from(freshIp()));
    expect(locked.status).toBe(200);
    expectLocked(locked.body, 1);
    expect(await sessionCount(server.app)).toBe(sessions);

    await expireLocks(server);
    for (let i = 0; i < 5; i++) await loginWithPassword(server, 'user', `wrong-${i}`, from(freshIp()));
    expectLocked((await loginWithPassword(server, 'user', DEMO.user.password, from(freshIp()))).body, 2);

    await expireLocks(server);
    expect((await loginWithPassword(server, 'user', DEMO.user.password, from(freshIp()))).body.success).toBe(
      true,
    );
    // Success clears the account's counter and backoff.
    const rows = await server.app.db.select().from(loginAttempt).where(eq(loginAttempt.key, 'account:user'));
    expect(rows).toHaveLength(0);
  });

  it('locks an unknown username the same way, so locks do not reveal which names exist', async () => {
    for (let i = 0; i < 5; i++) await loginWithPassword(server, 'ghost-user', 'x', from(freshIp()));
    expectLocked((await loginWithPassword(server, 'ghost-user', 'x', from(freshIp()))).body, 1);
  });

  it('locks a client address after LOGIN_FAILURES_PER_IP failures in 15 minutes, other addresses unaffected', async () => {
    const ip = freshIp();
    for (let i = 0; i < 8; i++) {
      const { body } = await loginWithPassword(server, `sprayed-${i}`, 'Passw0rd!', from(ip));
      expect(body.errorMessage).toBe('登录失败，请重试！');
    }
    const { body } = await loginWithPassword(server, 'admin', DEMO.admin.password, from(ip));
    expect(body).toMatchObject({ success: false, errorCode: 429 });
    expect(body.errorMessage).toMatch(/^登录失败次数过多，请 1[45] 分钟后再试$/);
    expect(
      (await loginWithPassword(server, 'admin', DEMO.admin.password, from(freshIp()))).body.success,
    ).toBe(true);
  });
});

describe.runIf(drivers.includes('postgres'))('login limits across two instances on one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startServer('postgres', { trustProxy: true, loginFailuresPerIp: 6 });
    b = await startServer(
      'postgres',
      { trustProxy: true, loginFailuresPerIp: 6 },
      { databaseUrl: a.databaseUrl },
    );
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('failures on A and B add up to one account lock', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const server = i % 2 ? b : a;
      expect((await loginWithPassword(server, 'admin', `wrong-${i}`, from(ip))).body.errorCode).toBe(400);
    }
    for (const server of [a, b]) {
      expectLocked((await loginWithPassword(server, 'admin', DEMO.admin.password, from(freshIp()))).body, 1);
    }
  });

  it('failures from one address on A and B add up to one address lock', async () => {
    const ip = freshIp();
    for (let i = 0; i < 6; i++) {
      await loginWithPassword(i % 2 ? b : a, `spray-${i}`, 'x', from(ip));
    }
    for (const server of [a, b]) {
      const { body } = await loginWithPassword(server, 'user', DEMO.user.password, from(ip));
      expect(body).toMatchObject({ success: false, errorCode: 429 });
    }
    const [row] = await a.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(loginAttempt)
      .where(sql`${loginAttempt.key} like 'ip:%' and ${loginAttempt.lockedUntil} > now()`);
    expect(row?.n).toBe(1);
  });
});

describe.each(drivers)('no user enumeration by message or time on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver, { loginFailuresPerAccount: 1000, loginFailuresPerIp: 1000 });
  });
  afterAll(() => server.close());

  const median = (values: number[]) => {
    const sorted = [...values].sort((x, y) => x - y);
    return ((sorted[4] as number) + (sorted[5] as number)) / 2;
  };

  it('an unknown user costs the same scrypt as a known user with a wrong password', async () => {
    await loginWithPassword(server, 'warm-up-unknown', 'x');
    await loginWithPassword(server, 'admin', 'warm-up');
    const known: number[] = [];
    const unknown: number[] = [];
    const messages = new Set<string>();
    for (let i = 0; i < 10; i++) {
      for (const [username, into] of [
        ['admin', known],
        [`nobody-${i}`, unknown],
      ] as const) {
        const started = performance.now();
        const { body } = await loginWithPassword(server, username, `wrong-${i}`);
        into.push(performance.now() - started);
        messages.add(JSON.stringify(body));
      }
    }
    expect(messages.size).toBe(1);
    const ratio = median(unknown) / median(known);
    expect(ratio, `unknown ${median(unknown)} ms vs known ${median(known)} ms`).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

/**
 * Guesses sent at the same moment: every attempt is counted before its password is checked, so
 * however they are spread over instances and addresses, at most the limit get an answer about the
 * password. PostgreSQL: two instances on one database; PGlite: one instance.
 */
describe.each(drivers)('simultaneous login attempts on %s', (driver) => {
  const servers: TestServer[] = [];
  beforeAll(async () => {
    // A low address limit: 30 addresses of one guess each stay under it, the success test goes over it.
    const config = { trustProxy: true, loginFailuresPerIp: 3 };
    const first = await startServer(driver, config);
    servers.push(first);
    if (driver === 'postgres')
      servers.push(await startServer(driver, config, { databaseUrl: first.databaseUrl }));
  });
  afterAll(() => Promise.all(servers.map((s) => s.close())));

  it('answers at most 5 of 30 wrong passwords at once, locks the rest, then refuses the right one', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        loginWithPassword(
          servers[i % servers.length] as TestServer,
          'user',
          `wrong-${i}`,
          from(`203.0.113.${i + 1}`),
        ),
      ),
    );
    const wrong = answers.filter((a) => a.body.errorMessage === '登录失败，请重试！');
    const locked = answers.filter((a) => a.body.errorCode === 429);
    expect(wrong).toHaveLength(5);
    expect(locked).toHaveLength(25);
    for (const a of locked) expectLocked(a.body, 1);
    for (const server of servers) {
      const right = await loginWithPassword(server, 'user', DEMO.user.password, from('203.0.113.200'));
      expectLocked(right.body, 1);
    }
  });

  it('counts no failure for a successful login: one address signs in more often than its failure limit', async () => {
    const server = servers[0] as TestServer;
    for (let i = 0; i < 6; i++) {
      const { body } = await loginWithPassword(server, 'admin', DEMO.admin.password, from('203.0.113.250'));
      expect(body.success, JSON.stringify(body)).toBe(true);
    }
    const key = ipKey(hashClientAddress('203.0.113.250', server.app.secrets.ipHash));
    const [row] = await server.app.db.select().from(loginAttempt).where(eq(loginAttempt.key, key));
    expect(row).toMatchObject({ failures: 0, lockedUntil: null });
  });
});
