/**
 * API load benchmark (npm run bench:api). Starts the real server as a child process on PGlite and
 * on a throw-away PostgreSQL database (with the public read cache on, as deployed, and off), and a bare
 * Fastify route in the same run as the baseline (and a bare route sending the cached list's own bytes, to
 * tell what the answer's size costs from what the product's path adds);
 * drives each with autocannon and prints req/s, p99 and the ratio to the bare route. Prints, never fails.
 *   BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50), BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { serverArgs } from '../apps/server/test/process';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const root = fileURLToPath(new URL('../', import.meta.url));

const start = (args: string[], env: Record<string, string>, pattern: RegExp) =>
  new Promise<{ proc: ChildProcess; url: string }>((resolve, reject) => {
    const proc = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const onData = (d: Buffer) => {
      out += d;
      const m = out.match(pattern);
      if (m?.[1]) resolve({ proc, url: m[1] });
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    proc.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** Starts the product like `npm start` and waits until /readyz answers. */
const startApp = async (env: Record<string, string>) => {
  const port = await freePort();
  const proc = spawn(process.execPath, serverArgs(), {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { proc, url };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become ready');
};

const stop = (proc: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (proc.exitCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill('SIGTERM');
  });

interface Result {
  name: string;
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const form = (o: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(o).map(([k, v]): [string, string] => [k, String(v)])).toString();

const load = async (
  name: string,
  url: string,
  body: string | (() => string),
  headers: Record<string, string> = {},
): Promise<Result> => {
  const result = await autocannon({
    url,
    method: 'POST',
    connections,
    duration: seconds,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    ...(typeof body === 'string'
      ? { body }
      : {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => {
                const next = body();
                return {
                  ...req,
                  body: next,
                  headers: { ...req.headers, 'x-forwarded-for': visitorAddress() },
                };
              },
            },
          ],
        }),
  });
  return {
    name,
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
};

// Each lead is a different visitor: its own phone and its own address (behind a trusted proxy, as deployed),
// so the hourly per-address limit stays at its default, as in production, instead of one address sending all.
let phone = 0;
const visitorAddress = () => `10.${(phone >> 16) & 255}.${(phone >> 8) & 255}.${phone & 255}`;
const leadBody = () =>
  form({
    siteId: 75,
    privacyConsent: 'on',
    contactName: '压测联系人',
    phone: `137${String(phone++).padStart(8, '0')}`,
    schoolName: '压测学校',
    region: '上海市',
    schoolType: 'primary',
    role: '信息主任',
  });

/** Where the first app run leaves the article list's answer, for the bare route that sends the same bytes. */
const listAnswerFile = join(mkdtempSync(join(tmpdir(), 'yuexun-bench-list-')), 'list.json');

const benchApp = async (label: string, env: Record<string, string>, bare: Result, withLeads = true) => {
  const { proc, url } = await startApp({ ...env, TRUST_PROXY: 'true' });
  try {
    const listText = await fetch(`${url}/news/api/v1.0/inquireArticleListByCondition.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form({ siteId: 75, categoryId: 1881, pageIndex: 1 }),
    }).then((r) => r.text());
    writeFileSync(listAnswerFile, listText);
    const list = JSON.parse(listText) as { datas: { id: number }[] };
    const articleId = list.datas[0]?.id ?? 1;
    const results = [
      await load(
        `${label} article list`,
        `${url}/news/api/v1.0/inquireArticleListByCondition.json`,
        form({ siteId: 75, categoryId: 1881, pageIndex: 1 }),
      ),
      // As a browser or WeChat asks: the kept brotli form, a quarter of the bytes.
      await load(
        `${label} article list, br`,
        `${url}/news/api/v1.0/inquireArticleListByCondition.json`,
        form({ siteId: 75, categoryId: 1881, pageIndex: 1 }),
        { 'accept-encoding': 'gzip, deflate, br' },
      ),
      await load(
        `${label} article detail`,
        `${url}/news/api/v1.0/inquireArticleDetailByCondition.json`,
        form({ siteId: 75, articleId }),
      ),
      ...(withLeads
        ? [
            await load(
              `${label} lead creation`,
              `${url}/store/api/v1.0/createCustomerIntentionSALEPPublic.json`,
              leadBody,
            ),
          ]
        : []),
    ];
    return results.map((r) => ({ ...r, ratio: r.rps / bare.rps }));
  } finally {
    await stop(proc);
  }
};

const main = async () => {
  console.log(`API benchmark: ${connections} connections, ${seconds} s per target, ${process.version}\n`);
  const bareProc = await start(
    ['--import', 'tsx', 'bench/bare-server.ts'],
    {},
    /bare serving (http:\/\/[^\s/"]+)/,
  );
  const bare = await load('bare Fastify fixed JSON', `${bareProc.url}/bare.json`, 'x=1');
  await stop(bareProc.proc);
  const rows: (Result & { ratio: number })[] = [{ ...bare, ratio: 1 }];

  const dataDir = mkdtempSync(join(tmpdir(), 'yuexun-bench-'));
  try {
    rows.push(...(await benchApp('PGlite', { DATA_DIR: dataDir }, bare)));
    rows.push(...(await benchApp('PGlite uncached', { DATA_DIR: dataDir, PUBLIC_CACHE_TTL_MS: '0' }, bare)));
    // The same with the database in the server's own thread (decision 030's before).
    rows.push(
      ...(await benchApp(
        'PGlite in-thread uncached',
        { DATA_DIR: dataDir, PUBLIC_CACHE_TTL_MS: '0', PGLITE_THREAD: 'false' },
        bare,
      )),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const dbName = `yuexun_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  try {
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    const url = new URL(pgAdminUrl);
    url.pathname = `/${dbName}`;
    rows.push(...(await benchApp('PostgreSQL', { DATABASE_URL: url.toString() }, bare)));
    rows.push(
      ...(await benchApp(
        'PostgreSQL uncached',
        { DATABASE_URL: url.toString(), PUBLIC_CACHE_TTL_MS: '0' },
        bare,
        false,
      )),
    );
    await admin.query(`drop database if exists ${dbName} with (force)`);
  } catch (error) {
    console.log(`PostgreSQL part not run: ${(error as Error).message}`);
  } finally {
    await admin.end().catch(() => {});
  }

  // The cached list sends a few kilobytes where the bare route sends a hundred bytes; a bare route sending
  // the list's own bytes tells what the bytes cost (writing them to the socket) from what the product adds.
  const bodyProc = await start(
    ['--import', 'tsx', 'bench/bare-server.ts'],
    { BARE_BODY_FILE: listAnswerFile },
    /bare serving (http:\/\/[^\s/"]+)/,
  );
  const sameBytes = await load(
    `bare Fastify, the list's ${(statSync(listAnswerFile).size / 1024).toFixed(1)} KB`,
    `${bodyProc.url}/body.json`,
    'x=1',
  );
  await stop(bodyProc.proc);
  rmSync(dirname(listAnswerFile), { recursive: true, force: true });
  rows.splice(1, 0, { ...sameBytes, ratio: sameBytes.rps / bare.rps });

  console.log('\ntarget                              req/s     p99 ms   × bare   errors  non-2xx');
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} ${r.p99.toFixed(1).padStart(9)} ${r.ratio.toFixed(2).padStart(8)} ${String(r.errors).padStart(8)} ${String(r.non2xx).padStart(8)}`,
    );
  }
  for (const r of rows.filter((row) => / article list$/.test(row.name) && !/uncached/.test(row.name))) {
    console.log(`${r.name}: ${(r.rps / sameBytes.rps).toFixed(2)} × the bare route sending the same bytes`);
  }
};

await main().catch((error: unknown) => {
  // A benchmark reports; it does not fail the caller.
  console.log(`benchmark stopped early: ${error instanceof Error ? error.message : String(error)}`);
});
