/**
 * Site throughput (npm run bench:pages, first part). Starts the real server (npm start's entry) on
 * PGlite and on a throw-away PostgreSQL database, each with the page cache on (as deployed) and off
 * (PAGE_CACHE_MAX_BYTES=0: every request rendered; data reads as deployed, so the uncached article row
 * sweeps every article, whose reads are not kept yet either), and drives every page with autocannon at
 * BENCH_CONNECTIONS (50) for
 * BENCH_SECONDS (10): req/s, p99 and the ratio to a static file of similar size served by the same
 * server in the same run. Then the crawler case: 20 connections sweeping every article page, each
 * request a page not kept yet, while 30 connections load /home; prints /home's p99.
 * Goals (issue 20): cached ≥ 0.5× the static file with p99 ≤ 50 ms; an uncached article ≥ 300 req/s
 * on PGlite; /home p99 ≤ 100 ms during the crawl. Prints, never fails.
 *   BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test); BENCH_DATABASES=pglite skips PostgreSQL.
 */

import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { SITE_DIST } from '../apps/server/src/site/build';
import { serverArgs } from '../apps/server/test/process';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** BENCH_CASES=crawl: only the crawler case, on PGlite (to compare settings such as SITE_RENDER_CONCURRENCY). */
const crawlOnly = process.env.BENCH_CASES === 'crawl';
const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const PAGES = [
  ['/home', '/home'],
  ['news list', '/news/1881'],
  ['article', '/news/detail/2'],
  ['price shop', '/priceShop'],
] as const;

interface Row {
  name: string;
  rps: number;
  p99: number;
  bytes: number;
  errors: number;
  non2xx: number;
}

const run = async (
  url: string,
  conns: number,
  requests?: autocannon.Request[],
  duration = seconds,
): Promise<Omit<Row, 'name'>> => {
  const result = await autocannon({ url, connections: conns, duration, ...(requests ? { requests } : {}) });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    bytes: result.requests.average ? result.throughput.average / result.requests.average : 0,
    errors: result.errors,
    non2xx: result.non2xx,
  };
};

/** The build asset closest in size to `bytes` (served by the same server, uncompressed like the pages here). */
const staticFileLike = (bytes: number) => {
  const dir = join(SITE_DIST, 'client', '_astro');
  const files = readdirSync(dir)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => ({ f, size: statSync(join(dir, f)).size }));
  files.sort((a, b) => Math.abs(a.size - bytes) - Math.abs(b.size - bytes));
  return files[0];
};

const articlePaths = async (base: string) => {
  const res = await fetch(`${base}/sitemap.xml`);
  const xml = await res.text();
  // The whole path: a case's canonical address is /demonstrationCase/detail/N (its bare /detail/N answers 301).
  return [...xml.matchAll(/<loc>https?:\/\/[^/<]+(\/[^<]*detail\/\d+)<\/loc>/g)].map((m) => m[1] as string);
};

const benchServer = async (label: string, env: Record<string, string>, rows: Row[], withCrawl: boolean) => {
  const server = await startServer(env);
  try {
    const home = await fetch(`${server.url}/home`).then((r) => r.text());
    const file = staticFileLike(Buffer.byteLength(home));
    if (file && !crawlOnly) {
      const r = await run(`${server.url}/_astro/${file.f}`, connections);
      rows.push({ name: `${label}: static file (${(file.size / 1024).toFixed(0)} KB)`, ...r });
    }
    const articles = await articlePaths(server.url);
    let n = 0;
    // Every crawler request is an address nobody asked for yet: a miss, rendered from the database.
    const crawl = articles.map((path) => ({
      method: 'GET' as const,
      setupRequest: (req: autocannon.Request) => ({ ...req, path: `${path}?crawl=${n++}` }),
    }));
    for (const [name, path] of crawlOnly ? [] : PAGES) {
      await fetch(`${server.url}${path}`);
      // Without the page cache, one article asked again and again would be a read kept in memory.
      const sweep = !withCrawl && name === 'article';
      rows.push({
        name: `${label}: ${sweep ? `${articles.length} articles` : name}`,
        ...(await run(`${server.url}${path}`, connections, sweep ? crawl : undefined)),
      });
    }
    if (!withCrawl) return;
    const [crawler, homeLoad] = await Promise.all([
      run(`${server.url}/home`, 20, crawl),
      run(`${server.url}/home`, 30),
    ]);
    rows.push({ name: `${label}: crawl ${articles.length} articles (20 conns)`, ...crawler });
    rows.push({ name: `${label}: /home during the crawl (30 conns)`, ...homeLoad });
  } finally {
    await new Promise<void>((resolve) => {
      if (server.proc.exitCode !== null) return resolve();
      server.proc.once('exit', () => resolve());
      server.proc.kill('SIGTERM');
    });
  }
};

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** Starts the product like `npm start` (request logs off: they would be measured too) and waits for /readyz. */
const startServer = async (env: Record<string, string>) => {
  const port = await freePort();
  const proc = spawn(process.execPath, serverArgs(), {
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

const print = (rows: Row[]) => {
  console.log(
    '\naddress                                          req/s    p99 ms   KB/answer  × static   errors  non-2xx',
  );
  let staticRps = 0;
  for (const r of rows) {
    if (r.name.includes('static file')) staticRps = r.rps;
    const ratio = staticRps ? (r.rps / staticRps).toFixed(2) : '—';
    console.log(
      `${r.name.padEnd(46)} ${r.rps.toFixed(0).padStart(7)} ${r.p99.toFixed(0).padStart(9)} ${(r.bytes / 1024).toFixed(1).padStart(11)} ${ratio.padStart(9)} ${String(r.errors).padStart(8)} ${String(r.non2xx).padStart(8)}`,
    );
  }
};

const main = async () => {
  console.log(
    `Site throughput: ${connections} connections, ${seconds} s per address, ${process.version}; load average ${(
      await import('node:os')
    )
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const rows: Row[] = [];
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dataDir = mkdtempSync(join(tmpdir(), 'yuexun-bench-tp-'));
  try {
    await benchServer('PGlite cached', { DATA_DIR: dataDir }, rows, true);
    if (!crawlOnly)
      await benchServer('PGlite uncached', { DATA_DIR: dataDir, PAGE_CACHE_MAX_BYTES: '0' }, rows, false);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (process.env.BENCH_DATABASES === 'pglite' || crawlOnly) return print(rows);
  const dbName = `yuexun_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  try {
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    const url = new URL(pgAdminUrl);
    url.pathname = `/${dbName}`;
    const pgDir = mkdtempSync(join(tmpdir(), 'yuexun-bench-tp-'));
    await benchServer('PostgreSQL cached', { DATA_DIR: pgDir, DATABASE_URL: url.toString() }, rows, true);
    await benchServer(
      'PostgreSQL uncached',
      { DATA_DIR: pgDir, DATABASE_URL: url.toString(), PAGE_CACHE_MAX_BYTES: '0' },
      rows,
      false,
    );
    rmSync(pgDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${dbName} with (force)`);
  } catch (error) {
    console.log(`PostgreSQL part not run: ${(error as Error).message}`);
  } finally {
    await admin.end().catch(() => {});
  }
  print(rows);
  console.log(
    `load average at the end ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
};

await main().catch((error: unknown) => {
  console.log(
    `throughput benchmark stopped early: ${error instanceof Error ? error.message : String(error)}`,
  );
});
