/**
 * A crawler's user agent is easy to forge. Where configured (STATS_VERIFY_SPIDERS), the address is
 * checked the way the engines document it: reverse DNS must end in the engine's domain, and that host
 * name must resolve back to the same address (A or AAAA, asked of DNS itself, not the hosts file).
 * Results are cached per crawler and address for a day. The DNS servers are the system's unless
 * STATS_DNS_SERVERS names others (tests point it at a stand-in DNS server on 127.0.0.1).
 */
import { Resolver as DnsResolver } from 'node:dns/promises';
import { isIPv6 } from 'node:net';
import type { Spider, SpiderVerification } from '@yuexun/contract';

const DOMAINS: Partial<Record<Spider, RegExp>> = {
  baidu: /\.(baidu\.com|baidu\.jp)$/,
  sogou: /\.sogou\.com$/,
  so360: /\.(360\.cn|so\.com|haosou\.com)$/,
  bytedance: /\.(bytedance\.com|bytespider\.com|toutiao\.com)$/,
  shenma: /\.(sm\.cn|yisou\.com)$/,
  google: /\.(googlebot\.com|google\.com|googleusercontent\.com)$/,
  bing: /\.search\.msn\.com$/,
  yandex: /\.yandex\.(ru|net|com)$/,
};

const DAY_MS = 86_400_000;
const MAX_CACHED = 10_000;

export type Resolver = {
  reverse: (address: string) => Promise<string[]>;
  lookup: (host: string) => Promise<{ address: string }[]>;
};

/** Asks DNS: PTR, then A or AAAA of the name (the family of the address checked), with a short time-out. */
export const dnsResolver = (servers: readonly string[] = []): Resolver => {
  const dns = new DnsResolver({ timeout: 3000, tries: 2 });
  if (servers.length > 0) dns.setServers([...servers]);
  return {
    reverse: (address) => dns.reverse(address),
    lookup: async (host) => {
      const [v4, v6] = await Promise.all([
        dns.resolve4(host).catch(() => [] as string[]),
        dns.resolve6(host).catch(() => [] as string[]),
      ]);
      return [...v4, ...v6].map((address) => ({ address }));
    },
  };
};

/** IPv6 addresses compare in their full form (DNS may write them shorter or longer). */
const sameAddress = (a: string, b: string) => {
  if (!isIPv6(a) || !isIPv6(b)) return a === b;
  const full = (x: string) => {
    const [head = '', tail = ''] = x.toLowerCase().split('::');
    const h = head ? head.split(':') : [];
    const t = tail ? tail.split(':') : [];
    const middle = x.includes('::') ? Array(8 - h.length - t.length).fill('0') : [];
    return [...h, ...middle, ...t].map((g) => g.replace(/^0+(?=.)/, '')).join(':');
  };
  return full(a) === full(b);
};

export class SpiderVerifier {
  private cache = new Map<string, { result: SpiderVerification; at: number }>();

  constructor(
    private readonly enabled: boolean,
    private readonly resolver: Resolver = dnsResolver(),
  ) {}

  async verify(spider: Spider, address: string): Promise<SpiderVerification> {
    const domain = DOMAINS[spider];
    if (!this.enabled || !domain) return 'unverified';
    // An IPv4 client of a server listening on IPv6 arrives as ::ffff:a.b.c.d; DNS knows it as a.b.c.d.
    address = address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
    const key = `${spider} ${address}`;
    const cached = this.cache.get(key);
    if (cached && Date.now() - cached.at < DAY_MS) return cached.result;
    const result = await this.check(domain, address);
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    this.cache.set(key, { result, at: Date.now() });
    return result;
  }

  private async check(domain: RegExp, address: string): Promise<SpiderVerification> {
    try {
      const names = await this.resolver.reverse(address);
      for (const name of names) {
        if (!domain.test(name.toLowerCase())) continue;
        const forward = await this.resolver.lookup(name);
        if (forward.some((a) => sameAddress(a.address, address))) return 'yes';
      }
      return 'no';
    } catch {
      // No PTR record at all: not the engine (their crawlers all have one).
      return 'no';
    }
  }
}
