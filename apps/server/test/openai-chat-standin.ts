/**
 * A stand-in of an OpenAI-compatible chat API (DeepSeek, Qwen, Kimi, 文心 all take this shape) on 127.0.0.1:
 * POST {base}/chat/completions with `Authorization: Bearer <key>` and JSON `{ model, messages: [{role, content}],
 * stream: true }`; a user message's content may be a list of parts, `{type:'text', text}` and
 * `{type:'image_url', image_url:{url}}` with a `data:image/…;base64,` URL (how vision models take a picture). A request of another shape is answered 400 (wrong key 401) in the OpenAI error shape and kept
 * in `refused`. A good one streams `state.answer` as SSE chunks (`choices[0].delta.content`), then a usage
 * chunk (`state.tokens`) and `data: [DONE]`. `state.mode` makes it fail: 'down' (503), 'slow' (no answer for
 * `state.slowMs`), 'garbage' (200 HTML), 'cut' (half the answer, then the connection dropped).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ChatCallPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

/** A part as OpenAI documents it; a picture only as a base64 data URL of an image type. */
const partProblem = (part: unknown): string | null => {
  const p = (part ?? {}) as Record<string, unknown>;
  if (p.type === 'text') return typeof p.text === 'string' ? null : 'a text part needs text';
  if (p.type !== 'image_url') return 'a part is text or image_url';
  const url = (p.image_url as { url?: unknown } | undefined)?.url;
  return typeof url === 'string' && /^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/]+=*$/.test(url)
    ? null
    : 'image_url.url must be a base64 data URL of a picture';
};

export interface ChatCall {
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    messages: { role: string; content: string | ChatCallPart[] }[];
    stream: boolean;
    max_tokens?: number;
  };
}

export type StandInMode = 'ok' | 'down' | 'slow' | 'garbage' | 'cut';

const shapeProblem = (body: unknown, model: string): string | null => {
  if (!body || typeof body !== 'object') return 'body is not JSON';
  const b = body as Record<string, unknown>;
  if (b.model !== model) return `model must be ${model}`;
  if (b.stream !== true) return 'stream must be true';
  if (!Array.isArray(b.messages) || b.messages.length === 0) return 'messages missing';
  for (const m of b.messages as Record<string, unknown>[]) {
    if (!['system', 'user', 'assistant'].includes(String(m.role))) return 'each message needs a role';
    if (typeof m.content === 'string') continue;
    if (m.role !== 'user' || !Array.isArray(m.content) || m.content.length === 0)
      return 'content is a string, or a list of parts in a user message';
    const problem = m.content.map(partProblem).find(Boolean);
    if (problem) return problem;
  }
  return null;
};

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`;

/** The answer in pieces of a few characters, as models stream. */
const piecesOf = (answer: string) => {
  const chars = [...answer];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += 4) out.push(chars.slice(i, i + 4).join(''));
  return out;
};

export const openAiChatStandIn = async (key: string, model: string) => {
  const calls: ChatCall[] = [];
  const refused: string[] = [];
  const state = {
    mode: 'ok' as StandInMode,
    answer: '建议标题一\n建议标题二\n建议标题三',
    tokens: 120,
    slowMs: 3000,
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const error = (status: number, message: string) =>
        res
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message, type: 'invalid_request_error' } }));
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return error(404, 'not found');
      if (req.headers.authorization !== `Bearer ${key}`) {
        refused.push('key');
        return error(401, 'Incorrect API key provided');
      }
      let body: unknown = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = null;
      }
      const problem = shapeProblem(body, model);
      if (problem) {
        refused.push(problem);
        return error(400, problem);
      }
      calls.push({ headers: req.headers, body: body as ChatCall['body'] });
      if (state.mode === 'down') return error(503, 'Service Unavailable');
      if (state.mode === 'slow') await new Promise((r) => setTimeout(r, state.slowMs));
      if (state.mode === 'garbage')
        return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>502 Bad Gateway</html>');
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
      const pieces = piecesOf(state.answer);
      const sent = state.mode === 'cut' ? pieces.slice(0, Math.ceil(pieces.length / 2)) : pieces;
      for (const piece of sent) {
        res.write(chunk(piece));
        await new Promise((r) => setTimeout(r, 5));
      }
      if (state.mode === 'cut') return res.socket?.destroy();
      res.write(`data: ${JSON.stringify({ choices: [], usage: { total_tokens: state.tokens } })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: `${origin}/v1`,
    calls,
    refused,
    state,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
};
