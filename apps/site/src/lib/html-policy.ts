/** Rewrites and headers applied to every rendered page (see middleware.ts). */
import { createHash } from 'node:crypto';

/** Inline scripts the browser runs; JSON-LD blocks are data (never run), so the policy leaves them out. */
const INLINE_SCRIPT =
  /<script(?![^>]*\ssrc=)(?![^>]*\stype="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

export const contentSecurityPolicy = (html: string) => {
  const hashes = [...new Set([...html.matchAll(INLINE_SCRIPT)].map((m) => sha256(m[1] ?? '')))];
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
};

export const rebaseAssets = (html: string, basePath: string) =>
  basePath === '/' ? html : html.replace(/(["'(])\/_astro\//g, `$1${basePath}_astro/`);
