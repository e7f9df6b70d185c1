/**
 * Which rule answers a site address, held in memory (built from the enabled rules and kept in the
 * public read cache, so every instance follows a change within the cache time). An exact rule with a
 * query matches that path with the same parameters in any order; an exact rule without one matches
 * the path whatever its query; otherwise the longest matching prefix wins. Paths compare decoded
 * (%E6%96%B0 and 新 are one address) and without a trailing slash.
 */
import type { RedirectMatchType, RedirectStatusCode } from '@yuexun/contract';

export interface MatchedRule {
  id: number;
  fromPath: string;
  matchType: RedirectMatchType;
  toUrl: string;
  statusCode: RedirectStatusCode;
}

const decoded = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/** A path as rules compare it: decoded, without a trailing slash (but `/` stays `/`). */
export const comparablePath = (path: string) => {
  const d = decoded(path);
  return d.length > 1 ? d.replace(/\/+$/, '') || '/' : d;
};

/** A query in a stable order ('' for none). */
export const comparableQuery = (query: string) => {
  const raw = query.startsWith('?') ? query.slice(1) : query;
  if (!raw) return '';
  const params = new URLSearchParams(raw);
  params.sort();
  return params.toString();
};

export const splitAddress = (address: string) => {
  const q = address.indexOf('?');
  return q < 0 ? { path: address, query: '' } : { path: address.slice(0, q), query: address.slice(q + 1) };
};

/** What makes two rules the same source: the compared path (and sorted query) for exact rules. */
export const sourceKey = (matchType: RedirectMatchType, fromPath: string) =>
  matchType === 'exact' ? `exact ${exactKey(fromPath)}` : `prefix ${decoded(fromPath)}`;

const exactKey = (address: string) => {
  const { path, query } = splitAddress(address);
  const q = comparableQuery(query);
  return q ? `${comparablePath(path)}?${q}` : comparablePath(path);
};

export class RedirectMatcher {
  private readonly exact = new Map<string, MatchedRule>();
  private readonly prefixes: { prefix: string; rule: MatchedRule }[];

  constructor(rules: readonly MatchedRule[]) {
    const prefixes: { prefix: string; rule: MatchedRule }[] = [];
    for (const rule of rules) {
      if (rule.matchType === 'exact') this.exact.set(exactKey(rule.fromPath), rule);
      else prefixes.push({ prefix: decoded(rule.fromPath), rule });
    }
    this.prefixes = prefixes.sort((a, b) => b.prefix.length - a.prefix.length);
  }

  get size() {
    return this.exact.size + this.prefixes.length;
  }

  /** The rule for a site path and its query (without `?`), or null. */
  match(path: string, query = ''): MatchedRule | null {
    const p = comparablePath(path);
    const q = comparableQuery(query);
    if (q) {
      const withQuery = this.exact.get(`${p}?${q}`);
      if (withQuery) return withQuery;
    }
    const plain = this.exact.get(p);
    if (plain) return plain;
    const full = decoded(path);
    for (const { prefix, rule } of this.prefixes) {
      if (full.startsWith(prefix) || `${full}/`.startsWith(prefix)) return rule;
    }
    return null;
  }
}

/**
 * Where a rule sends the visitor: a site path under the base path, an absolute address as it is.
 */
export const locationOf = (toUrl: string, basePath: string) =>
  toUrl.startsWith('/') ? `${basePath}${toUrl.slice(1)}` : toUrl;

export type ChainResult = { ok: true } | { ok: false; self: boolean; chain: string[] };

/**
 * Follows `start` (the new rule) through `rules` as a visitor's browser would: refused when it comes back
 * to a rule already followed (A → B → A, or a rule that matches its own target) or runs longer than
 * `maxHops`. `ownHosts`: absolute targets on these hosts are this site's paths.
 */
export const followChain = (
  start: MatchedRule,
  rules: readonly MatchedRule[],
  ownHosts: readonly string[],
  maxHops: number,
): ChainResult => {
  const matcher = new RedirectMatcher([...rules.filter((r) => r.id !== start.id), start]);
  const chain = [start.fromPath];
  const seen = new Set<number>([start.id]);
  let rule = start;
  for (let hop = 0; hop < maxHops; hop++) {
    const address = sitePathOfTarget(rule.toUrl, ownHosts);
    if (address === null) return { ok: true };
    chain.push(address);
    const { path, query } = splitAddress(address);
    const next = matcher.match(path, query);
    if (!next) return { ok: true };
    if (seen.has(next.id)) return { ok: false, self: next.id === start.id && hop === 0, chain };
    seen.add(next.id);
    rule = next;
  }
  return { ok: false, self: false, chain };
};

/** The site path a target leads to, or null for another site. */
export const sitePathOfTarget = (toUrl: string, ownHosts: readonly string[]): string | null => {
  if (toUrl.startsWith('/')) return toUrl;
  try {
    const url = new URL(toUrl);
    return ownHosts.includes(url.host.toLowerCase()) ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
};
