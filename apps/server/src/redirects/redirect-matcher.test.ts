import { describe, expect, it } from 'vitest';
import { followChain, locationOf, type MatchedRule, RedirectMatcher, sourceKey } from './redirect-matcher';

const rule = (
  id: number,
  fromPath: string,
  toUrl: string,
  matchType: 'exact' | 'prefix' = 'exact',
): MatchedRule => ({
  id,
  fromPath,
  matchType,
  toUrl,
  statusCode: 301,
});

describe('redirect matcher', () => {
  const matcher = new RedirectMatcher([
    rule(1, '/新闻/列表.asp', '/news/1881'),
    rule(2, '/old/', '/home', 'prefix'),
    rule(3, '/old/products/', '/priceShop', 'prefix'),
    rule(4, '/show.asp?id=7&cat=2', '/news/detail/7'),
  ]);

  it('compares paths decoded and without a trailing slash', () => {
    expect(matcher.match('/%E6%96%B0%E9%97%BB/%E5%88%97%E8%A1%A8.asp')?.id).toBe(1);
    expect(matcher.match('/新闻/列表.asp/')?.id).toBe(1);
    expect(matcher.match('/%E6%96%B0%E9%97%BB%ZZ')).toBeNull();
  });

  it('prefers the longest prefix, and an exact query in any order', () => {
    expect(matcher.match('/old/products/a.html')?.id).toBe(3);
    expect(matcher.match('/old/about.html')?.id).toBe(2);
    expect(matcher.match('/old')?.id).toBe(2);
    expect(matcher.match('/older')).toBeNull();
    expect(matcher.match('/show.asp', 'cat=2&id=7')?.id).toBe(4);
    expect(matcher.match('/show.asp', 'cat=2&id=8')).toBeNull();
  });

  it('treats /a?x=1&y=2 and /a/?y=2&x=1 as one source', () => {
    expect(sourceKey('exact', '/a?x=1&y=2')).toBe(sourceKey('exact', '/a/?y=2&x=1'));
    expect(sourceKey('exact', '/a')).not.toBe(sourceKey('prefix', '/a'));
  });

  it('puts site paths under the base path and leaves other addresses alone', () => {
    expect(locationOf('/news/detail/12', '/portal/')).toBe('/portal/news/detail/12');
    expect(locationOf('https://old.example.com/x', '/portal/')).toBe('https://old.example.com/x');
  });

  it('follows a chain through this site (also by its own host) and stops at another site', () => {
    const rules = [rule(1, '/a', '/b'), rule(2, '/b', 'https://www.example.cn/c'), rule(3, '/c', '/a')];
    const loop = followChain(rule(9, '/start', '/a'), rules, ['www.example.cn'], 10);
    expect(loop).toEqual({ ok: false, self: false, chain: ['/start', '/a', '/b', '/c', '/a'] });
    expect(followChain(rule(9, '/start', '/a'), rules, [], 10)).toEqual({ ok: true });
    expect(followChain(rule(1, '/a', '/b'), [], [], 10)).toEqual({ ok: true });
  });

  it('refuses a chain longer than allowed', () => {
    const rules = Array.from({ length: 12 }, (_, i) => rule(i + 1, `/p${i}`, `/p${i + 1}`));
    expect(followChain(rule(99, '/start', '/p0'), rules, [], 10).ok).toBe(false);
  });
});
