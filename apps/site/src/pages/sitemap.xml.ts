import type { APIRoute } from 'astro';
import { href } from '../lib/href';

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

export const GET: APIRoute = async ({ locals }) => {
  const { basePath, origin, services } = locals.site;
  const entries = await services.sitemap();
  const urls = entries
    .map(
      (e) =>
        `<url><loc>${escapeXml(`${origin}${href(basePath, e.path)}`)}</loc>${e.lastModified ? `<lastmod>${e.lastModified.slice(0, 10)}</lastmod>` : ''}</url>`,
    )
    .join('');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`;
  return new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
};
