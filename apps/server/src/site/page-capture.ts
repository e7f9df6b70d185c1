/**
 * Renders a site page into memory instead of onto a socket, for the page cache: Astro's handler
 * writes to a small stand-in for Node's ServerResponse, and the result becomes a PageEntry; its gzip
 * and brotli forms are made when first asked for (http/content-coding.ts).
 */
import {
  type IncomingHttpHeaders,
  IncomingMessage,
  type OutgoingHttpHeaders,
  ServerResponse,
} from 'node:http';
import { Socket } from 'node:net';
import { PAGE_VALID_UNTIL_HEADER } from '@yuexun/contract';
import type { PageEntry } from '../shared/caches/page-cache';

/** Headers a stored page never carries: they belong to one response or to the encoding. */
export const PER_RESPONSE_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'date',
  // Read into the entry (validUntil); the server's own business, not the visitor's.
  PAGE_VALID_UNTIL_HEADER,
]);

/**
 * A real ServerResponse with no socket: Astro's NodeApp.writeResponse and the adapter write to it,
 * and the status, headers and body are kept in memory instead of being sent.
 */
export class CaptureResponse extends ServerResponse {
  private chunks: Buffer[] = [];
  private done!: () => void;
  readonly rendered = new Promise<void>((resolve) => {
    this.done = resolve;
  });

  override writeHead(status: number, ...rest: unknown[]) {
    this.statusCode = status;
    const headers = rest.find((arg): arg is OutgoingHttpHeaders => typeof arg === 'object' && arg !== null);
    for (const [name, value] of Object.entries(headers ?? {})) {
      if (value !== undefined) this.setHeader(name, value);
    }
    return this;
  }

  override write(chunk: string | Uint8Array, ...rest: unknown[]) {
    this.chunks.push(Buffer.from(chunk));
    const callback = rest.find((arg): arg is () => void => typeof arg === 'function');
    callback?.();
    return true;
  }

  override end(...args: unknown[]) {
    const chunk = args.find(
      (arg): arg is string | Uint8Array => typeof arg === 'string' || arg instanceof Uint8Array,
    );
    if (chunk !== undefined) this.chunks.push(Buffer.from(chunk));
    this.emit('finish');
    this.done();
    return this;
  }

  override destroy() {
    this.emit('close');
    this.done();
    return this;
  }

  result() {
    return { status: this.statusCode, headers: this.getHeaders(), body: Buffer.concat(this.chunks) };
  }
}

/** A GET for `url` as Astro's NodeApp.createRequest reads it (an unconnected socket: nothing to abort). */
export const captureRequest = (url: string, headers: IncomingHttpHeaders) => {
  const request = new IncomingMessage(new Socket());
  request.method = 'GET';
  request.url = url;
  request.headers = headers;
  return request;
};

const single = (value: OutgoingHttpHeaders[string]) =>
  value === undefined ? undefined : Array.isArray(value) ? value.join(', ') : String(value);

/**
 * The entry to keep for a captured render, or null when it must not be kept: anything but a 200
 * HTML page, a page that says private or no-store, or one that sets a cookie.
 */
export const toPageEntry = (
  captured: ReturnType<CaptureResponse['result']>,
  views: number[],
): PageEntry | null => {
  const cacheControl = single(captured.headers['cache-control']) ?? '';
  const etag = single(captured.headers.etag);
  if (
    captured.status !== 200 ||
    !etag ||
    !single(captured.headers['content-type'])?.startsWith('text/html') ||
    !/\bpublic\b/.test(cacheControl) ||
    /\b(private|no-store)\b/.test(cacheControl) ||
    captured.headers['set-cookie'] !== undefined
  ) {
    return null;
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(captured.headers)) {
    const text = single(value);
    if (text !== undefined && !PER_RESPONSE_HEADERS.has(name)) headers[name] = text;
  }
  const validUntil = Number(single(captured.headers[PAGE_VALID_UNTIL_HEADER]) ?? Number.NaN);
  const html = captured.body;
  const headerBytes = Object.entries(headers).reduce((n, [k, v]) => n + k.length + v.length, 0);
  return {
    status: 200,
    headers,
    html,
    encoded: {},
    etag,
    views,
    expires: 0,
    storedAt: 0,
    validUntil: Number.isFinite(validUntil) ? validUntil : null,
    bytes: html.length + headerBytes + 256,
  };
};
