/**
 * bench:memory's server: `npm start`'s command with bench/memory-probe.mjs loaded (the V8 heap and heap
 * snapshots over the IPC channel), and its memory read from /proc after each step.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { serverArgs } from '../apps/server/test/process';
import { heapSummary, statusKb, wasmMemories } from './memory-readings';

const MB = 1024 * 1024;
export const mb = (bytes: number | null) => (bytes === null ? '–' : (bytes / MB).toFixed(0));

export interface Probe {
  heapUsed: number;
  heapTotal: number;
}

export interface Reading {
  step: string;
  rss: number;
  anon: number;
  file: number;
  peak: number;
  heapUsed: number;
  heapTotal: number;
  wasmSize: number | null;
  wasmResident: number | null;
}

export interface Server {
  proc: ChildProcess;
  url: string;
  readyMs: number;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `npm start`'s server with the probe loaded; the time runs from spawn to the first /readyz 200. */
export const startServer = async (env: Record<string, string>, nodeFlags: string[]): Promise<Server> => {
  const port = await freePort();
  const started = performance.now();
  const proc = spawn(
    process.execPath,
    [...nodeFlags, '--import', './bench/memory-probe.mjs', ...serverArgs()],
    {
      cwd: new URL('../', import.meta.url),
      env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn', TRUST_PROXY: 'true' },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 6000; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { proc, url, readyMs: performance.now() - started };
    await sleep(20);
  }
  throw new Error('server did not become ready');
};

export const stopServer = (server: Server) =>
  new Promise<void>((resolve) => {
    if (server.proc.exitCode !== null) return resolve();
    server.proc.once('exit', () => resolve());
    server.proc.kill('SIGTERM');
  });

const probe = (server: Server) =>
  new Promise<Probe>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the memory probe did not answer')), 10_000);
    server.proc.once('message', (message) => {
      clearTimeout(timer);
      resolve(message as Probe);
    });
    server.proc.send('memory');
  });

/** The server thread's heap written to a snapshot file and summarised; the file is removed. */
export const snapshotSummary = (server: Server, dir: string) =>
  new Promise<string[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the heap snapshot took too long')), 120_000);
    server.proc.once('message', (message) => {
      clearTimeout(timer);
      const path = (message as { snapshot: string }).snapshot;
      const { total, rows } = heapSummary(path);
      rmSync(path, { force: true });
      resolve([
        `heap snapshot at the end: ${mb(total)} MB of objects (self size by kind)`,
        ...rows.map((r) => `  ${mb(r.bytes).padStart(5)} MB  ${String(r.count).padStart(8)} × ${r.sort}`),
      ]);
    });
    server.proc.send({ snapshot: join(dir, 'server.heapsnapshot') });
  });

export const read = async (server: Server, step: string): Promise<Reading> => {
  const pid = server.proc.pid ?? 0;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const heap = await probe(server);
  const wasm = wasmMemories(pid);
  return {
    step,
    rss: statusKb(status, 'VmRSS') * 1024,
    anon: statusKb(status, 'RssAnon') * 1024,
    file: statusKb(status, 'RssFile') * 1024,
    peak: statusKb(status, 'VmHWM') * 1024,
    heapUsed: heap.heapUsed,
    heapTotal: heap.heapTotal,
    wasmSize: wasm.length ? wasm.reduce((n, m) => n + m.size, 0) : null,
    wasmResident: wasm.length ? wasm.reduce((n, m) => n + m.rss, 0) : null,
  };
};
