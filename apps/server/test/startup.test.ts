/** `npm start` as an operator meets it: configuration errors, restarts on the embedded database, shutdown. */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_IDS, SITE_ID } from '@yuexun/contract';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ensureServerBuild, runEntry, type ServerProcess, startProcess } from './process';
import { request } from './server';

const LIST = '/news/api/v1.0/inquireArticleListByCondition.json';
const LEAD = '/store/api/v1.0/createCustomerIntentionSALEPPublic.json';

describe('start-up configuration', () => {
  it.each([
    ['PORT', 'abc', /^Invalid configuration: PORT must be an integer between 0 and 65535 \(got "abc"\)$/],
    [
      'DATABASE_URL',
      'mysql://x',
      /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/,
    ],
    ['LOG_LEVEL', 'loud', /^Invalid configuration: LOG_LEVEL must be one of/],
    ['BASE_PATH', '/a b/', /^Invalid configuration: BASE_PATH must be a path/],
    ['PGLITE_SHARED_BUFFERS', 'lots', /^Invalid configuration: PGLITE_SHARED_BUFFERS must be a size such as/],
    ['PGLITE_WASM_OPTIMIZE', 'maybe', /^Invalid configuration: PGLITE_WASM_OPTIMIZE must be /],
  ])('a bad %s stops with one line naming it and exit code 1', async (name, value, message) => {
    const { exited, output } = runEntry({ [name]: value, DATA_DIR: '/tmp/yuexun-never-created' });
    expect(await exited).toBe(1);
    const lines = output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
  });
});

describe('embedded database across restarts', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'yuexun-start-'));
  const started: ServerProcess[] = [];
  const start = async (): Promise<ServerProcess> => {
    const server = await startProcess({ DATA_DIR: dataDir });
    started.push(server);
    return server;
  };
  // A test that failed half-way must not leave its server holding the data folder for the next one.
  afterEach(async () => {
    await Promise.all(started.splice(0).map((s) => s.stop('SIGKILL')));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }));

  it('creates the database on first start, keeps data on restart, never duplicates the seed', async () => {
    const first = await start();
    const list1 = await request(first.url, LIST, { siteId: SITE_ID, categoryId: DEFAULT_IDS.news });
    expect(list1.body.totalRecordCount).toBeGreaterThan(10);
    const lead = {
      siteId: SITE_ID,
      privacyConsent: 'on',
      contactName: '李校长',
      phone: '13812345678',
      schoolName: '示范幼儿园',
      region: '江苏省南京市',
      schoolType: 'kindergarten',
      role: '园长',
    };
    const created = await request(first.url, LEAD, lead);
    expect(created.body.success).toBe(true);

    // No default password: the first start generates one and logs it once, with the login address.
    const logged = first
      .output()
      .split('\n')
      .filter((line) => line.includes('demo account admin created with a generated password'))
      .map((line) => JSON.parse(line) as { password: string; loginUrl: string });
    expect(logged).toHaveLength(1);
    expect(logged[0]?.loginUrl).toBe(`${first.url}/home/2.0/login/#/login`);
    expect(logged[0]?.password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    const login = await request(first.url, '/store/api/v1.0/loginAccount.json', {
      siteId: SITE_ID,
      loginType: 'account',
      username: 'admin',
      password: logged[0]?.password,
    });
    expect(login.body).toMatchObject({ success: true, message: '登录成功！' });

    // A second process on the same embedded database is refused with a clear message.
    const intruder = runEntry({ DATA_DIR: dataDir });
    expect(await intruder.exited).toBe(1);
    expect(intruder.output()).toMatch(
      /already used by process \d+; set DATABASE_URL to run several instances/,
    );

    expect(await first.stop()).toBe(0);
    expect(first.output()).toMatch(/closed/);

    const second = await start();
    const list2 = await request(second.url, LIST, { siteId: SITE_ID, categoryId: DEFAULT_IDS.news });
    expect(list2.body.totalRecordCount).toBe(list1.body.totalRecordCount);
    expect(second.output()).not.toMatch(/demo content seeded/);
    expect(second.output()).not.toMatch(/generated password/);
    const again = await request(second.url, LEAD, lead);
    expect(again.body.data.id).toBe(created.body.data.id);
    expect(await second.stop('SIGINT')).toBe(0);
    // Three starts of the embedded database (migrate, seed, demo accounts): slow on a busy 2-core machine.
  }, 240_000);

  it('finishes a request in flight when told to stop, and refuses new connections', async () => {
    const server = await start();
    const { port } = new URL(server.url);
    const body = new URLSearchParams({
      siteId: String(SITE_ID),
      categoryId: String(DEFAULT_IDS.news),
    }).toString();
    // A request whose body is still arriving when SIGTERM comes: truly in flight. The socket is opened by a
    // first request on a one-socket keep-alive agent, so the server has accepted it before the signal (a
    // connection still in the listen backlog would be refused, which is not what this test is about).
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (chunks: (write: (s: string) => void, end: (s: string) => void) => void) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: LIST,
            agent,
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              'content-length': Buffer.byteLength(body),
            },
          },
          (res) => {
            let text = '';
            res.on('data', (d) => {
              text += d;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on('error', reject);
        chunks(
          (s) => req.write(s),
          (s) => req.end(s),
        );
      });
    expect((await send((_, end) => end(body))).status).toBe(200);
    const inFlight = send((write, end) => {
      write(body.slice(0, 5));
      setTimeout(() => {
        server.proc.kill('SIGTERM');
        const rest = setInterval(() => {
          if (!/shutting down/.test(server.output())) return;
          clearInterval(rest);
          end(body.slice(5));
        }, 50);
      }, 300);
    });
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).datas).toHaveLength(10);
    const late = await request(server.url, LIST, { siteId: SITE_ID }).catch(
      (e: Error & { cause?: { code?: string } }) => e.cause?.code,
    );
    expect(late).toBe('ECONNREFUSED');
    agent.destroy();
    expect(await server.stop()).toBe(0);
    expect(server.output()).toMatch(/shutting down/);
  }, 120_000);
});

