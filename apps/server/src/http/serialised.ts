/**
 * Answers kept as their JSON bytes. A public read served from the read cache is the same object for every
 * visitor until the next change; serialising it once instead of on every request saves most of a cached
 * answer's time and its garbage (issue 20), and keeping bytes rather than text saves encoding the text
 * again (and measuring it for Content-Length) on every send; its ETag is computed once with them. Its gzip and brotli forms are kept beside it,
 * each made when a client first accepts it (http/content-coding.ts): a phone on a slow network gets a list
 * in a quarter of the bytes. The object stays an ordinary envelope for the code that handles it; the action
 * registry sends its bytes.
 */
import { createHash } from 'node:crypto';
import type { Encodable } from './content-coding';

export interface KeptJson extends Encodable {
  json: Buffer;
  /** Names this version of the answer (weak: the same for every encoding), as the site's pages do. */
  etag: string;
}

const kept = new WeakMap<object, KeptJson>();

/** The answer with its JSON bytes computed now and reused by every later send of the same object. */
export const serialisedOnce = <T extends object>(answer: T): T => {
  const json = Buffer.from(JSON.stringify(answer));
  kept.set(answer, { json, etag: `W/"${createHash('sha1').update(json).digest('base64url')}"`, encoded: {} });
  return answer;
};

/** What serialisedOnce kept for this answer, if it did. */
export const keptJson = (answer: object): KeptJson | undefined => kept.get(answer);

/** Fastify's serialiser for every route: the kept bytes as text when there are some, JSON.stringify otherwise. */
export const serialise = (data: unknown): string =>
  (typeof data === 'object' && data !== null && kept.get(data)?.json.toString()) || JSON.stringify(data);
