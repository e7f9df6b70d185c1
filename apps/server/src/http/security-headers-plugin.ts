/**
 * Security headers on every answer (@fastify/helmet). The default policy suits the API and /docs
 * (swagger-ui loads only its own scripts). Site pages replace the Content-Security-Policy with one
 * listing the hashes of exactly their inline scripts (apps/site/src/middleware.ts); the console may
 * set its own for its path. No upgrade-insecure-requests: plain-HTTP installs on an intranet exist.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
      global: true,
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
    });
  },
  { name: 'security-headers' },
);
