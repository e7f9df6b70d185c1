/** For the alert tests: a server with a fast outbox worker, the platform stand-ins and the admin's session. */
import { actionPath, createCustomerIntentionSALEPPublic, SITE_ID } from '@yuexun/contract';
import { expect } from 'vitest';
import type { AppConfig } from '../src/config';
import { freshPhone, type Poster } from './accounts';
import { adminSessions } from './admin';
import { startReceivers } from './alert-receivers';
import { type Driver, type StartOptions, startServer } from './server';

export const LEAD_PATH = actionPath(createCustomerIntentionSALEPPublic);

/** Retries in tenths of a second instead of minutes; stand-ins on 127.0.0.1 allowed; links to a public address. */
export const fastAlerts = (
  tuning: { alerts?: Partial<AppConfig['alerts']>; outbox?: Partial<AppConfig['outbox']> } = {},
) => ({
  publicOrigin: 'https://www.yuexun.example',
  alerts: { allowPrivateHosts: true, timeoutMs: 3000, ...tuning.alerts },
  outbox: {
    worker: true,
    pollMs: 100,
    retryBaseMs: 100,
    retryMaxMs: 400,
    maxAttempts: 5,
    leaseMs: 10_000,
    ...tuning.outbox,
  },
});

export const startAlertEnv = async (
  driver: Driver,
  tuning: Parameters<typeof fastAlerts>[0] = {},
  options: StartOptions = {},
) => {
  const rx = await startReceivers();
  const server = await startServer(driver, fastAlerts(tuning), options);
  const s = await adminSessions(server);
  const close = async () => {
    await server.close();
    await rx.close();
  };
  return { rx, server, s, close };
};

/** A lead from the site's form (a fresh phone each time); answers its id. */
export const submitLead = async (server: Poster, fields: Record<string, unknown>) => {
  const { body } = await server.post(LEAD_PATH, {
    siteId: SITE_ID,
    privacyConsent: 'on',
    phone: freshPhone(),
    schoolType: 'primary',
    role: '校长',
    ...fields,
  });
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.data.id as number;
};
