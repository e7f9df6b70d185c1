/**
 * What first-party statistics cost page serving (npm run bench:stats; issue 18, decision 020). Starts
 * the real server twice per database (PGlite, then PostgreSQL) in the same run, statistics on (as deployed) and off (STATS=false), with
 * the page cache on, and drives site pages with autocannon at BENCH_CONNECTIONS (50) for BENCH_SECONDS
 * (10) per round. Rounds go off, on, on, off, … (BENCH_ROUNDS pairs, default 2) so that the machine's
 * drift during the run weighs on both alike. Requests look like people's: a phone or desktop browser's
 * user agent out of a few dozen and an address of its own per request (one visitor each, as a busy day
 * has), some with a Baidu referrer and UTM tags, so every answer goes through the recorder (a crawler's would go to the spider log).
 * Prints req/s, p99 and the server's CPU time per request (from /proc, so that other load on a shared
 * machine does not blur it) per page and mode, and the ratios on ÷ off (goal ≥ 0.9). Prints, never fails.
 * First it weighs the site pages as bench/pages.bench.ts does (JS on load, gzipped, budget 15 KB) and
 * the statistics beacon (≤ 1 KB gzipped); BENCH_WEIGHTS=false skips that.
 *   BENCH_DRIVERS=pglite|postgres  only one of them (default both; PostgreSQL at BENCH_PG_URL, default
 *     postgres://postgres@127.0.0.1:5432/test, two throw-away databases)
 *   BENCH_CPU_PROF=dir  also writes each server's CPU profiles (node --cpu-prof) to dir/stats-on, dir/stats-off
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import pg from 'pg';
import { serverArgs } from '../apps/server/test/process';
import { CHROMIUM_ARGS } from '../e2e/playwright.config';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const cpuProf = process.env.BENCH_CPU_PROF;
const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const PAGES = [
  ['/home', '/home'],
  ['article', '/news/detail/2'],
] as const;

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** Browsers as a day's visitors bring them: a few dozen user agents, each on many addresses. */
const AGENTS = Array.from({ length: 40 }, (_, i) => `${i % 3 === 0 ? DESKTOP : PHONE} build/${i}`);

/**
 * Every request a visitor of its own (its own address, through X-Forwarded-For as behind the
 * deployment's proxy); one in four from a Baidu search, one in eight tagged by a campaign.
 */
