/**
 * Memory and start-up (npm run bench:memory, issue 29). Starts the compiled server as `npm start` does, on the
 * embedded database (a fresh data folder) and on a throw-away PostgreSQL database, and reads its memory after
 * each step of a day's work:
 *   first start (migrations and demo seed), idle; a restart on the same data, idle (the start-up time to
 *   /readyz 200 is this restart's, on a prepared build); bench:throughput's cached phase (its pages at
 *   BENCH_CONNECTIONS for BENCH_SECONDS); its uncached phase (every article, each request an address not kept
 *   yet, so every one renders and the page cache fills to its bound); 1,000 leads (each its own visitor);
 *   a crawl of every address in the sitemap; the hourly upkeep of the embedded database (run at once with
 *   SIGUSR2), then idle again.
 * Figures: resident set (anonymous and file-backed, /proc/PID/status), the server thread's V8 heap (used /
 * total, through bench/memory-probe.mjs on the IPC channel), and the embedded database's WebAssembly memory
 * (its size and how much of it is resident: the read-write mapping V8 keeps in front of the memory's reserved
 * address range, from /proc/PID/smaps). Peak: VmHWM. Prints, never fails. The machine's load average is printed:
 * memory figures hold on a busy machine, start-up times do not.
 *   BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test); BENCH_DATABASES=pglite skips PostgreSQL.
 *   BENCH_MACHINE_MEMORY_MB (default 2048): the V8 heap Node gives a server of that memory (below).
 *   BENCH_NODE_FLAGS: V8/Node flags for the server process (for an A/B of e.g. `--max-semi-space-size=2`; environment
 *   settings such as MALLOC_ARENA_MAX reach the server from the bench's own environment).
 *   BENCH_HEAP_SNAPSHOT=1: a heap snapshot of the server thread at the end, summarised (bench/memory-readings.ts).
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { mb, type Reading, read, sleep, snapshotSummary, startServer, stopServer } from './memory-server';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const LEADS = 1000;
/**
 * Node sizes V8's heap from the machine's memory (old generation a quarter of it, semi-spaces old/128 up to
 * 16 MB): on this 24 GB machine V8 lets garbage pile up towards a 4 GB limit before it bothers to collect, which
 * a 2 GiB server never does. So the server runs with the heap Node would give it on BENCH_MACHINE_MEMORY_MB
 * (default 2048, the server a small vendor rents; 0: this machine's own).
 */
const machineMb = Number(process.env.BENCH_MACHINE_MEMORY_MB ?? 2048);
const machineFlags = machineMb
  ? [
      `--max-old-space-size=${machineMb / 4}`,
      `--max-semi-space-size=${Math.min(16, Math.max(1, machineMb / 4 / 128))}`,
    ]
  : [];
const nodeFlags = [...machineFlags, ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean)];

const PAGES = ['/home', '/news/1881', '/news/detail/2', '/priceShop'];

const load = (url: string, options: Partial<autocannon.Options> = {}) =>
  autocannon({ url, connections, duration: seconds, ...options });

const sitemapPaths = async (base: string) => {
  const xml = await fetch(`${base}/sitemap.xml`).then((r) => r.text());
  return [...xml.matchAll(/<loc>https?:\/\/[^/<]+(\/[^<]*)<\/loc>/g)].map((m) => m[1] as string);
};

const form = (fields: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString();

let phone = 0;
/** 1,000 leads, each its own visitor (phone and address behind a trusted proxy), 10 at a time. */
const postLeads = async (base: string) => {
  let next = 0;
  const one = async () => {
    while (next < LEADS) {
      next++;
      const n = phone++;
      await fetch(`${base}/store/api/v1.0/createCustomerIntentionSALEPPublic.json`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        },
        body: form({
          siteId: 75,
          privacyConsent: 'on',
          contactName: '内存测试',
          phone: `136${String(n).padStart(8, '0')}`,
          schoolName: '内存测试学校',
          region: '上海市',
          schoolType: 'primary',
          role: '信息主任',
        }),
      }).then((r) => r.arrayBuffer());
    }
  };
  await Promise.all(Array.from({ length: 10 }, one));
};

/** Every address of the sitemap once, four at a time, as a search engine's crawler reads a site. */
const crawl = async (base: string) => {
  const paths = await sitemapPaths(base);
  let next = 0;
  const one = async () => {
    while (next < paths.length) {
      const path = paths[next++] as string;
      await fetch(`${base}${path}`).then((r) => r.arrayBuffer());
    }
  };
  await Promise.all(Array.from({ length: 4 }, one));
  return paths.length;
};

