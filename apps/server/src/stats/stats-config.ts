/**
 * First-party statistics' settings (STATS_*; decisions 038, issue 31's crawler check), validated with the rest
 * of the environment at start-up (config.ts).
 */
import { z } from 'zod';
import { envFlag as bool, envInt as int } from '../shared/env-fields';

export const statsEnvSchema = {
  /** First-party statistics (page views, beacon, spider log); false turns counting off. */
  STATS: bool.default(true),
  /** Days the search-engine push log is kept (named when raw page views were kept as long: decision 038). */
  STATS_RETENTION_DAYS: int(2, 3650).default(90),
  /** Verify crawlers by reverse and forward DNS (needs outside DNS); otherwise they are marked unverified. */
  STATS_VERIFY_SPIDERS: bool.default(false),
  /**
   * DNS servers (comma-separated address[:port]) the crawler check asks, instead of the system's;
   * tests point it at a stand-in DNS server on 127.0.0.1.
   */
  STATS_DNS_SERVERS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.string().regex(/^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-fA-F:]+\])(:\d{1,5})?$|^[0-9a-fA-F:]+$/, {
          error: 'must be IP addresses with optional ports, comma-separated',
        }),
      ),
    )
    .optional(),
  /** Beacons one client address may send per minute; the rest are dropped quietly. */
  STATS_BEACONS_PER_MINUTE: int(1, 100_000).default(120),
};

type StatsEnv = z.infer<z.ZodObject<typeof statsEnvSchema>>;

export interface StatsConfig {
  enabled: boolean;
  retentionDays: number;
  verifySpiders: boolean;
  /** DNS servers for the crawler check; empty: the system's. */
  dnsServers: string[];
  beaconsPerMinute: number;
}

export const statsConfigOf = (e: StatsEnv): StatsConfig => ({
  enabled: e.STATS,
  retentionDays: e.STATS_RETENTION_DAYS,
  verifySpiders: e.STATS_VERIFY_SPIDERS,
  dnsServers: e.STATS_DNS_SERVERS ?? [],
  beaconsPerMinute: e.STATS_BEACONS_PER_MINUTE,
});
