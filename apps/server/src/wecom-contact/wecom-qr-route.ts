/**
 * A 联系我's QR code from the site's own origin (decision 062): the pages' Content-Security-Policy allows only
 * their own pictures, so the server fetches WeCom's qr_code picture of a ready 联系我 (by its state) and answers
 * it, kept by the browser for a day. An unknown state or a picture WeCom does not give is a 404.
 */
import { wecomQrPath } from '@yuexun/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../http/route';
import { PLATFORM_TIMEOUT_MS } from '../shared/platforms/platform-call';
import { qrCodeByState } from './lead-contact-way';

const MAX_BYTES = 512 * 1024;

export const registerQrRoute = (app: FastifyInstance) => {
  defineRoute<undefined>(app, {
    method: 'GET',
    url: `${app.config.basePath}${wecomQrPath(':file').slice(1, -'.png'.length)}`,
    schema: { hide: true },
    handler: async ({ request, reply }) => {
      const { file = '' } = request.params as { file?: string };
      const source = file.endsWith('.png') ? await qrCodeByState(app.db, file.slice(0, -4)) : null;
      if (!source) return reply.code(404).send();
      let picture: Response;
      try {
        picture = await fetch(source, {
          redirect: 'follow',
          signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS),
        });
      } catch {
        return reply.code(404).send();
      }
      const type = picture.headers.get('content-type') ?? '';
      const body = Buffer.from(await picture.arrayBuffer());
      if (!picture.ok || !type.startsWith('image/') || body.length > MAX_BYTES) return reply.code(404).send();
      return reply
        .header('content-type', type)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  });
};