/** Resolves once `pid` no longer runs (its /proc entry is gone), or after 20 s. */
const processGone = async (pid: number) => {
  for (let waited = 0; waited < 20_000 && existsSync(`/proc/${pid}`); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('the compiled build', () => {
  const root = fileURLToPath(new URL('../../../', import.meta.url));

  it('npm start runs compiled JavaScript: no TypeScript loader in the server process', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'yuexun-npm-start-'));
    // npm start as an operator types it: its prestart build step (current here, as the test run built it), then the server.
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    npm.stdout.on('data', (d) => {
      out += d;
    });
    npm.stderr.on('data', (d) => {
      out += d;
    });
    let serverPid = 0;
    try {
      const serving = await new Promise<{ pid: number }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`npm start did not serve:\n${out}`)), 150_000);
        npm.stdout.on('data', () => {
          const line = out.split('\n').find((l) => l.includes('is serving'));
          if (!line) return;
          clearTimeout(timer);
          resolve(JSON.parse(line) as { pid: number });
        });
        npm.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${out}`)));
      });
      serverPid = serving.pid;
      const args = readFileSync(`/proc/${serving.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      expect(args.slice(1)).toEqual(['--enable-source-maps', 'apps/server/dist/main.js']);
      expect(args.join(' ')).not.toMatch(/tsx/);
      const environment = readFileSync(`/proc/${serving.pid}/environ`, 'utf8');
      expect(environment).not.toMatch(/NODE_OPTIONS=[^\0]*tsx/);
    } finally {
      if (npm.pid) process.kill(-npm.pid, 'SIGTERM');
      await new Promise((resolve) => npm.once('exit', resolve));
      // npm may exit before the server under it has closed its database; the folder goes only after both.
      if (serverPid) await processGone(serverPid);
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    }
  }, 180_000);

  it('stack traces name the TypeScript source and line', async () => {
    ensureServerBuild();
    // db:migrate's compiled entry lets a configuration error escape, so Node prints its stack.
    const proc = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/migrate-cli.js'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', PORT: 'abc' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    proc.stderr.on('data', (d) => {
      err += d;
    });
    await new Promise((resolve) => proc.once('exit', resolve));
    expect(err).toMatch(/at loadConfig \(.*apps\/server\/src\/config\.ts:\d+:\d+\)/);
  });
});
