/**
 * A crawler's user agent is easy to forge. Where configured (STATS_VERIFY_SPIDERS), the address is
 * checked the way the engines document it: reverse DNS must end in the engine's domain, and that host
 * name must resolve back to the same address. Results are cached per address for a day.
 */
import { promises as dns } from 'node:dns';
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

const systemResolver: Resolver = {
  reverse: (address) => dns.reverse(address),
  lookup: (host) => dns.lookup(host, { all: true }),
};

export class SpiderVerifier {
  private cache = new Map<string, { result: SpiderVerification; at: number }>();

  constructor(
    private readonly enabled: boolean,
    private readonly resolver: Resolver = systemResolver,
  ) {}

  async verify(spider: Spider, address: string): Promise<SpiderVerification> {
    const domain = DOMAINS[spider];
    if (!this.enabled || !domain) return 'unverified';
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
        if (forward.some((a) => a.address === address)) return 'yes';
      }
      return 'no';
    } catch {
      // No PTR record at all: not the engine (their crawlers all have one).
      return 'no';
    }
  }
}