const visitors = (path: string): autocannon.Request[] => {
  let n = 0;
  return [
    {
      method: 'GET',
      setupRequest: (req) => {
        const i = n++;
        const headers: Record<string, string> = {
          'user-agent': AGENTS[i % AGENTS.length] as string,
          'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
          accept: 'text/html',
        };
        if (i % 4 === 0) headers.referer = 'https://www.baidu.com/s?wd=%E6%99%BA%E6%85%A7%E6%A0%A1%E5%9B%AD';
        const query = i % 8 === 0 ? '?utm_source=baidu&utm_campaign=spring' : '';
        return { ...req, path: `${path}${query}`, headers: { ...req.headers, ...headers } };
      },
    },
  ];
};

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** Starts the product like `npm start` (request logs off: they would be measured too) and waits for /readyz. */
const startServer = async (env: Record<string, string>, name: string) => {
  const port = await freePort();
  // One directory per server: every thread (main and PGlite's) writes a profile of its own.
  const flags = cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${join(cpuProf, name)}`] : [];
  const proc = spawn(process.execPath, [...flags, ...serverArgs()], {
    cwd: new URL('../', import.meta.url),
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1500; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { proc, url };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become ready');
};

const stop = (proc: ReturnType<typeof spawn>) =>
  new Promise<void>((resolve) => {
    if (proc.exitCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill('SIGTERM');
  });

/** The server's CPU time so far in ms (Linux /proc; null elsewhere): its cost, whatever else the machine runs. */
const cpuMs = (pid: number | undefined) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
};

const measure = async (server: { url: string; proc: ReturnType<typeof spawn> }, path: string) => {
  const before = cpuMs(server.proc.pid);
  const result = await autocannon({
    url: server.url,
    connections,
    duration: seconds,
    requests: visitors(path),
  });
  const after = cpuMs(server.proc.pid);
  const cpu = before !== null && after !== null ? after - before : Number.NaN;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuPerRequest: cpu / Math.max(result.requests.total, 1),
  };
};

/** The JavaScript budget of a site page on load, gzipped (issue 5), and the beacon's own limit (issue 18). */
const JS_BUDGET = 15 * 1024;
const BEACON_BUDGET = 1024;
const WEIGHED = [
  ['/home', '/home'],
  ['news list', '/news/1881'],
  ['article', '/news/detail/2'],
  ['price shop', '/priceShop'],
] as const;

/**
 * As bench/pages.bench.ts weighs pages (scripts fetched on load and inline scripts, gzipped, at 375 px
 * in Chromium), plus the statistics beacon: the inline statement that calls navigator.sendBeacon.
 */
const weighPages = async (url: string) => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    console.log('\npage            JS on load (gzip)   budget   beacon (gzip)');
    for (const [name, path] of WEIGHED) {
      const page = await browser.newPage({ viewport: { width: 375, height: 740 }, userAgent: PHONE });
      let js = 0;
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return;
        js += gzipSync(await response.body().catch(() => Buffer.alloc(0))).length;
      });
      await page.goto(`${url}${path}`, { waitUntil: 'networkidle' });
      const inline = await page.evaluate<string[]>(
        "[...document.querySelectorAll('script:not([src])')].map((s) => s.textContent ?? '')",
      );
      js += inline.reduce((sum, text) => sum + gzipSync(text).length, 0);
      const beacon = inline
        .flatMap((text) => text.split('\n'))
        .filter((line) => line.includes('sendBeacon'))
        .join('\n');
      const beaconGzip = beacon ? gzipSync(beacon).length : 0;
      console.log(
        `${name.padEnd(15)} ${`${(js / 1024).toFixed(1)} KB`.padStart(17)} ${js <= JS_BUDGET ? '   within' : '     OVER'} ${`${beaconGzip} B`.padStart(15)}${beacon && beaconGzip <= BEACON_BUDGET ? '' : ' (missing or over 1 KB)'}`,
      );
      await page.close();
    }
  } finally {
    await browser.close();
  }
};

type Totals = Map<string, { rps: number[]; p99: number[]; cpu: number[]; errors: number }>;

/** One database's pair of servers, statistics off and on, measured in alternating rounds. */
const pass = async (label: string, envOff: Record<string, string>, envOn: Record<string, string>) => {
  const off = await startServer({ ...envOff, STATS: 'false', TRUST_PROXY: 'true' }, `${label}-stats-off`);
  const on = await startServer({ ...envOn, STATS: 'true', TRUST_PROXY: 'true' }, `${label}-stats-on`);
  const totals: Totals = new Map();
  const add = (key: string, r: Awaited<ReturnType<typeof measure>>) => {
    const t = totals.get(key) ?? { rps: [], p99: [], cpu: [], errors: 0 };
    t.rps.push(r.rps);
    t.p99.push(r.p99);
    t.cpu.push(r.cpuPerRequest);
    t.errors += r.errors;
    totals.set(key, t);
  };
  try {
    for (const [name, path] of PAGES) {
      // Warm both: the page cache filled, the code paths compiled.
      for (const server of [off, on])
        await autocannon({ url: server.url, connections, duration: 3, requests: visitors(path) });
      for (let round = 0; round < rounds; round++) {
        const order = round % 2 === 0 ? [off, on] : [on, off];
        for (const server of order)
          add(`${name} ${server === on ? 'on' : 'off'}`, await measure(server, path));
      }
    }
  } finally {
    await Promise.all([stop(off.proc), stop(on.proc)]);
  }
  return totals;
};

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(xs.length, 1);

const print = (label: string, totals: Totals) => {
  console.log(`\n${label}`);
  console.log(
    'page            statistics     req/s   p99 ms   errors   CPU µs/request   on ÷ off (req/s, CPU)',
  );
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  for (const [name] of PAGES) {
    const o = totals.get(`${name} off`);
    const n = totals.get(`${name} on`);
    if (!o || !n) continue;
    const ratio = mean(n.rps) / mean(o.rps);
    // A saturated server's req/s is the inverse of its CPU per request: off's cost ÷ on's.
    const cpuRatio = mean(o.cpu) / mean(n.cpu);
    ratios.push(ratio);
    cpuRatios.push(cpuRatio);
    for (const [mode, t] of [
      ['off', o],
      ['on', n],
    ] as const) {
      const shown = mode === 'on' ? `${ratio.toFixed(2)}, ${cpuRatio.toFixed(2)}` : '';
      console.log(
        `${name.padEnd(15)} ${mode.padEnd(10)} ${mean(t.rps).toFixed(0).padStart(9)} ${mean(t.p99).toFixed(0).padStart(8)} ${String(t.errors).padStart(8)} ${(mean(t.cpu) * 1000).toFixed(0).padStart(16)}   ${shown}`,
      );
    }
  }
  console.log(
    `${label}: statistics on ÷ off, mean over pages: req/s ${mean(ratios).toFixed(2)}, CPU per request ${mean(cpuRatios).toFixed(2)} (goal ≥ 0.90)`,
  );
};

const main = async () => {
  console.log(
    `Statistics on vs off: ${connections} connections, ${seconds} s per round, ${rounds} round pairs, ${process.version}; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const dirs = Array.from({ length: 4 }, () => mkdtempSync(join(tmpdir(), 'yuexun-bench-stats-')));
  const [d0, d1, d2, d3] = dirs as [string, string, string, string];
  const results: [string, Totals][] = [];
  try {
    if (process.env.BENCH_WEIGHTS !== 'false') {
      const server = await startServer({ DATA_DIR: d0, STATS: 'true' }, 'weights');
      try {
        await weighPages(server.url);
      } finally {
        await stop(server.proc);
      }
    }
    if (process.env.BENCH_DRIVERS !== 'postgres')
      results.push(['PGlite', await pass('pglite', { DATA_DIR: d0 }, { DATA_DIR: d1 })]);
    if (process.env.BENCH_DRIVERS !== 'pglite') {
      const admin = new pg.Client({ connectionString: pgAdminUrl });
      const names = [0, 1].map((i) => `yuexun_bench_stats_${Date.now().toString(36)}_${i}`);
      try {
        await admin.connect();
        const urls = [];
        for (const name of names) {
          await admin.query(`create database ${name}`);
          const url = new URL(pgAdminUrl);
          url.pathname = `/${name}`;
          urls.push(url.toString());
        }
        results.push([
          'PostgreSQL',
          await pass(
            'postgres',
            { DATA_DIR: d2, DATABASE_URL: urls[0] as string },
            { DATA_DIR: d3, DATABASE_URL: urls[1] as string },
          ),
        ]);
      } catch (error) {
        console.log(`PostgreSQL part not run: ${(error as Error).message}`);
      } finally {
        for (const name of names)
          await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
        await admin.end().catch(() => {});
      }
    }
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
  for (const [label, totals] of results) print(label, totals);
  console.log(
    `load average at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
};

await main().catch((error: unknown) => {
  console.log(
    `statistics benchmark stopped early: ${error instanceof Error ? error.message : String(error)}`,
  );
});
