/**
 * Security headers on every answer (helmet's set; API actions' JSON a short set for data, below). The
 * default policy suits /docs (swagger-ui loads only its own scripts) and files. Site pages replace the Content-Security-Policy with one
 * listing the hashes of exactly their inline scripts (apps/site/src/middleware.ts); the console may
 * set its own for its path. No upgrade-insecure-requests: plain-HTTP installs on an intranet exist.
 *
 * The policy has no per-request part (no nonces), so helmet runs once at start-up and every answer gets
 * the same headers from that one result: helmet's middleware rebuilt the policy text on every request,
 * which was a tenth of a cached API answer's time (issue 20).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: true,
    directives: { 'upgrade-insecure-requests': null, 'frame-ancestors': ["'self'"] },
  },
  // Pages embed their own files (PDF preview) and are embedded by nobody else.
  frameguard: { action: 'sameorigin' },
  crossOriginEmbedderPolicy: false,
  hsts: false,
  // Same-site navigations keep the referrer (the switch-unit form returns to the page it came from).
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

/** The headers helmet sets with these options, read off one run of its middleware. */
export const securityHeaders = (options: Readonly<HelmetOptions> = HELMET_OPTIONS) => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return Object.freeze(headers);
};

/**
 * An API action's JSON answer is data, never a document: a browser does not render it, frame it or run
 * scripts from it, so the document headers (frame options, XSS auditor, DNS prefetch, opener and agent
 * cluster policies) only cost bytes on the busiest answers. What stays protects data: no sniffing it into a
 * script or page, no loading it cross-origin, and a policy that lets nothing load or frame it if it is
 * opened as a page anyway (OWASP's REST recommendation).
 */
const JSON_API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'strict-origin-when-cross-origin',
});

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const headers = securityHeaders();
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.routeOptions.config.jsonApi ? JSON_API_HEADERS : headers);
      done();
    });
  },
  { name: 'security-headers' },
);
