/**
 * What one uncached page render costs the server (npm run bench:render; issue 20 item 2). Starts the
 * real server (npm start's entry) on a fresh PGlite database with the page cache off, then requests each
 * page one at a time and reads the server process's CPU time (main thread and database thread together,
 * from /proc) before and after: milliseconds of CPU per render, which a busy shared machine disturbs far
 * less than req/s. With RENDER_PROFILE=dir the server runs under `node --cpu-prof` and the top functions
 * by self time are printed per run.
 *   RENDER_REQUESTS (200 per page), RENDER_DATA_CACHE=off (PUBLIC_CACHE_TTL_MS=0: every read from the
 *   database as well), RENDER_PAGES=/home,/news/detail/2 (default: the four pages of bench:throughput).
 * Goal (issue 20): under 10 ms of server time per uncached page. Prints, never fails.
 */

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverArgs } from '../apps/server/test/process';

const requests = Number(process.env.RENDER_REQUESTS ?? 200);
const profileDir = process.env.RENDER_PROFILE;
const dataCacheOff = process.env.RENDER_DATA_CACHE === 'off';
const pages = (process.env.RENDER_PAGES ?? '/home,/news/1881,/news/detail/2,/priceShop').split(',');
const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** utime + stime of the whole process (every thread), in ms. */
const cpuMs = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
};

/** CLOCK_MONOTONIC in µs: the clock of V8's profile timestamps, the same in every process of the machine. */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** The measured stretch of each page, to keep only its samples from the profiles. */
const windows: { page: string; from: number; to: number }[] = [];

const main = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'yuexun-bench-render-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const proc = spawn(
    process.execPath,
    [
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval=200'] : []),
      ...serverArgs(),
    ],
    {
      cwd: new URL('../', import.meta.url),
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        PAGE_CACHE_MAX_BYTES: '0',
        ...(dataCacheOff ? { PUBLIC_CACHE_TTL_MS: '0' } : {}),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  try {
    for (let i = 0; ; i++) {
      if (i > 1500 || proc.exitCode !== null) throw new Error('server did not start');
      if (
        await fetch(`${url}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const pid = proc.pid as number;
    console.log(
      `Uncached render cost: ${requests} requests per page, one at a time, data cache ${dataCacheOff ? 'off' : 'on'}${profileDir ? ', under --cpu-prof (slower)' : ''}`,
    );
    console.log('page                     CPU ms/render   wall ms/render   KB');
    for (const page of pages) {
      windows.push({ page, from: 0, to: 0 });
      const window = windows[windows.length - 1] as (typeof windows)[number];
      // Warm-up: modules loaded, JIT warm, the read cache filled.
      for (let i = 0; i < 30; i++) await fetch(`${url}${page}?warm=${i}`).then((r) => r.arrayBuffer());
      const cpu0 = cpuMs(pid);
      const t0 = performance.now();
      window.from = monotonicUs();
      let bytes = 0;
      for (let i = 0; i < requests; i++) {
        const res = await fetch(`${url}${page}?r=${i}`, { headers: { 'accept-encoding': 'identity' } });
        bytes = (await res.arrayBuffer()).byteLength;
        if (res.status !== 200) throw new Error(`${page}: ${res.status}`);
      }
      window.to = monotonicUs();
      const wall = (performance.now() - t0) / requests;
      const cpu = (cpuMs(pid) - cpu0) / requests;
      console.log(
        `${page.padEnd(24)} ${cpu.toFixed(2).padStart(13)} ${wall.toFixed(2).padStart(16)} ${(bytes / 1024).toFixed(1).padStart(6)}`,
      );
    }
  } finally {
    await new Promise<void>((resolve) => {
      if (proc.exitCode !== null) return resolve();
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (profileDir) summarise(profileDir);
};

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

const where = (url: string, line: number) =>
  url
    ? ` ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(apps|packages)\//, '$1/')}:${line + 1}`
    : '';

/**
 * Top functions by self time within each page's measured stretch, per thread (the server's main thread
 * and the database thread; threads idle in the stretch are left out), in ms of CPU per render.
 */
const summarise = (dir: string) => {
  // For a closer look at the same stretches (a flame chart, callers of a function).
  writeFileSync(join(dir, 'windows.json'), JSON.stringify(windows));
  const profiles = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((file) => ({
      file,
      ...(JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
        nodes: ProfileNode[];
        samples: number[];
        timeDeltas: number[];
        startTime: number;
      }),
    }));
  for (const window of windows) {
    for (const profile of profiles) {
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const self = new Map<string, number>();
      let busy = 0;
      let at = profile.startTime;
      profile.samples.forEach((id, i) => {
        const dt = profile.timeDeltas[i] ?? 0;
        at += dt;
        const node = byId.get(id);
        if (!node || at < window.from || at > window.to) return;
        const { functionName, url, lineNumber } = node.callFrame;
        if (functionName === '(idle)') return;
        busy += dt / 1000;
        const key = `${functionName || '(anonymous)'}${where(url, lineNumber)}`;
        self.set(key, (self.get(key) ?? 0) + dt / 1000);
      });
      if (busy < 0.05 * ((window.to - window.from) / 1000)) continue;
      console.log(
        `\n${window.page}, ${profile.file}: ${(busy / requests).toFixed(2)} ms busy per render (sampled); top self time per render`,
      );
      for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
        console.log(
          `${(ms / requests).toFixed(3).padStart(7)} ms ${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${key}`,
        );
      }
    }
  }
};

await main().catch((error: unknown) => {
  console.log(`render benchmark stopped early: ${error instanceof Error ? error.message : String(error)}`);
});
