/**
 * Renders a site page into memory instead of onto a socket: Astro's handler writes to a small stand-in for
 * Node's ServerResponse, and the status, headers and body come back with the facts the page set on
 * `locals.page`. Every page is rendered so, kept or not, signed in or not (send-page.ts answers it).
 */
import {
  type IncomingHttpHeaders,
  IncomingMessage,
  type OutgoingHttpHeaders,
  ServerResponse,
} from 'node:http';
import { Socket } from 'node:net';
import type { PageFacts } from '@yuexun/contract';
import type { AstroHandler, PageLocals } from './astro-runtime';

/** Headers a rendered page never passes on: they belong to one response or to the encoding. */
const PER_RESPONSE_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'date',
]);

/** A page as Astro rendered it, in memory: headers in lower case, single values. */
export interface RenderedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  facts: PageFacts;
}

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
 * Renders `pageRequest` (its url a site path under no base) with `site`; when no route matches, the site's
 * not-found page answers with 404. A GET is rendered from a stand-in request (`captureRequest`); a form post
 * from the visitor's own, whose body Astro reads.
 */
export const renderPage = async (
  handler: AstroHandler,
  pageRequest: IncomingMessage,
  site: PageLocals['site'],
): Promise<RenderedPage> => {
  const locals: PageLocals = { site, page: { private: false, validUntil: null } };
  const res = new CaptureResponse(captureRequest(pageRequest.url ?? '/', {}));
  const notFound = () => {
    void handler(
      captureRequest('/404', { host: pageRequest.headers.host ?? '127.0.0.1' }),
      res,
      undefined,
      locals,
    );
  };
  await handler(pageRequest, res, notFound, locals);
  await res.rendered;
  const { status, headers, body } = res.result();
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const text = single(value);
    if (text !== undefined && !PER_RESPONSE_HEADERS.has(name)) kept[name] = text;
  }
  return { status, headers: kept, body, facts: locals.page };
};
