/**
 * 表单转化 (issue 33 item 4, decision 057) through the real server on both drivers: the site marks each form it
 * renders with its slug; a beacon for a page this server served counts one view of each form it names (unknown
 * slugs and pages never served add nothing); leads sent with the form are its submissions; the rate is their
 * ratio, at most 100 %.
 */
import {
  actionPath,
  createCustomerIntentionSALEPPublic,
  type FormConversionRow,
  inquireFormConversionAdmin,
  SITE_ID,
  STATS_BEACON_PATH,
} from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPhone } from '../../test/accounts';
import { type AdminSessions, adminSessions } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { formRateOf } from './form-conversion';
import { formSlugsOf } from './form-views';

describe('the slugs a beacon names and the rate', () => {
  it('keeps well-formed distinct slugs, at most five', () => {
    expect(formSlugsOf('enquiry, demo,enquiry,<x>,,a,b,c,d')).toEqual(['enquiry', 'demo', 'a', 'b', 'c']);
    expect(formSlugsOf(undefined)).toEqual([]);
  });
  it('is submissions ÷ views, at most 1, 0 without views', () => {
    expect(formRateOf(40, 2)).toBe(0.05);
    expect(formRateOf(1, 3)).toBe(1);
    expect(formRateOf(0, 3)).toBe(0);
  });
});

describe.each(drivers)('conversion by form on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  beforeAll(async () => {
    server = await startServer(driver, { leadLimitPerHour: 1000 });
    s = await adminSessions(server);
  });
  afterAll(() => server.close());

  const UA =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 forms';
  const beacon = (path: string, forms: string) =>
    fetch(`${server.url}${STATS_BEACON_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': UA },
      body: JSON.stringify({ p: path, r: '', w: 375, f: forms }),
    });
  const enquiry = async () => {
    const res = await s.asAdmin(inquireFormConversionAdmin, { range: 'today' });
    expect(res.body.success, res.text).toBe(true);
    const row = (res.body.datas as FormConversionRow[]).find((r) => r.kind === 'enquiry');
    if (!row) throw new Error(res.text);
    return row;
  };

  it('the site marks the forms it renders with their slug', async () => {
    const home = await (await fetch(`${server.url}/home`, { headers: { 'user-agent': UA } })).text();
    expect(home).toContain('data-form="enquiry"');
    const page = await (await fetch(`${server.url}/form/enquiry`, { headers: { 'user-agent': UA } })).text();
    expect(page).toContain('data-form="enquiry"');
  });

  it('counts a view of each named form on a served page, a submission per lead, and the rate', async () => {
    const before = await enquiry();
    await (await fetch(`${server.url}/priceShop`, { headers: { 'user-agent': UA } })).text();
    expect((await beacon('/priceShop', 'enquiry,no-such-form,enquiry')).status).toBe(204);
    // The same view's beacon again (a bfcache restore) and a page never served add nothing.
    await beacon('/priceShop', 'enquiry');
    await beacon('/news/detail/999997', 'enquiry');
    // A malformed list is ignored, never refused.
    await (await fetch(`${server.url}/agent`, { headers: { 'user-agent': UA } })).text();
    expect((await beacon('/agent', '<script>')).status).toBe(204);
    const viewed = await enquiry();
    expect(viewed.views).toBe(before.views + 1);
    const sent = await server.post(SALES, {
      siteId: SITE_ID,
      privacyConsent: 'on',
      contactName: '转化测试',
      phone: freshPhone(),
      schoolName: '转化实验中学',
      region: '浙江省杭州市',
      schoolType: 'primary',
      role: '校长',
    });
    expect(sent.body.success, sent.text).toBe(true);
    const after = await enquiry();
    expect(after.submissions).toBe(before.submissions + 1);
    expect(after.rate).toBe(formRateOf(after.views, after.submissions));
    const bad = await s.asAdmin(inquireFormConversionAdmin, { range: 'year' });
    expect(bad.body.success).toBe(false);
  });
});

const SALES = actionPath(createCustomerIntentionSALEPPublic);
