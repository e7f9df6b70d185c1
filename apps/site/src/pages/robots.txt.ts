import type { APIRoute } from 'astro';
import { href } from '../lib/href';

export const GET: APIRoute = ({ locals }) => {
  const { basePath, origin } = locals.site;
  const body = [
    'User-agent: *',
    `Allow: ${basePath}`,
    `Disallow: ${basePath}file-preview/`,
    `Disallow: ${basePath}fileView/`,
    `Disallow: ${basePath}YX_FILE-PREVIEW_APP/`,
    'Disallow: /home/2.0/login/',
    `Sitemap: ${origin}${href(basePath, '/sitemap.xml')}`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
};
