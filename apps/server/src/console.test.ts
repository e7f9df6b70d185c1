import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargetFor, testConfig } from '../test/server';
import { buildApp } from './app';

/** The inline boot script of the fake index.html (the real one picks the prerendered login page). */
const BOOT_SCRIPT = "document.documentElement.setAttribute('data-boot', 'x');";
const INDEX = `<!doctype html><title>console</title><script>${BOOT_SCRIPT}</script><script type="module" src="/home/2.0/login/assets/index-abc123.js"></script>`;
const ASSET = 'console.log("the console entry");';

/** A console build in miniature: the server serves whatever `vite build` wrote, with .br/.gz siblings. */
const fakeBuild = () => {
  const root = mkdtempSync(join(tmpdir(), 'yuexun-console-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), INDEX);
  writeFileSync(join(root, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(join(root, 'index.html.gz'), gzipSync(INDEX));
  writeFileSync(join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(root, 'assets', 'index-abc123.js'), ASSET);
  writeFileSync(join(root, 'assets', 'index-abc123.js.br'), brotliCompressSync(ASSET));
  return `${root}/`;
};

describe('console static files', () => {
  let app: FastifyInstance;
  let root: string;
  let url: string;

  beforeAll(async () => {
    root = fakeBuild();
    app = await buildApp(testConfig(await databaseTargetFor('pglite')), { consoleRoot: root });
    url = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  });

  it('serves index.html under /home/2.0/login/ revalidated on every load', async () => {
    const res = await fetch(`${url}/home/2.0/login/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<title>console</title>');
  });

  it('allows exactly the inline boot script of index.html, by hash, whatever the encoding', async () => {
    const hash = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await fetch(`${url}/home/2.0/login/`, { headers: { 'accept-encoding': encoding } });
      const csp = res.headers.get('content-security-policy') ?? '';
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src '));
      expect(scriptSrc?.trim()).toBe(`script-src 'self' ${hash}`);
      expect(await res.text()).toBe(INDEX);
    }
  });

  it('sends the compressed siblings the build wrote when the browser accepts them', async () => {
    const br = await fetch(`${url}/home/2.0/login/`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('accept-encoding');
    const gz = await fetch(`${url}/home/2.0/login/index.html`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const asset = await fetch(`${url}/home/2.0/login/assets/index-abc123.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe(ASSET);
    const plain = await fetch(`${url}/home/2.0/login/`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it('redirects the path without its trailing slash', async () => {
    const res = await fetch(`${url}/home/2.0/login`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/home/2.0/login/');
  });

  it('caches hashed assets for a year and the service worker not at all', async () => {
    const asset = await fetch(`${url}/home/2.0/login/assets/index-abc123.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const sw = await fetch(`${url}/home/2.0/login/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('service-worker-allowed')).toBe('/home/2.0/login/');
  });

  it('answers a missing file with 404, not the index', async () => {
    const res = await fetch(`${url}/home/2.0/login/assets/missing.js`);
    expect(res.status).toBe(404);
  });
});

describe('console without a build', () => {
  it('says how to build instead of failing', async () => {
    const app = await buildApp(testConfig(await databaseTargetFor('pglite')), {
      consoleRoot: join(tmpdir(), 'yuexun-no-console-build/'),
    });
    try {
      const res = await app.inject({ url: '/home/2.0/login/' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
    } finally {
      await app.close();
    }
  });
});
