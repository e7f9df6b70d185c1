import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../test/server';
import { buildApp } from './app';

/** A console build in miniature: the server serves whatever `vite build` wrote. */
const fakeBuild = () => {
  const root = mkdtempSync(join(tmpdir(), 'yuexun-console-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
  return `${root}/`;
};

describe('console static files', () => {
  let app: FastifyInstance;
  let root: string;
  let url: string;

  beforeAll(async () => {
    root = fakeBuild();
    app = await buildApp(testConfig({ driver: 'pglite', dataDir: null }), { consoleRoot: root });
    url = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves index.html under /home/2.0/login/ revalidated on every load', async () => {
    const res = await fetch(`${url}/home/2.0/login/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('console');
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
    const app = await buildApp(testConfig({ driver: 'pglite', dataDir: null }), {
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
