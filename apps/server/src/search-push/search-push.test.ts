/**
 * Search-engine push through the real server and outbox, against local stand-ins of Baidu's 普通收录
 * API and IndexNow that check the documented request shape: publishing, updating, taking offline and
 * deleting an article push its canonical address; a stand-in answering 500 gets the push retried; the
 * console's log shows each answer and Baidu's quota; the IndexNow key file is served at the site root.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  changeArticleStatusAdmin,
  createArticleAdmin,
  deleteArticleAdmin,
  inquireSearchPushListAdmin,
  inquireSearchPushStatusAdmin,
  resendSearchPushAdmin,
  type SearchPushEntry,
  SITE_ID,
  updateArticleAdmin,
} from '@yuexun/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSessions, adminSessions, only, requestKey } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { until } from '../../test/until';
import { outbox, searchPushAttempt, siteSettings } from '../db/schema';

const ORIGIN = 'https://www.example.edu.cn';
const TOKEN = 'Abc123Token';
const KEY = 'a1b2c3d4-e5f6-4789-abcd-0123456789ab';

interface Received {
  path: string;
  query: URLSearchParams;
  contentType: string;
  body: string;
}

/** One stand-in for both APIs: records every request, answers as `respond` says (Baidu's documented JSON). */
const standIn = async () => {
  const received: Received[] = [];
  const failures = { baidu: 0, indexnow: 0 };
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({
        path: url.pathname,
        query: url.searchParams,
        contentType: String(req.headers['content-type'] ?? ''),
        body,
      });
      const engine = url.pathname === '/urls' ? 'baidu' : 'indexnow';
      if (failures[engine] > 0) {
        failures[engine]--;
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end('{"error":500,"message":"internal error"}');
        return;
      }
      if (engine === 'baidu') {
        const count = body.split('\n').filter(Boolean).length;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ remain: 99_990 - received.length, success: count }));
      } else res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, failures, close: () => new Promise<void>((r) => server.close(() => r())) };
};

