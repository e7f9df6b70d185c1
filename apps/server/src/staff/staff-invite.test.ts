/**
 * Staff invitations through the real server on both databases: create with an invitation link or an
 * initial password; used / expired / tampered links and weak passwords change nothing.
 */
import { createStaffTenant, inquireStaffListTenant } from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPhone, sessionOf } from '../../test/accounts';
import { only } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';
import { STAFF_PASSWORD, staffCalls } from '../../test/staff';
import { employee, passwordLink, tenant } from '../db/schema';

const _PASSWORD = STAFF_PASSWORD;

describe.each(drivers)('staff management on %s', (driver) => {
  let server: TestServer;
  let admin: string;
  const { asAdmin, link, setPassword, create, signIn } = staffCalls(
    () => server,
    () => admin,
  );

  beforeAll(async () => {
    server = await startServer(driver);
    admin = await sessionOf(server, 'admin');
  });
  afterAll(() => server.close());

  it('creates a colleague with an invitation link that sets the password once', async () => {
    const phone = freshPhone();
    const made = await create({ name: '林编辑', phone, email: 'lin@example.cn', credential: 'invite' });
    expect(made).toMatchObject({
      credential: 'invite',
      initialPassword: null,
      linkToken: expect.stringMatching(/^[\w-]{43}$/),
      member: { name: '林编辑', phone, username: phone, email: 'lin@example.cn', status: 'active' },
    });
    expect(made.member.hasPassword).toBe(false);
    expect(only(await link(made.linkToken))).toEqual({
      purpose: 'invite',
      name: '林编辑',
      username: phone,
      expiresAt: made.linkExpiresAt,
    });
    expect(only(await setPassword(made.linkToken))).toEqual({ username: phone });
    expect((await signIn(phone)).success).toBe(true);

    // Used: a clear answer on both calls, and nothing changes.
    const before = await dataFingerprint(server.app);
    expect((await link(made.linkToken)).body).toMatchObject({
      status: 409,
      errorMessage: expect.stringContaining('已使用'),
    });
    expect((await setPassword(made.linkToken, 'Another-2026x')).body).toMatchObject({ status: 409 });
    expect(await dataFingerprint(server.app)).toEqual(before);
    expect((await signIn(phone, 'Another-2026x')).success).toBe(false);
  });

  it('refuses a tampered or expired link and a weak password without changing anything', async () => {
    const made = await create({ credential: 'invite' });
    const tampered = `${made.linkToken.slice(0, -1)}${made.linkToken.endsWith('A') ? 'B' : 'A'}`;
    const before = await dataFingerprint(server.app);
    for (const token of [tampered, 'short', '']) {
      const { body } = await setPassword(token);
      expect(body.success).toBe(false);
      expect(body.errorMessage).toContain('链接无效');
    }
    expect((await setPassword(made.linkToken, 'abc')).body).toMatchObject({
      status: 400,
      errorMessage: expect.stringContaining('新密码'),
    });
    await server.app.db
      .update(passwordLink)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordLink.accountId, made.member.accountId));
    const expired = await setPassword(made.linkToken);
    expect(expired.body).toMatchObject({ status: 409, errorMessage: expect.stringContaining('已过期') });
    expect((await link(made.linkToken)).body.errorMessage).toContain('已过期');
    expect(await dataFingerprint(server.app)).not.toEqual(before); // only the expiry we moved ourselves
    expect(only(await asAdmin(inquireStaffListTenant, { keyword: made.member.phone })).hasPassword).toBe(
      false,
    );
  });

  it('creates with an initial password shown once; an existing account joins with its own', async () => {
    const made = await create({ name: '钱销售', credential: 'password' });
    expect(made.credential).toBe('password');
    expect(made.linkToken).toBeNull();
    expect(made.initialPassword).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{12,}$/);
    expect((await signIn(made.member.phone, made.initialPassword)).success).toBe(true);

    // A teacher of another school, by phone: joins with the account it has.
    const second = await server.app.db
      .select({ id: tenant.id })
      .from(tenant)
      .where(eq(tenant.name, '明德初级中学'));
    const phone = freshPhone();
    const first = await create({ phone, credential: 'password' });
    await server.app.db
      .update(employee)
      .set({ tenantId: second[0]?.id as number })
      .where(eq(employee.id, first.member.employeeId));
    const joined = await create({ phone, name: '共享老师', credential: 'password' });
    expect(joined).toMatchObject({ credential: 'existing', initialPassword: null, linkToken: null });
    expect(joined.member.accountId).toBe(first.member.accountId);

    const before = await dataFingerprint(server.app);
    expect((await asAdmin(createStaffTenant, { name: '重复', phone, access: 'user' })).body).toMatchObject({
      status: 409,
      errorMessage: '该手机号已是本单位员工',
    });
    expect(await dataFingerprint(server.app)).toEqual(before);
  });
});
