/**
 * What bench/console-pages.bench.ts measures a page with: the gzipped JavaScript of its first load, Lighthouse 12
 * mobile performance (median of three), and a step's time under Lighthouse's mobile profile (4× slower CPU,
 * its devtools network throttling) in a Playwright-driven Chromium, for what Lighthouse cannot navigate to.
 */
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
];

/** Lighthouse's mobile profile (constants of lighthouse-core/config/constants: mobileSlow4G, Moto G Power). */
export const MOBILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  cpuSlowdown: 4,
  // Its devtools throttling of the slow 4G profile: 150 ms RTT × 3.75, 1.6 Mbit/s × 0.9, 750 kbit/s × 0.9.
  latencyMs: 562.5,
  downloadBytesPerSecond: (1474.56 * 1024) / 8,
  uploadBytesPerSecond: (675 * 1024) / 8,
};

export const withBrowser = async <T>(run: (context: BrowserContext) => Promise<T>): Promise<T> => {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    return await run(await browser.newContext({ serviceWorkers: 'block' }));
  } finally {
    await browser.close();
  }
};

/** Sum of gzipped JavaScript the page loads until the network is idle (fresh profile, no cache). */
export const firstLoadJs = async (url: string, cookie?: string) =>
  withBrowser(async (context) => {
    if (cookie) await context.setExtraHTTPHeaders({ cookie });
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
  });

export interface LighthouseRun {
  score: number;
  fcp?: string;
  lcp?: string;
  tbt?: string;
  tbtMs: number;
  /** Lighthouse's total byte weight: every response as transferred (compressed), in KB. */
  transferredKb: number;
}

const lighthouseOnce = async (url: string, cookie?: string): Promise<LighthouseRun> => {
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
      ...(cookie ? { extraHeaders: { cookie } } : {}),
    });
    const lhr = result?.lhr;
    return {
      score: Math.round((lhr?.categories.performance?.score ?? 0) * 100),
      fcp: lhr?.audits['first-contentful-paint']?.displayValue,
      lcp: lhr?.audits['largest-contentful-paint']?.displayValue,
      tbt: lhr?.audits['total-blocking-time']?.displayValue,
      tbtMs: lhr?.audits['total-blocking-time']?.numericValue ?? 0,
      transferredKb: (lhr?.audits['total-byte-weight']?.numericValue ?? 0) / 1024,
    };
  } finally {
    chrome.kill();
  }
};

const RUNS = 3;

/** The median run by score of three: one run's blocking time swings by 100 ms or more on a shared machine. */
export const lighthouseMedian = async (name: string, url: string, cookie?: string) => {
  const runs: LighthouseRun[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await lighthouseOnce(url, cookie));
  console.log(
    `${name}: Lighthouse performance per run ${runs.map((r) => r.score).join(', ')}; ` +
      `TBT ${runs.map((r) => r.tbt).join(', ')}`,
  );
  return runs.sort((x, y) => x.score - y.score)[Math.floor(RUNS / 2)] as LighthouseRun;
};

/** A fresh page in Lighthouse's mobile profile: its viewport, 4× slower CPU and slow 4G network. */
export const mobilePage = async (context: BrowserContext): Promise<Page> => {
  const page = await context.newPage();
  await page.setViewportSize(MOBILE.viewport);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: MOBILE.latencyMs,
    downloadThroughput: MOBILE.downloadBytesPerSecond,
    uploadThroughput: MOBILE.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuSlowdown });
  return page;
};

/** Milliseconds `step` takes, and the gzipped JavaScript fetched meanwhile. */
export const timed = async (page: Page, step: () => Promise<void>) => {
  const bodies: Promise<number>[] = [];
  const onResponse = (response: import('playwright-core').Response) => {
    if (response.request().resourceType() === 'script')
      bodies.push(
        response.body().then(
          (b) => gzipSync(b).length,
          () => 0,
        ),
      );
  };
  page.on('response', onResponse);
  const started = performance.now();
  await step();
  const ms = performance.now() - started;
  page.off('response', onResponse);
  const sizes = await Promise.all(bodies);
  return { ms, gzipBytes: sizes.reduce((a, b) => a + b, 0) };
};