describe.each(drivers)('search-engine push on %s', (driver) => {
  let server: TestServer;
  let admin: AdminSessions;
  let engines: Awaited<ReturnType<typeof standIn>>;

  beforeAll(async () => {
    engines = await standIn();
    server = await startServer(driver, {
      publicOrigin: ORIGIN,
      searchPush: {
        baiduUrl: `${engines.url}/urls`,
        indexNowUrl: `${engines.url}/indexnow`,
        timeoutMs: 2000,
      },
      outbox: { worker: true, pollMs: 100, retryBaseMs: 200, retryMaxMs: 400, maxAttempts: 4, leaseMs: 5000 },
    });
    admin = await adminSessions(server);
    await server.app.db
      .update(siteSettings)
      .set({
        values: sql`${siteSettings.values} || ${JSON.stringify({ baiduSite: ORIGIN, baiduToken: TOKEN, indexNowKey: KEY })}::jsonb`,
      })
      .where(eq(siteSettings.siteId, SITE_ID));
    // The first comparison (at start) records the sitemap as it is: existing pages are not pushed.
    await server.app.searchPush.sync();
  });
  afterAll(async () => {
    await server.close();
    await engines.close();
  });

  const pushes = async () =>
    (await admin.asAdmin(inquireSearchPushListAdmin, { pageSize: 50 })).body.datas as SearchPushEntry[];
  const settled = (id: number) =>
    until(
      pushes,
      (list) =>
        list.filter((p) => p.urls.some((u) => u.endsWith(`/${id}`))).every((p) => p.status === 'sent'),
      'pushes sent',
    );
  const requestsFor = (url: string) => engines.received.filter((r) => r.body.includes(url));

  let articleId = 0;
  let version = 0;
  let canonical = '';

  it('pushes nothing for the pages that were there before', async () => {
    expect(engines.received).toEqual([]);
    expect(await pushes()).toEqual([]);
  });

  it('publishing an article sends its canonical address to Baidu and IndexNow in their documented shape', async () => {
    const created = only(
      await admin.asAdmin(createArticleAdmin, {
        categoryId: 1881,
        title: '推送测试文章',
        summary: '摘要',
        bodyHtml: '<p>正文</p>',
        status: 'published',
        requestKey: requestKey(),
      }),
    );
    articleId = created.id;
    version = created.version;
    canonical = `${ORIGIN}/news/detail/${articleId}`;
    await until(
      () => requestsFor(canonical).length,
      (n) => n >= 2,
      'both engines',
    );

    const baidu = engines.received.find((r) => r.path === '/urls');
    expect(baidu?.query.get('site')).toBe(ORIGIN);
    expect(baidu?.query.get('token')).toBe(TOKEN);
    expect(baidu?.contentType).toBe('text/plain');
    expect(baidu?.body).toBe(canonical);

    const indexNow = engines.received.find((r) => r.path === '/indexnow');
    expect(indexNow?.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(indexNow?.body ?? '{}')).toEqual({
      host: 'www.example.edu.cn',
      key: KEY,
      keyLocation: `${ORIGIN}/${KEY}.txt`,
      urlList: [canonical],
    });

    const log = await settled(articleId);
    expect(log.map((p) => p.engine).sort()).toEqual(['baidu', 'indexnow']);
    const baiduEntry = log.find((p) => p.engine === 'baidu');
    expect(baiduEntry).toMatchObject({ urls: [canonical], httpStatus: 200, accepted: 1, attempts: 1 });
    expect(baiduEntry?.label).toContain('发布 1');
    expect(log.find((p) => p.engine === 'indexnow')).toMatchObject({ httpStatus: 202, attempts: 1 });
    const status = only(await admin.asAdmin(inquireSearchPushStatusAdmin, {}));
    expect(status).toMatchObject({
      origin: `${ORIGIN}/`,
      baiduConfigured: true,
      indexNowConfigured: true,
      indexNowKeyUrl: `${ORIGIN}/${KEY}.txt`,
      baiduRemain: expect.any(Number),
    });
  });

  it('an update is pushed again', async () => {
    const before = requestsFor(canonical).length;
    const updated = only(
      await admin.asAdmin(updateArticleAdmin, { articleId, version, title: '推送测试文章（修订）' }),
    );
    version = updated.version;
    await until(
      () => requestsFor(canonical).length,
      (n) => n >= before + 2,
      'the update pushed',
    );
    expect((await pushes())[0]?.label).toContain('更新 1');
  });

  it('a stand-in answering 500 gets the push retried; taking the article offline is not held up by it', async () => {
    engines.failures.baidu = 1;
    const before = requestsFor(canonical).length;
    const res = await admin.asAdmin(changeArticleStatusAdmin, { articleId, version, status: 'offline' });
    expect(res.body.success).toBe(true);
    version = res.body.datas[0].version;
    await until(
      () => requestsFor(canonical).length,
      (n) => n >= before + 3,
      'the retry',
    );
    const list = await until(
      pushes,
      (l) => l.filter((p) => p.label.includes('下线或删除')).every((p) => p.status === 'sent'),
      'the retried push sent',
    );
    const retried = list.find((p) => p.engine === 'baidu' && p.label.includes('下线或删除'));
    expect(retried).toMatchObject({ status: 'sent', attempts: 2, httpStatus: 200 });
    const attempts = await server.app.db
      .select()
      .from(searchPushAttempt)
      .where(eq(searchPushAttempt.outboxId, retried?.id ?? 0));
    expect(attempts.map((a) => [a.ok, a.httpStatus])).toEqual([
      [false, 500],
      [true, 200],
    ]);
  });

  it('deleting an article that was live pushes its address; 重新推送 sends a logged push again', async () => {
    const offline = requestsFor(canonical).length;
    const republished = await admin.asAdmin(changeArticleStatusAdmin, {
      articleId,
      version,
      status: 'published',
    });
    version = republished.body.datas[0].version;
    await until(
      () => requestsFor(canonical).length,
      (n) => n >= offline + 2,
      'republished',
    );
    const before = requestsFor(canonical).length;
    const deleted = await admin.asAdmin(deleteArticleAdmin, { articleId, version });
    expect(deleted.body.success).toBe(true);
    await until(
      () => requestsFor(canonical).length,
      (n) => n >= before + 2,
      'the deletion pushed',
    );
    const last = await settled(articleId);
    const sent = last[0] as SearchPushEntry;
    const resend = await admin.asAdmin(resendSearchPushAdmin, { pushId: sent.id });
    expect(resend.body.success).toBe(true);
    await until(
      () => requestsFor(canonical).length,
      (n) => n >= before + 3,
      'the resend',
    );
    expect((await admin.asAdmin(resendSearchPushAdmin, { pushId: 999_999 })).body.status).toBe(404);
  });

  it('serves the IndexNow key file at the site root, and nothing for other keys', async () => {
    const res = await fetch(`${server.url}/${KEY}.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await res.text()).toBe(KEY);
    expect((await fetch(`${server.url}/0000000000.txt`)).status).toBe(404);
    expect((await fetch(`${server.url}/robots.txt`)).status).toBe(200);
  });

  it('the five-minute job purges answers and finished pushes older than the retention period', async () => {
    const db = server.app.db;
    const days = server.app.config.stats.retentionDays;
    const old = new Date(Date.now() - (days + 1) * 24 * 3600_000);
    const [oldPush] = await db
      .insert(outbox)
      .values({
        kind: 'search.push.baidu',
        status: 'sent',
        label: '旧推送',
        createdAt: old,
        updatedAt: old,
        sentAt: old,
      })
      .returning();
    if (!oldPush) throw new Error('no row');
    await db.insert(searchPushAttempt).values([
      {
        outboxId: oldPush.id,
        engine: 'baidu',
        urlCount: 1,
        ok: true,
        httpStatus: 200,
        answer: '{}',
        at: old,
      },
    ]);
    const recent = await db.select({ id: searchPushAttempt.id }).from(searchPushAttempt);
    expect(recent.length).toBeGreaterThan(1);
    // The scheduled comparison's row made due now, as five minutes later.
    await db.update(outbox).set({ dueAt: new Date() }).where(eq(outbox.dedupeKey, 'every:search-push-sync'));
    server.app.outbox.wake();
    await until(
      () => db.select().from(outbox).where(eq(outbox.id, oldPush.id)),
      (rows) => rows.length === 0,
      'the old push purged',
    );
    const left = await db
      .select({ id: searchPushAttempt.id, at: searchPushAttempt.at })
      .from(searchPushAttempt);
    expect(left.every((a) => a.at > old)).toBe(true);
    expect(left.length).toBe(recent.length - 1);
    expect((await pushes()).some((p) => p.label === '旧推送')).toBe(false);
  });

  it('is for the vendor: a non-admin account gets 403', async () => {
    expect((await admin.asUser(inquireSearchPushListAdmin, {})).body.status).toBe(403);
    const rows = await server.app.db.select().from(outbox).where(sql`${outbox.kind} like 'search.push.%'`);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
  });
});
