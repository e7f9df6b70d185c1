/**
 * A lead committed by a process that dies (kill -9) before its alert went out is announced by the next
 * process on the same data, exactly once: the alert was queued in the lead's transaction.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAlertChannelAdmin, inquireAlertDeliveryListAdmin, SITE_ID } from '@yuexun/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { callAs, type Poster, sessionOf, TEST_PASSWORDS } from './accounts';
import { LEAD_PATH as LEAD } from './alert-env';
import { eventually, RECEIVER_SECRETS, startReceivers } from './alert-receivers';
import { type ServerProcess, startProcess } from './process';
import { request } from './server';

/** Enough of a server for the session helpers: requests to a process's address. */
const over = (url: string): Poster & { url: string } => ({
  url,
  post: (path, body = {}, init = {}) => request(url, path, body, init),
});

describe('lead alerts across a crash', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'yuexun-alert-crash-'));
  const started: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop('SIGKILL')));
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  });

  // Two process starts (each migrates and seeds on a busy machine): more than the default 30 s.
  it('delivers after restart what a killed process committed but never sent', {
    timeout: 180_000,
  }, async () => {
    const rx = await startReceivers();
    try {
      const env = {
        DATA_DIR: dataDir,
        ALERT_ALLOW_PRIVATE_HOSTS: 'true',
        ADMIN_PASSWORD: TEST_PASSWORDS.adminPassword,
        USER_PASSWORD: TEST_PASSWORDS.userPassword,
      };
      // The first process never gets to send: its worker is off, as if it died right after the commit.
      const first = await startProcess({ ...env, OUTBOX_WORKER: 'false' }, 120_000);
      started.push(first);
      const a = over(first.url);
      const sid = await sessionOf(a, 'admin');
      const channel = await callAs(a, createAlertChannelAdmin, sid, {
        kind: 'webhook',
        name: 'CRM',
        url: `${rx.url}/hooks/yuexun`,
        secret: RECEIVER_SECRETS.webhookSecret,
      });
      expect(channel.body.success, channel.text).toBe(true);
      const lead = await request(first.url, LEAD, {
        siteId: SITE_ID,
        privacyConsent: 'on',
        contactName: '孙老师',
        phone: '13912345670',
        schoolName: '常州市崩溃恢复实验学校',
        region: '江苏省常州市',
        schoolType: 'primary',
        role: '校长',
      });
      expect(lead.body.success).toBe(true);
      expect(await first.stop('SIGKILL')).toBe(null);
      expect(rx.received).toHaveLength(0);

      const second = await startProcess(env, 120_000);
      started.push(second);
      const got = await eventually(
        () => rx.received.find((r) => r.text.includes('崩溃恢复实验学校')),
        10_000,
      );
      expect((got.body as { lead: { id: number } }).lead.id).toBe(lead.body.data.id);
      const b = over(second.url);
      const log = await callAs(b, inquireAlertDeliveryListAdmin, await sessionOf(b, 'admin'), {});
      expect(log.body.datas).toMatchObject([
        { status: 'sent', attempts: 1, subjectId: String(lead.body.data.id) },
      ]);
      expect(rx.received.filter((r) => r.text.includes('崩溃恢复实验学校'))).toHaveLength(1);
    } finally {
      await rx.close();
    }
  });
});
