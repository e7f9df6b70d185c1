/**
 * Lead alerts in real server processes on one PostgreSQL, with the outbox's shipped retry settings (5 s,
 * doubling): a receiver that is down for 30 s gets every lead once when it is back, whichever of two instances
 * stored it; a process killed (-9) while it was sending is replaced by one that delivers once its lease is over.
 */
import { createServer } from 'node:net';
import { createAlertChannelAdmin, inquireAlertDeliveryListAdmin, SITE_ID } from '@yuexun/contract';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { callAs, freshPhone, type Poster, sessionOf } from './accounts';
import { LEAD_PATH } from './alert-env';
import { eventually, RECEIVER_SECRETS, type Receivers, startReceivers } from './alert-receivers';
import { type ServerProcess, startProcess } from './process';
import { clonePostgresDatabase, request } from './server';

/** Enough of a server for the session helpers: requests to a process's address. */
const over = (url: string): Poster => ({
  post: (path, body = {}, init = {}) => request(url, path, body, init),
});

/** A port nothing listens on yet: the receiver that is down. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Delivery {
  status: string;
  attempts: number;
  lastError: string | null;
  subjectId: string;
}

describe.runIf(inject('pgTemplate'))('lead alerts across processes on one PostgreSQL', () => {
  const started: ServerProcess[] = [];
  const receivers: Receivers[] = [];
  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop('SIGKILL')));
    await Promise.all(receivers.map((r) => r.close()));
  });

  const start = async (env: Record<string, string>) => {
    const server = await startProcess({ ALERT_ALLOW_PRIVATE_HOSTS: 'true', ...env }, 120_000);
    started.push(server);
    return server;
  };
  const webhook = async (server: ServerProcess, url: string) => {
    const sid = await sessionOf(over(server.url), 'admin');
    const made = await callAs(over(server.url), createAlertChannelAdmin, sid, {
      kind: 'webhook',
      name: 'CRM',
      url,
      secret: RECEIVER_SECRETS.webhookSecret,
    });
    expect(made.body.success, made.text).toBe(true);
    return sid;
  };
  const submit = async (server: ServerProcess, schoolName: string) => {
    const { body } = await request(server.url, LEAD_PATH, {
      siteId: SITE_ID,
      privacyConsent: 'on',
      contactName: '钱老师',
      phone: freshPhone(),
      schoolName,
      region: '江苏省无锡市',
      schoolType: 'primary',
      role: '校长',
    });
    expect(body.success, JSON.stringify(body)).toBe(true);
    return body.data.id as number;
  };
  const deliveries = async (server: ServerProcess, sid: string) =>
    (await callAs(over(server.url), inquireAlertDeliveryListAdmin, sid, { pageSize: 50 })).body
      .datas as Delivery[];

  it('receiver down for 30 s, two instances: every lead arrives once when it is back', {
    timeout: 240_000,
  }, async () => {
    const databaseUrl = await clonePostgresDatabase();
    const [a, b] = await Promise.all([
      start({ DATABASE_URL: databaseUrl }),
      start({ DATABASE_URL: databaseUrl }),
    ]);
    const port = await freePort();
    const sid = await webhook(a, `http://127.0.0.1:${port}/hooks/yuexun`);

    // The receiver is down: the forms still answer at once, and each instance stores two leads.
    const schools = ['无锡停机一号小学', '无锡停机二号小学', '无锡停机三号小学', '无锡停机四号小学'];
    const ids = await Promise.all(schools.map((school, i) => submit(i % 2 ? b : a, school)));
    const downSince = Date.now();
    await eventually(async () => {
      const rows = await deliveries(a, sid);
      return rows.length === 4 && rows.every((r) => r.status === 'retrying') && rows;
    }, 10_000);
    for (const row of await deliveries(b, sid)) expect(row.lastError).toMatch(/^无法连接：/);
    await sleep(30_000 - (Date.now() - downSince));

    const rx = await startReceivers(port);
    receivers.push(rx);
    // The next retries come 5, 15 and 35 s after a lead (5 s, doubling): within a minute of coming back.
    await eventually(() => schools.every((s) => rx.received.some((r) => r.text.includes(s))), 60_000);
    // A late second attempt from either instance would arrive within the next poll or two.
    await sleep(3000);
    for (const school of schools)
      expect(
        rx.received.filter((r) => r.text.includes(school)),
        school,
      ).toHaveLength(1);
    expect(rx.received).toHaveLength(4);
    const log = await deliveries(b, sid);
    expect(log.map((r) => Number(r.subjectId)).sort()).toEqual([...ids].sort());
    for (const row of log) {
      expect(row).toMatchObject({ status: 'sent', lastError: null });
      expect(row.attempts).toBeGreaterThan(1);
    }
  });

  it('kill -9 while sending: the next process delivers once the dead one’s lease is over', {
    timeout: 240_000,
  }, async () => {
    const databaseUrl = await clonePostgresDatabase();
    // A short lease (the shipped one is 2 min) so the test need not wait that long.
    const env = { DATABASE_URL: databaseUrl, OUTBOX_LEASE_MS: '4000' };
    const first = await start(env);
    const rx = await startReceivers();
    receivers.push(rx);
    await webhook(first, `${rx.url}/hooks/yuexun`);
    // The receiver takes the first request and never answers: the process is killed in the middle of it.
    rx.hangNext.webhook = 1;
    const leadId = await submit(first, '无锡断电实验小学');
    await eventually(() => rx.hangNext.webhook === 0, 10_000);
    expect(await first.stop('SIGKILL')).toBe(null);
    expect(rx.received).toHaveLength(0);

    const second = await start(env);
    const got = await eventually(() => rx.received.find((r) => r.text.includes('无锡断电实验小学')), 30_000);
    expect((got.body as { lead: { id: number } }).lead.id).toBe(leadId);
    await sleep(2000);
    expect(rx.received.filter((r) => r.text.includes('无锡断电实验小学'))).toHaveLength(1);
    const log = await deliveries(second, await sessionOf(over(second.url), 'admin'));
    expect(log).toMatchObject([{ status: 'sent', attempts: 2, lastError: null, subjectId: String(leadId) }]);
  });
});
