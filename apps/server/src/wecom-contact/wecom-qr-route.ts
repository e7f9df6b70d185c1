/**
 * A 联系我's QR code from the site's own origin (decision 062): the pages' Content-Security-Policy allows only
 * their own pictures, so the server fetches WeCom's qr_code picture of a ready 联系我 (by its state) and answers
 * it, kept by the browser for a day. An unknown state or a picture WeCom does not give is a 404. For a 获客链接
 * (decision 068) the picture is a QR code of the link made here, and /wecom-contact/link/<state> redirects to it
 * (the alert's 添加您的专属顾问, written before WeCom has answered).
 */
import { wecomLinkPath, wecomQrPath } from '@yuexun/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../http/route';
import { PLATFORM_TIMEOUT_MS } from '../shared/platforms/platform-call';
import { readyWayByState } from './lead-contact-way';

/** A QR code of a 获客链接 (the qrcode package, as the console's MFA setup uses it). */
const linkQr = async (link: string) =>
  (await import('qrcode')).default.toBuffer(link, { type: 'png', margin: 2, scale: 6 });

const MAX_BYTES = 512 * 1024;

export const registerQrRoute = (app: FastifyInstance) => {
  defineRoute<undefined>(app, {
    method: 'GET',
    url: `${app.config.basePath}${wecomQrPath(':file').slice(1, -'.png'.length)}`,
    schema: { hide: true },
    handler: async ({ request, reply }) => {
      const { file = '' } = request.params as { file?: string };
      const ready = file.endsWith('.png') ? await readyWayByState(app.db, file.slice(0, -4)) : null;
      if (!ready) return reply.code(404).send();
      if (ready.link !== null)
        return reply
          .header('content-type', 'image/png')
          .header('cache-control', 'private, max-age=86400')
          .send(await linkQr(ready.link));
      const source = ready.qrCode;
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
  defineRoute<undefined>(app, {
    method: 'GET',
    url: `${app.config.basePath}${wecomLinkPath(':state').slice(1)}`,
    schema: { hide: true },
    handler: async ({ request, reply }) => {
      const { state = '' } = request.params as { state?: string };
      const link = (await readyWayByState(app.db, state))?.link;
      if (!link) return reply.code(404).send();
      return reply.header('cache-control', 'private, no-store').redirect(link, 302);
    },
  });
};