const benchDatabase = async (label: string, env: Record<string, string>, embedded: boolean) => {
  const readings: Reading[] = [];
  const timings: string[] = [];
  const heap: string[] = [];
  let server = await startServer(env, nodeFlags);
  timings.push(`first start (migrations, demo seed) to /readyz: ${(server.readyMs / 1000).toFixed(2)} s`);
  await sleep(3000);
  readings.push(await read(server, 'idle after first start'));
  await stopServer(server);

  server = await startServer(env, nodeFlags);
  timings.push(`restart (prepared build and data) to /readyz: ${(server.readyMs / 1000).toFixed(2)} s`);
  try {
    await sleep(3000);
    readings.push(await read(server, 'idle after restart'));

    for (const path of PAGES) await load(`${server.url}${path}`);
    readings.push(await read(server, `cached pages (${PAGES.length} × ${seconds} s)`));

    const articles = (await sitemapPaths(server.url)).filter((p) => /detail\/\d+$/.test(p));
    let n = 0;
    await load(`${server.url}/home`, {
      requests: articles.map((path) => ({
        method: 'GET' as const,
        setupRequest: (req: autocannon.Request) => ({ ...req, path: `${path}?uncached=${n++}` }),
      })),
    });
    readings.push(await read(server, `uncached articles (${n} renders)`));

    await postLeads(server.url);
    readings.push(await read(server, `${LEADS} leads`));

    const crawled = await crawl(server.url);
    readings.push(await read(server, `crawl (${crawled} addresses)`));

    if (embedded) {
      server.proc.kill('SIGUSR2');
      // The pass takes well under a second on this data; the probe then waits its turn behind nothing.
      await sleep(5000);
      readings.push(await read(server, 'hourly upkeep (VACUUM ANALYZE)'));
    }
    await sleep(3000);
    readings.push(await read(server, 'idle at the end'));
    if (process.env.BENCH_HEAP_SNAPSHOT === '1')
      heap.push(...(await snapshotSummary(server, env.DATA_DIR ?? tmpdir())));
  } finally {
    await stopServer(server);
  }
  return { label, readings, timings, heap };
};

const print = ({ label, readings, timings, heap }: Awaited<ReturnType<typeof benchDatabase>>) => {
  console.log(`\n${label}`);
  for (const t of timings) console.log(`  ${t}`);
  console.log(
    `  ${'step'.padEnd(36)} ${'RSS'.padStart(6)} ${'anon'.padStart(6)} ${'file'.padStart(6)} ${'peak'.padStart(6)} ${'heap used/total'.padStart(16)} ${'WASM size/resident'.padStart(19)}   (MB)`,
  );
  for (const r of readings) {
    console.log(
      `  ${r.step.padEnd(36)} ${mb(r.rss).padStart(6)} ${mb(r.anon).padStart(6)} ${mb(r.file).padStart(6)} ${mb(r.peak).padStart(6)} ${`${mb(r.heapUsed)}/${mb(r.heapTotal)}`.padStart(16)} ${`${mb(r.wasmSize)}/${mb(r.wasmResident)}`.padStart(19)}`,
    );
  }
  for (const line of heap) console.log(`  ${line}`);
};

const main = async () => {
  console.log(
    `Memory and start-up: ${connections} connections, ${seconds} s per load step, ${process.version}${machineMb ? `, V8 heap as on a ${machineMb} MB server` : ''}${nodeFlags.length ? ` ${nodeFlags.join(' ')}` : ''}${process.env.MALLOC_ARENA_MAX ? ` MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX}` : ''}; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
  if (databases.includes('pglite')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'yuexun-bench-memory-'));
    try {
      print(await benchDatabase('embedded database (PGlite)', { DATA_DIR: dataDir }, true));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (databases.includes('postgres')) {
    const name = `yuexun_bench_memory_${process.pid}`;
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    try {
      await admin.connect();
      await admin.query(`create database ${name}`);
    } catch (error) {
      console.log(`\nPostgreSQL skipped: ${(error as Error).message}`);
      await admin.end().catch(() => {});
      return;
    }
    const dataDir = mkdtempSync(join(tmpdir(), 'yuexun-bench-memory-'));
    try {
      const url = new URL(pgAdminUrl);
      url.pathname = `/${name}`;
      print(await benchDatabase('PostgreSQL', { DATA_DIR: dataDir, DATABASE_URL: url.toString() }, false));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
};

await main();
