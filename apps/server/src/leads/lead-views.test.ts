/**
 * Saved views of the lead list (#16 item 4): a salesperson saves the filters they use (status, owner, kind,
 * source, campaign, region, days), finds them again, replaces one by its name, deletes it; each account sees
 * only its own, and the saved criteria open the same leads as the filters typed by hand.
 */
import {
  deleteLeadViewAdmin,
  inquireLeadListAdmin,
  inquireLeadViewListAdmin,
  LEAD_VIEWS_MAX,
  saveLeadViewAdmin,
} from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../../test/accounts';
import { type AdminSessions, adminSessions, only } from '../../test/admin';
import { colleagueWithRole, vendorAdminSession } from '../../test/roles';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';

describe.each(drivers)('saved lead views on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  /** A salesperson of the vendor (role 销售): another account that reads leads. */
  let asSales: AdminSessions['asAdmin'];
  beforeAll(async () => {
    server = await startServer(driver);
    s = await adminSessions(server);
    const sales = await colleagueWithRole(server, (await vendorAdminSession(server)).sid, 'sales', '赵销售');
    asSales = (def, body = {}) => callAs(server, def, sales.sid, body, 'cookie', { json: true });
  });
  afterAll(() => server.close());

  const views = async (as: AdminSessions['asAdmin']) =>
    (await as(inquireLeadViewListAdmin)).body.datas as { id: number; name: string; criteria: object }[];

  it('saves the filters under a name, opens the same leads with them, replaces and deletes it', async () => {
    const from = '2020-01-01T00:00:00.000Z';
    const saved = only(
      await s.asAdmin(saveLeadViewAdmin, {
        name: '百度春季新线索',
        status: 'new',
        source: 'baidu',
        campaign: 'spring',
        kind: 'sales',
        region: '',
        from,
      }),
    );
    expect(saved).toMatchObject({
      name: '百度春季新线索',
      criteria: { status: 'new', source: 'baidu', campaign: 'spring', kind: 'sales', from },
    });
    expect(Object.keys(saved.criteria).sort()).toEqual(['campaign', 'from', 'kind', 'source', 'status']);
    expect(await views(s.asAdmin)).toEqual([saved]);

    // The view's criteria are the list's own: they find exactly what the typed filters find.
    const byView = await s.asAdmin(inquireLeadListAdmin, { ...saved.criteria, pageSize: 100 });
    const typed = await s.asAdmin(inquireLeadListAdmin, {
      status: 'new',
      source: 'baidu',
      campaign: 'spring',
      kind: 'sales',
      from,
      pageSize: 100,
    });
    expect(byView.body.success).toBe(true);
    expect(byView.body.datas).toEqual(typed.body.datas);

    // The same name again replaces the view (no second one).
    const replaced = only(
      await s.asAdmin(saveLeadViewAdmin, { name: '百度春季新线索', status: 'contacted', owner: 'none' }),
    );
    expect(replaced).toMatchObject({ id: saved.id, criteria: { status: 'contacted', owner: 'none' } });
    expect(await views(s.asAdmin)).toHaveLength(1);

    // Another account sees none of them and cannot delete them.
    expect(await views(asSales)).toEqual([]);
    const foreign = await asSales(deleteLeadViewAdmin, { viewId: saved.id });
    expect(foreign.body).toMatchObject({
      success: false,
      errorCode: 404,
      errorMessage: '视图不存在或已删除',
    });
    only(await asSales(saveLeadViewAdmin, { name: '百度春季新线索', followUp: 'due' }));
    expect((await views(s.asAdmin))[0]?.criteria).toEqual({ status: 'contacted', owner: 'none' });

    only(await s.asAdmin(deleteLeadViewAdmin, { viewId: saved.id }));
    expect(await views(s.asAdmin)).toEqual([]);
    const again = await s.asAdmin(deleteLeadViewAdmin, { viewId: saved.id });
    expect(again.body.errorCode).toBe(404);
  });

  it('refuses a view without filters, bad filters and one view too many, changing nothing', async () => {
    const before = await dataFingerprint(server.app);
    const empty = await s.asAdmin(saveLeadViewAdmin, { name: '全部' });
    expect(empty.body.errors).toEqual([{ field: 'name', message: '请先设置至少一个筛选条件再保存视图' }]);
    const bad = await s.asAdmin(saveLeadViewAdmin, { name: '', status: 'maybe', owner: 'somebody' });
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'name',
      'owner',
      'status',
    ]);
    const long = await s.asAdmin(saveLeadViewAdmin, { name: '名'.repeat(21), status: 'new' });
    expect(long.body.errors[0].field).toBe('name');
    expect(await dataFingerprint(server.app)).toEqual(before);

    for (let i = 1; i <= LEAD_VIEWS_MAX; i++)
      only(await s.asAdmin(saveLeadViewAdmin, { name: `视图${i}`, region: `地区${i}` }));
    const over = await s.asAdmin(saveLeadViewAdmin, { name: '再多一个', status: 'new' });
    expect(over.body.errors).toEqual([{ field: 'name', message: '最多保存 20 个视图，请先删除不用的视图' }]);
    // Replacing one of the twenty is still allowed.
    only(await s.asAdmin(saveLeadViewAdmin, { name: '视图1', status: 'won' }));
    expect(await views(s.asAdmin)).toHaveLength(LEAD_VIEWS_MAX);
  });
});
