import { describe, expect, it } from 'vitest';
import access, { isRouteAccessible } from './access';

describe('access', () => {
  it('grants canAdmin only when access is admin', () => {
    expect(access({ currentUser: { access: 'admin' } }).canAdmin).toBe(true);
    expect(access({ currentUser: { access: 'user' } }).canAdmin).toBe(false);
    expect(access({ currentUser: null }).canAdmin).toBe(false);
    expect(access(undefined).canAdmin).toBe(false);
  });

  it('grants canManageSite only to admins of the vendor, whatever their school access', () => {
    expect(access({ currentUser: { access: 'user', siteAccess: 'admin' } }).canManageSite).toBe(true);
    expect(access({ currentUser: { access: 'admin', siteAccess: null } }).canManageSite).toBe(false);
    expect(access({ currentUser: { access: 'admin', siteAccess: 'user' } }).canManageSite).toBe(false);
    expect(access(undefined).canManageSite).toBe(false);
  });

  it('hides a route whose key maps to false and keeps routes without a key', () => {
    const table = access({ currentUser: { access: 'user' } });
    expect(isRouteAccessible({ path: '/admin', access: 'canAdmin' }, table)).toBe(false);
    expect(isRouteAccessible({ path: '/welcome' }, table)).toBe(true);
    expect(
      isRouteAccessible({ path: '/admin', access: 'canAdmin' }, access({ currentUser: { access: 'admin' } })),
    ).toBe(true);
  });

  it('accepts a function of the route as the access value', () => {
    const table = { canSee: (route: { path?: string }) => route.path === '/a' };
    expect(isRouteAccessible({ path: '/a', access: 'canSee' }, table)).toBe(true);
    expect(isRouteAccessible({ path: '/b', access: 'canSee' }, table)).toBe(false);
  });

  it('hides a parent whose children are all inaccessible', () => {
    const table = access({ currentUser: { access: 'user' } });
    const parent = {
      path: '/users',
      routes: [
        { path: '/users/a', access: 'canAdmin' },
        { path: '/users/b', access: 'canAdmin' },
      ],
    };
    expect(isRouteAccessible(parent, table)).toBe(false);
    expect(isRouteAccessible(parent, access({ currentUser: { access: 'admin' } }))).toBe(true);
    expect(
      isRouteAccessible(
        { path: '/mixed', routes: [{ path: '/mixed/a', access: 'canAdmin' }, { path: '/mixed/b' }] },
        table,
      ),
    ).toBe(true);
  });
});
