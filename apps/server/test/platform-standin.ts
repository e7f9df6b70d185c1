/**
 * What the stand-ins of 企业微信, 钉钉 and 飞书 share (wecom-standin.ts, dingtalk-standin.ts, feishu-standin.ts): an
 * HTTP server on 127.0.0.1 that parses each request (query, headers, JSON body), keeps every request for the
 * tests to read, answers what the platform's handler says, and can be told to stall (`stallMs`, for
 * timeouts). The platforms' rules live in each stand-in, written from the platforms' documents.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

export type StandInAnswer = { status?: number; json: unknown } | { redirect: string } | { png: Buffer };

export const randomCode = (prefix: string) => `${prefix}${randomBytes(9).toString('base64url')}`;

const objectOf = (text: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value))
      : null;
  } catch {
    return null;
  }
};

export const startStandIn = async (handle: (req: StandInRequest) => StandInAnswer) => {
  const requests: StandInRequest[] = [];
  const control = { stallMs: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://standin');
      const request: StandInRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: objectOf(Buffer.concat(chunks).toString('utf8')),
      };
      requests.push(request);
      const reply = () => {
        const answer = handle(request);
        if ('redirect' in answer) res.writeHead(302, { location: answer.redirect }).end();
        else if ('png' in answer) res.writeHead(200, { 'content-type': 'image/png' }).end(answer.png);
        else
          res
            .writeHead(answer.status ?? 200, { 'content-type': 'application/json; charset=utf-8' })
            .end(JSON.stringify(answer.json));
      };
      if (control.stallMs > 0) setTimeout(reply, control.stallMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    control,
    /** The requests to one path, in order. */
    to: (path: string) => requests.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** The redirect back to the site with the code and the round trip's state, as every platform does it. */
export const redirectBack = (redirectUri: string, params: Record<string, string>) => {
  const back = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) back.searchParams.set(k, v);
  return { redirect: back.href };
};
