/**
 * Stopping the server does not wait out the keep-alive time of a browser's connection whose last
 * response was still going out when the stop began (it holds the process for 72 s otherwise).
 */
import { Agent, request as httpRequest } from 'node:http';
import { DEFAULT_IDS, SITE_ID } from '@yuexun/contract';
import { expect, it } from 'vitest';
import { startServer } from './server';

const LIST = '/news/api/v1.0/inquireArticleListByCondition.json';

it('closes a kept-alive connection once its response in flight at the stop has gone out', async () => {
  const server = await startServer('pglite');
  const { port } = new URL(server.url);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const body = new URLSearchParams({
    siteId: String(SITE_ID),
    categoryId: String(DEFAULT_IDS.news),
  }).toString();
  let socketClosed = false;
  const answer = new Promise<number>((resolve, reject) => {
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
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('socket', (socket) => socket.on('close', () => (socketClosed = true)));
    req.on('error', reject);
    // The body is still arriving when the stop begins: the connection is busy, not idle.
    req.write(body.slice(0, 5));
    setTimeout(() => req.end(body.slice(5)), 500);
  });
  await new Promise((r) => setTimeout(r, 200));
  const stopped = server.close().then(() => 'stopped' as const);
  expect(await answer).toBe(200);
  const outcome = await Promise.race([
    stopped,
    new Promise((r) => setTimeout(() => r('still open'), 20_000)),
  ]);
  expect(outcome).toBe('stopped');
  await expect.poll(() => socketClosed).toBe(true);
  agent.destroy();
}, 60_000);
