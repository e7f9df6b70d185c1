/**
 * A real HTTP server for the request layer's tests: it answers what each test scripts for a path, counts
 * hits, and `/echo` reports what it received so tests can check encodings as the server saw them.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  /** The raw query string, without '?'. */
  query: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status?: number;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as-is, for bodies that are not JSON. */
  text?: string;
  delayMs?: number;
  /** Never answers (until the server closes): a time-out that holds however slow the machine is. */
  hang?: boolean;
}

type Script = Reply | ((received: Received) => Reply);

export interface ScriptServer {
  baseUrl: string;
  answer(path: string, script: Script): void;
  hits(path: string): number;
  close(): Promise<void>;
}

const echo = (received: Received): Reply => ({
  json: { success: true, flag: 'SUCCESS', status: 200, datas: [received] },
});

export const startScriptServer = async (): Promise<ScriptServer> => {
  const scripts = new Map<string, Script>([['/echo', echo]]);
  const hitCounts = new Map<string, number>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const received: Received = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.search.replace(/^\?/, ''),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      hitCounts.set(url.pathname, (hitCounts.get(url.pathname) ?? 0) + 1);
      const script = scripts.get(url.pathname) ?? { status: 404, text: 'not scripted' };
      const reply = typeof script === 'function' ? script(received) : script;
      const send = () => {
        if (res.destroyed) return;
        const isJson = reply.json !== undefined;
        res.writeHead(reply.status ?? 200, {
          'content-type': isJson ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
        });
        res.end(isJson ? JSON.stringify(reply.json) : (reply.text ?? ''));
      };
      if (reply.hang) return;
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    answer: (path, script) => scripts.set(path, script),
    hits: (path) => hitCounts.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};
