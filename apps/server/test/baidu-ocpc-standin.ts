/**
 * A stand-in of Baidu oCPC's uploadConvertData on 127.0.0.1, checking each request as Baidu documents it: POST
 * JSON `{ token, conversionTypes: [{ logidUrl, newType }] }`, the token it was given, fewer than 100
 * conversions, each logidUrl a landing address with bd_vid (≤ 1024 characters) and an integer newType. It answers
 * `{ header: { status: 0, desc: 'success', … } }`, or a refusal (status 2, wrong token or shape); `failNext`
 * makes the next answers a refusal of Baidu's own (status 3, 系统繁忙). Also takes the generic webhook's POSTs on
 * /hook. Every conversion it accepted is in `accepted`.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AcceptedConversion {
  logidUrl: string;
  newType: number;
}

export interface WebhookPost {
  headers: IncomingMessage['headers'];
  body: string;
}

const PATH = '/ocpcapi/api/uploadConvertData';

const shapeProblem = (body: unknown, token: string): string | null => {
  if (!body || typeof body !== 'object') return 'body is not JSON';
  const b = body as Record<string, unknown>;
  if (b.token !== token) return 'token无效';
  if (!Array.isArray(b.conversionTypes) || b.conversionTypes.length === 0 || b.conversionTypes.length >= 100)
    return 'conversionTypes 须为 1 到 99 条';
  for (const c of b.conversionTypes as Record<string, unknown>[]) {
    if (typeof c.logidUrl !== 'string' || c.logidUrl.length > 1024 || !/[?&]bd_vid=/.test(c.logidUrl))
      return 'logidUrl 无效';
    if (!Number.isInteger(c.newType)) return 'newType 无效';
  }
  return null;
};

export const baiduOcpcStandIn = async (token: string) => {
  const accepted: AcceptedConversion[] = [];
  const hooks: WebhookPost[] = [];
  const state = { requests: 0, failNext: 0, token };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const answer = (header: Record<string, unknown>) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ header }));
      if (req.url === '/hook') {
        hooks.push({ headers: req.headers, body: text });
        res.writeHead(204).end();
        return;
      }
      if (
        req.method !== 'POST' ||
        req.url !== PATH ||
        !/application\/json/.test(req.headers['content-type'] ?? '')
      )
        return res.writeHead(404).end('not found');
      state.requests++;
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
      const problem = shapeProblem(body, state.token);
      if (problem) return answer({ status: 2, desc: 'failure', failures: [{ code: 1, message: problem }] });
      if (state.failNext > 0) {
        state.failNext--;
        return answer({ status: 3, desc: 'failure', failures: [{ code: 500, message: '系统繁忙' }] });
      }
      const conversions = (body as { conversionTypes: AcceptedConversion[] }).conversionTypes;
      accepted.push(...conversions.map(({ logidUrl, newType }) => ({ logidUrl, newType })));
      return answer({
        status: 0,
        desc: 'success',
        oprs: conversions.length,
        succ: conversions.length,
        failed: 0,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}${PATH}`,
    hookUrl: `${origin}/hook`,
    accepted,
    hooks,
    state,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};
