/**
 * 角色管理's member counts on both databases: each role counts exactly the organisation's staff holding it
 * (the console shows the number and the delete button warns with it).
 */
import { inquireRoleListTenant, inquireStaffListTenant } from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionOf } from '../../test/accounts';
import { drivers, startServer, type TestServer } from '../../test/server';
import { staffCalls } from '../../test/staff';

describe.each(drivers)('role member counts on %s', (driver) => {
  let server: TestServer;
  let admin: string;
  const { asAdmin, create } = staffCalls(
    () => server,
    () => admin,
  );

  beforeAll(async () => {
    server = await startServer(driver);
    admin = await sessionOf(server, 'admin');
  });
  afterAll(() => server.close());

  const counts = async () => {
    const roles = (await asAdmin(inquireRoleListTenant, {})).body.datas as {
      roleId: number;
      memberCount: number;
    }[];
    return new Map(roles.map((r) => [r.roleId, r.memberCount]));
  };
  const held = async () => {
    const staff = (await asAdmin(inquireStaffListTenant, { pageSize: 100 })).body.datas as {
      roleId: number;
    }[];
    const byRole = new Map<number, number>();
    for (const s of staff) byRole.set(s.roleId, (byRole.get(s.roleId) ?? 0) + 1);
    return byRole;
  };

  it('counts the staff holding each role, and a new colleague adds one to theirs', async () => {
    const before = await counts();
    const holders = await held();
    for (const [roleId, n] of before) expect(n, `role ${roleId}`).toBe(holders.get(roleId) ?? 0);

    const made = await create({ name: '计数测试员' });
    const roleId = made.member.roleId as number;
    const after = await counts();
    expect(after.get(roleId)).toBe((before.get(roleId) ?? 0) + 1);
    for (const [other, n] of after) if (other !== roleId) expect(n).toBe(before.get(other));
  });
});
