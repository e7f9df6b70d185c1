/**
 * Console page weight and Lighthouse (the console part of bench:pages): gzipped JavaScript on the first
 * load of the login page (#/login) against a stock antd + ProComponents LoginForm page built in the same
 * run, and Lighthouse 12 mobile performance of both (median of three runs). Prints numbers and ratios; never
 * fails on them.
 *
 * Both pages are served by one small static server with gzip, as a production proxy would serve them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = resolve(import.meta.dirname, '..');
const CONSOLE_DIST = join(root, 'apps/console/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

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

/** Sum of gzipped JavaScript the page loads until the network is idle (fresh profile, no cache). */
const firstLoadJs = async (url: string) => {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const bodies: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        bodies.push(
          response.body().then(
            (b) => gzipSync(b).length,
            () => 0,
          ),
        );
      }
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const sizes = await Promise.all(bodies);
    return { files: sizes.length, gzipBytes: sizes.reduce((a, b) => a + b, 0) };
  } finally {
    await browser.close();
  }
};

const RUNS = 3;

const lighthouseScore = async (url: string) => {
  const chromeLauncher = await import('chrome-launcher');
  const lighthouse = (await import('lighthouse')).default;
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    // Default config: mobile form factor with simulated throttling (Lighthouse's "mobile" run).
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      onlyCategories: ['performance'],
      logLevel: 'error',
    });
    const lhr = result?.lhr;
    return {
      score: Math.round((lhr?.categories.performance?.score ?? 0) * 100),
      fcp: lhr?.audits['first-contentful-paint']?.displayValue,
      lcp: lhr?.audits['largest-contentful-paint']?.displayValue,
      tbt: lhr?.audits['total-blocking-time']?.displayValue,
    };
  } finally {
    chrome.kill();
  }
};

const main = async () => {
  console.log('building the console and the stock LoginForm baseline …');
  execFileSync('npm', ['run', 'build', '--workspace', '@yuexun/console'], { cwd: root, stdio: 'ignore' });
  const baselineDir = mkdtempSync(join(tmpdir(), 'yuexun-baseline-'));
  await buildBaseline(baselineDir);
  const { server, url } = await serve({ '/home/2.0/login/': CONSOLE_DIST, '/baseline/': baselineDir });
  try {
    const pages = {
      'console login (#/login)': `${url}/home/2.0/login/#/login`,
      'stock antd + ProComponents LoginForm': `${url}/baseline/`,
    };
    const rows: Record<
      string,
      { js: number; files: number; perf: number; fcp?: string; lcp?: string; tbt?: string }
    > = {};
    for (const [name, pageUrl] of Object.entries(pages)) {
      const js = await firstLoadJs(pageUrl);
      // The median of three runs: one run's blocking time swings by 100 ms or more on a shared machine.
      const runs = [];
      for (let run = 0; run < RUNS; run++) runs.push(await lighthouseScore(pageUrl));
      console.log(`${name}: Lighthouse performance per run ${runs.map((r) => r.score).join(', ')}`);
      const lh = runs.sort((x, y) => x.score - y.score)[Math.floor(RUNS / 2)] as (typeof runs)[number];
      rows[name] = {
        js: js.gzipBytes,
        files: js.files,
        perf: lh.score,
        fcp: lh.fcp,
        lcp: lh.lcp,
        tbt: lh.tbt,
      };
    }
    const [ours, stock] = Object.values(rows);
    console.table(
      Object.fromEntries(
        Object.entries(rows).map(([name, r]) => [
          name,
          {
            'JS gzip (KB)': (r.js / 1024).toFixed(1),
            'JS files': r.files,
            'Lighthouse mobile perf': r.perf,
            FCP: r.fcp,
            LCP: r.lcp,
            TBT: r.tbt,
          },
        ]),
      ),
    );
    if (ours && stock) {
      console.log(
        `console login JS = ${((ours.js / stock.js) * 100).toFixed(1)} % of the stock LoginForm page (aim ≤ 75 %); ` +
          `Lighthouse mobile performance ${ours.perf} vs ${stock.perf} (aim ≥ 90)`,
      );
    }
  } finally {
    server.close();
    rmSync(baselineDir, { recursive: true, force: true });
  }
};

await main();
