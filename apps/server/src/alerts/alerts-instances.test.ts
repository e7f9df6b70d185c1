/** Two instances on one PostgreSQL, both running the outbox worker: every lead alert arrives exactly once. */
import { createAlertChannelAdmin } from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSessions, only } from '../../test/admin';
import { fastAlerts, submitLead } from '../../test/alert-env';
import {
  eventually,
  type Receivers,
  RECEIVER_SECRETS as S,
  startReceivers,
} from '../../test/alert-receivers';
import { drivers, startServer, type TestServer } from '../../test/server';

const fast = fastAlerts({ outbox: { pollMs: 50 } });

describe.runIf(drivers.includes('postgres'))('lead alerts with two instances on one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  let rx: Receivers;
  beforeAll(async () => {
    rx = await startReceivers();
    a = await startServer('postgres', fast);
    b = await startServer('postgres', fast, { databaseUrl: a.databaseUrl });
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await rx.close();
  });

  it('delivers each lead to each channel once, whichever instance stored it', async () => {
    const s = await adminSessions(a);
    only(
      await s.asAdmin(createAlertChannelAdmin, {
        kind: 'webhook',
        name: 'CRM',
        url: `${rx.url}/hooks/yuexun`,
        secret: S.webhookSecret,
      }),
    );
    only(
      await s.asAdmin(createAlertChannelAdmin, {
        kind: 'wecom',
        name: '销售群',
        url: `${rx.url}/cgi-bin/webhook/send?key=${S.wecomKey}`,
      }),
    );
    const schools = Array.from({ length: 8 }, (_, i) => `双实例测试学校${i + 1}号`);
    await Promise.all(
      schools.map(async (schoolName, i) => {
        await submitLead(i % 2 ? a : b, { contactName: '周老师', schoolName, region: '浙江省宁波市' });
      }),
    );
    await eventually(() => rx.received.length >= schools.length * 2, 10_000);
    for (const school of schools)
      for (const platform of ['webhook', 'wecom'])
        expect(
          rx.received.filter((r) => r.platform === platform && r.text.includes(school)),
          `${platform} ${school}`,
        ).toHaveLength(1);
    expect(rx.received).toHaveLength(schools.length * 2);
  });
});
