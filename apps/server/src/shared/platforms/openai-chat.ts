/**
 * Any OpenAI-compatible chat API (DeepSeek, Qwen/DashScope, Kimi, 文心 ERNIE …), streamed: POST
 * `{baseUrl}/chat/completions` with `Authorization: Bearer <key>` and `{ model, messages, stream: true,
 * stream_options: { include_usage: true }, max_tokens }`; the answer is text/event-stream, each `data:` line a
 * chunk whose `choices[0].delta.content` is the next piece, `data: [DONE]` the end, and the last chunk may carry
 * `usage.total_tokens`. Faults become an AiFault with the Chinese line the editor's panel shows. The wait is
 * bounded per piece (idleMs), not for the whole answer: a long answer that keeps coming is not a timeout.
 */
import { aiMessages } from '@yuexun/contract';

/** A part of a user message: text, or a picture (a data: URL) for a model that reads pictures. */
export type ChatPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export interface ChatMessage {
  role: 'system' | 'user';
  content: string | ChatPart[];
}

export interface ChatRequest {
  baseUrl: string;
  apiKey: string;
  model: string;
  messages: ChatMessage[];
  maxTokens: number;
  /** Longest silence before the first piece or between two pieces. */
  idleMs: number;
  /** The editor went away: stop reading and close the connection. */
  signal: AbortSignal;
}

export type ChatPiece = { kind: 'text'; text: string } | { kind: 'usage'; totalTokens: number };

export type AiFaultKind = 'unreachable' | 'timeout' | 'refused' | 'garbage' | 'cut';

export class AiFault extends Error {
  constructor(
    readonly kind: AiFaultKind,
    message: string,
  ) {
    super(message);
  }
}

const REASON_MAX = 200;
const clip = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, REASON_MAX);

export const chatCompletionsUrl = (baseUrl: string) => `${baseUrl.replace(/\/+$/, '')}/chat/completions`;

/** The provider's own reason from an error body (`{error:{message}}` in the OpenAI shape), else the text. */
const reasonOf = (body: string) => {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown }; message?: unknown };
    const message = parsed.error?.message ?? parsed.message;
    if (typeof message === 'string') return clip(message);
  } catch {
    // Not JSON: the text itself.
  }
  return clip(body);
};

/** One `data:` payload: its text piece and usage, or null when it is not a chat chunk at all. */
const readChunk = (data: string): ChatPiece[] | null => {
  let chunk: unknown;
  try {
    chunk = JSON.parse(data);
  } catch {
    return null;
  }
  if (!chunk || typeof chunk !== 'object') return null;
  const c = chunk as { choices?: unknown; usage?: { total_tokens?: unknown } | null };
  const pieces: ChatPiece[] = [];
  if (Array.isArray(c.choices)) {
    const content = (c.choices[0] as { delta?: { content?: unknown } } | undefined)?.delta?.content;
    if (typeof content === 'string' && content !== '') pieces.push({ kind: 'text', text: content });
  } else if (!c.usage) return null;
  const total = c.usage?.total_tokens;
  if (typeof total === 'number' && Number.isFinite(total))
    pieces.push({ kind: 'usage', totalTokens: Math.max(0, Math.round(total)) });
  return pieces;
};

/** Reads with a silence limit: the next chunk, or the timeout fault. */
const readWithin = async (reader: ReadableStreamDefaultReader<Uint8Array>, idleMs: number) => {
  let timer: NodeJS.Timeout | undefined;
  const silence = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AiFault('timeout', aiMessages.timeout)), idleMs);
  });
  try {
    return await Promise.race([reader.read(), silence]);
  } finally {
    clearTimeout(timer);
  }
};

async function* eventLines(res: Response, idleMs: number): AsyncGenerator<string> {
  if (!res.body) throw new AiFault('garbage', aiMessages.garbage);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      let step: Awaited<ReturnType<typeof reader.read>>;
      try {
        step = await readWithin(reader, idleMs);
      } catch (error) {
        if (error instanceof AiFault) throw error;
        throw new AiFault('cut', aiMessages.cut);
      }
      if (step.done) break;
      buffer += decoder.decode(step.value, { stream: true });
      const lines = buffer.split(/\r?\n/);
      buffer = lines.pop() ?? '';
      yield* lines;
    }
    if (buffer) yield buffer;
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

/** Streams the answer's pieces; throws an AiFault for anything but a whole answer ending in [DONE]. */
export async function* streamChat(req: ChatRequest): AsyncGenerator<ChatPiece> {
  // The headers must come within idleMs; the body is then timed piece by piece (a fetch signal would cut it).
  const connect = new AbortController();
  const connectTimer = setTimeout(
    () => connect.abort(new AiFault('timeout', aiMessages.timeout)),
    req.idleMs,
  );
  let res: Response;
  try {
    res = await fetch(chatCompletionsUrl(req.baseUrl), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        authorization: `Bearer ${req.apiKey}`,
      },
      body: JSON.stringify({
        model: req.model,
        messages: req.messages,
        stream: true,
        stream_options: { include_usage: true },
        max_tokens: req.maxTokens,
        temperature: 0.7,
      }),
      redirect: 'error',
      signal: AbortSignal.any([req.signal, connect.signal]),
    });
  } catch {
    if (connect.signal.aborted) throw new AiFault('timeout', aiMessages.timeout);
    throw new AiFault('unreachable', aiMessages.unreachable);
  } finally {
    clearTimeout(connectTimer);
  }
  if (res.status < 200 || res.status >= 300) {
    const body = await res.text().catch(() => '');
    throw new AiFault('refused', aiMessages.refused(res.status, reasonOf(body)));
  }
  if (!/text\/event-stream/i.test(res.headers.get('content-type') ?? '')) {
    await res.body?.cancel().catch(() => undefined);
    throw new AiFault('garbage', aiMessages.garbage);
  }
  let understood = false;
  for await (const line of eventLines(res, req.idleMs)) {
    if (!line.startsWith('data:')) continue;
    const data = line.slice(5).trim();
    if (data === '[DONE]') return;
    const pieces = readChunk(data);
    if (pieces === null) {
      if (!understood) throw new AiFault('garbage', aiMessages.garbage);
      continue;
    }
    understood = true;
    yield* pieces;
  }
  // The connection ended without [DONE]: what came is kept by the caller.
  throw new AiFault('cut', aiMessages.cut);
}
