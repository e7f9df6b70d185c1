/**
 * Console weight (the console part of bench:pages; issue 29 item 5). Against a stock antd + ProComponents
 * LoginForm page built in the same run (the anchor, served as static files with gzip):
 *   - the console's login page (#/login), served by the product server as `npm start` runs it: gzipped
 *     JavaScript of its first load and Lighthouse 12 mobile performance (median of three);
 *   - the lead list as an alert's link opens it (#/content/leads?keyword=<phone>), signed in: the same figures;
 *   - the phone lead page an alert's link opens now (#/m/leads?id=&keyword=, decision 065), signed in: the same
 *     figures, with Lighthouse's FCP, LCP, TBT and transferred KB beside the others';
 *   - the lead list and the lead drawer (跟进 on that list) on a phone in Lighthouse's mobile profile (4× CPU,
 *     slow 4G, its viewport) in a Playwright-driven Chromium: time to the first row, and from the press to the
 *     drawer's details (median of three), with the JavaScript each fetched. Lighthouse cannot navigate to a
 *     drawer, so its time is taken this way; likewise the phone lead page: time to the lead's details, and
 *     from a tap on another of the recent leads to its details.
 * Prints numbers, ratios and the machine's load; never fails on them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { phoneLeadHash } from '@yuexun/contract/constants';
import { startProcess } from '../apps/server/test/process';
import { TEST_PASSWORDS } from '../apps/server/test/test-passwords';
import {
  firstLoadJs,
  type LighthouseRun,
  lighthouseMedian,
  mobilePage,
  timed,
  withBrowser,
} from './console-measure';

const root = resolve(import.meta.dirname, '..');
const CONSOLE = '/home/2.0/login/';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const buildBaseline = async (outDir: string) => {
  // vite is the console's; the baseline uses the same toolchain and versions.
  const { build } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  await build({
    root: join(root, 'bench/console-baseline'),
    base: '/baseline/',
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 5000 },
  });
};

const serve = (mounts: Record<string, string>) =>
  new Promise<{ server: Server; url: string }>((done) => {
    const server = createServer((req, res) => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const prefix = Object.keys(mounts).find((p) => path.startsWith(p));
      if (!prefix) {
        res.writeHead(404).end();
        return;
      }
      let file = join(mounts[prefix] as string, path.slice(prefix.length));
      if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
      if (!existsSync(file)) {
        res.writeHead(404).end();
        return;
      }
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      const body = readFileSync(file);
      const gzip =
        /text|javascript|json|svg/.test(type) && /gzip/.test(String(req.headers['accept-encoding']));
      res.writeHead(200, {
        'content-type': type,
        'cache-control': file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      });
      res.end(gzip ? gzipSync(body) : body);
    });
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      done({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
    });
  });

/** Signs in as admin through the login page; the session cookie, and a demo lead's phone (an alert's link). */
const signIn = (url: string) =>
  withBrowser(async (context) => {
    const page = await context.newPage();
    await page.goto(`${url}${CONSOLE}#/login`);
    await page.getByPlaceholder('手机号或用户名').fill('admin');
    await page.getByPlaceholder('密码').fill(TEST_PASSWORDS.adminPassword);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/#\/welcome/, { timeout: 120_000 });
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    await page.goto(`${url}${CONSOLE}#/content/leads`);
    const tel = await page.locator('a[href^="tel:"]').first().getAttribute('href', { timeout: 120_000 });
    const phone = (tel ?? '').replace(/^tel:/, '');
    const found = await page.request.post(`${url}/store/api/v1.0/inquireLeadListAdmin.json`, {
      form: { siteId: 75, keyword: phone },
    });
    const id = ((await found.json()) as { datas: { id: number }[] }).datas[0]?.id ?? 0;
    return { cookie, phone, id };
  });

/** The lead list opened from an alert's link, then 跟进: times on a phone in Lighthouse's mobile profile. */
const leadSteps = (listUrl: string, cookie: string) =>
  withBrowser(async (context) => {
    await context.setExtraHTTPHeaders({ cookie });
    const page = await mobilePage(context);
    const follow = page.getByRole('button', { name: /跟\s*进/ }).first();
    const list = await timed(page, async () => {
      await page.goto(listUrl);
      await follow.waitFor({ state: 'visible', timeout: 120_000 });
    });
    const drawer = await timed(page, async () => {
      await follow.click();
      await page
        .locator('.ant-drawer-body .ant-descriptions')
        .first()
        .waitFor({ state: 'visible', timeout: 120_000 });
    });
    return { list, drawer };
  });

