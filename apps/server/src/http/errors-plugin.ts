/**
 * The one place where failures become envelopes. Action outcomes are HTTP 200; other statuses
 * only where no action ran (413, 415, 404, 405, 429, 503, 500). The client never sees a stack trace.
 */

import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { BusinessCode, businessMessage, fail, messages } from '@yuexun/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DatabaseBusyError, StoreUnavailableError } from '../shared/errors';

/**
 * A request Node cannot parse at all (headers over the limit, a malformed request line, a timeout)
 * never reaches a route: it still gets the envelope, written to the socket before it closes
 * (Fastify's own answer here is a different JSON shape).
 */
export const clientErrorHandler = (error: NodeJS.ErrnoException, socket: Duplex) => {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, fail(BusinessCode.PAYLOAD_TOO_LARGE)]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, fail(BusinessCode.BAD_REQUEST, messages.requestTimeout)]
        : [400, fail(BusinessCode.BAD_REQUEST, `${businessMessage(400)}：${messages.badBody}`)];
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
};

const statusByFastifyCode: Record<string, BusinessCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: BusinessCode.PAYLOAD_TOO_LARGE,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: BusinessCode.UNSUPPORTED_MEDIA_TYPE,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: BusinessCode.BAD_REQUEST,
  FST_ERR_CTP_EMPTY_JSON_BODY: BusinessCode.BAD_REQUEST,
  FST_ERR_CTP_INVALID_JSON_BODY: BusinessCode.BAD_REQUEST,
};

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const known = statusByFastifyCode[error.code];
      if (
        known === BusinessCode.BAD_REQUEST ||
        (error instanceof SyntaxError && (error.statusCode ?? 0) < 500)
      ) {
        return reply
          .status(400)
          .send(fail(BusinessCode.BAD_REQUEST, `${businessMessage(400)}：${messages.badBody}`));
      }
      if (known) return reply.status(known).send(fail(known));
      if (error instanceof StoreUnavailableError) {
        request.log.error({ err: error, reason: error.reason }, 'store unavailable');
        // A file route may have set its year-long caching already: a failure must never be kept.
        reply.removeHeader('etag');
        return reply
          .header('cache-control', 'no-store')
          .status(503)
          .send(fail(BusinessCode.UNAVAILABLE, messages.fileStoreUnavailable));
      }
      // Straight from the database thread, or wrapped by drizzle (DrizzleQueryError keeps it as the cause).
      const busy = [error, error.cause].find((e) => e instanceof DatabaseBusyError);
      if (busy) {
        request.log.warn({ err: busy }, 'embedded database queue full');
        return reply
          .header('retry-after', '1')
          .header('cache-control', 'no-store')
          .status(503)
          .send(fail(BusinessCode.UNAVAILABLE, messages.databaseBusy));
      }
      if (error.statusCode === 429) return reply.status(429).send(fail(BusinessCode.TOO_MANY_REQUESTS));
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        request.log.info({ err: error }, 'client error');
        return reply.status(400).send(fail(BusinessCode.BAD_REQUEST));
      }
      request.log.error({ err: error }, 'unexpected error');
      return reply.status(500).send(
        fail(BusinessCode.SERVER_ERROR, businessMessage(BusinessCode.SERVER_ERROR), {
          requestId: String(request.id),
        }),
      );
    });

    app.setNotFoundHandler((_request, reply) =>
      reply.status(404).send(fail(BusinessCode.NOT_FOUND, messages.pathNotFound)),
    );
  },
  { name: 'errors' },
);