/** The phone lead page from an alert's link, then another lead of the recent list: times on the same phone. */
const phoneSteps = (phoneUrl: string, cookie: string) =>
  withBrowser(async (context) => {
    await context.setExtraHTTPHeaders({ cookie });
    const page = await mobilePage(context);
    const lead = await timed(page, async () => {
      await page.goto(phoneUrl);
      await page.getByTestId('phone-lead').waitFor({ state: 'visible', timeout: 120_000 });
    });
    const other = page.locator('a[aria-current="false"]').first();
    const next = await timed(page, async () => {
      const name = (await other.locator('strong').innerText()).trim();
      await other.click();
      // Its details, not the previous lead's still on screen: the card's heading names the tapped lead.
      await page.locator('#lead-title', { hasText: name }).waitFor({ state: 'visible', timeout: 120_000 });
    });
    return { lead, next };
  });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const main = async () => {
  console.log(`building the console and the stock LoginForm baseline … (load average ${load()})`);
  execFileSync('npm', ['run', 'build', '--workspace', '@yuexun/console'], { cwd: root, stdio: 'ignore' });
  const baselineDir = mkdtempSync(join(tmpdir(), 'yuexun-baseline-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'yuexun-bench-console-'));
  await buildBaseline(baselineDir);
  const stock = await serve({ '/baseline/': baselineDir });
  console.log(
    `starting the product server (first start: migrations and demo seed) … (load average ${load()})`,
  );
  const product = await startProcess(
    {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: TEST_PASSWORDS.adminPassword,
      USER_PASSWORD: TEST_PASSWORDS.userPassword,
    },
    600_000,
  );
  try {
    console.log(`measuring (load average ${load()}) …`);
    const { cookie, phone, id } = await signIn(product.url);
    const listUrl = `${product.url}${CONSOLE}#/content/leads?keyword=${encodeURIComponent(phone)}`;
    const phoneUrl = `${product.url}${CONSOLE}${phoneLeadHash(id, phone)}`;
    const pages: [string, string, string?][] = [
      ['stock antd + ProComponents LoginForm', `${stock.url}/baseline/`],
      ['console login (#/login)', `${product.url}${CONSOLE}#/login`],
      ['lead list (an alert link, signed in)', listUrl, cookie],
      ['phone lead page (the alert link now, signed in)', phoneUrl, cookie],
    ];
    const rows: Record<string, { js: number; files: number } & LighthouseRun> = {};
    for (const [name, url, withCookie] of pages) {
      const js = await firstLoadJs(url, withCookie);
      rows[name] = { js: js.gzipBytes, files: js.files, ...(await lighthouseMedian(name, url, withCookie)) };
    }
    const stockJs = rows['stock antd + ProComponents LoginForm']?.js ?? 0;
    console.table(
      Object.fromEntries(
        Object.entries(rows).map(([name, r]) => [
          name,
          {
            'JS gzip (KB)': kb(r.js),
            '% of stock': stockJs ? `${((r.js / stockJs) * 100).toFixed(1)} %` : '—',
            'JS files': r.files,
            'Lighthouse mobile perf': r.score,
            FCP: r.fcp,
            LCP: r.lcp,
            TBT: r.tbt,
            'transferred (KB)': r.transferredKb.toFixed(1),
          },
        ]),
      ),
    );
    const login = rows['console login (#/login)'];
    if (login && stockJs) {
      console.log(
        `console login JS = ${((login.js / stockJs) * 100).toFixed(1)} % of the stock LoginForm page (aim ≤ 60 %); ` +
          `Lighthouse mobile performance ${login.score} (aim ≥ 95), TBT ${login.tbt} (aim < 100 ms)`,
      );
    }
    const steps = [];
    for (let run = 0; run < 3; run++) steps.push(await leadSteps(listUrl, cookie));
    const listMs = median(steps.map((s) => s.list.ms));
    const drawerMs = median(steps.map((s) => s.drawer.ms));
    console.table({
      'lead list, first row (alert link)': {
        'ms per run': steps.map((s) => s.list.ms.toFixed(0)).join(', '),
        'median ms': listMs.toFixed(0),
        'JS gzip (KB)': kb(median(steps.map((s) => s.list.gzipBytes))),
      },
      'lead drawer, 跟进 to its details': {
        'ms per run': steps.map((s) => s.drawer.ms.toFixed(0)).join(', '),
        'median ms': drawerMs.toFixed(0),
        'JS gzip (KB)': kb(median(steps.map((s) => s.drawer.gzipBytes))),
      },
    });
    const phoneRuns = [];
    for (let run = 0; run < 3; run++) phoneRuns.push(await phoneSteps(phoneUrl, cookie));
    const phoneMs = median(phoneRuns.map((s) => s.lead.ms));
    const nextMs = median(phoneRuns.map((s) => s.next.ms));
    console.table({
      'phone lead page, the lead (alert link)': {
        'ms per run': phoneRuns.map((s) => s.lead.ms.toFixed(0)).join(', '),
        'median ms': phoneMs.toFixed(0),
        'JS gzip (KB)': kb(median(phoneRuns.map((s) => s.lead.gzipBytes))),
      },
      'phone lead page, another recent lead': {
        'ms per run': phoneRuns.map((s) => s.next.ms.toFixed(0)).join(', '),
        'median ms': nextMs.toFixed(0),
        'JS gzip (KB)': kb(median(phoneRuns.map((s) => s.next.gzipBytes))),
      },
    });
    console.log(
      `on Lighthouse's mobile profile: phone lead page ${(phoneMs / 1000).toFixed(2)} s, another lead ` +
        `${(nextMs / 1000).toFixed(2)} s (aim < 2.5 s)`,
    );
    console.log(
      `on Lighthouse's mobile profile: lead list first row ${(listMs / 1000).toFixed(2)} s, lead drawer ` +
        `${(drawerMs / 1000).toFixed(2)} s (aim < 2.5 s each); load average at the end ${load()}`,
    );
  } finally {
    stock.server.close();
    await product.stop();
    rmSync(baselineDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
};

await main();
