/**
 * The 访问轨迹 of a browser without JavaScript (decision 054, amended): it keeps no visit id, so the server
 * names its visit by the day's shared statistics salt, the address and the user agent. The <noscript> picture
 * records its pages under that name and its lead claims them. The name never leaves the server, and nobody
 * can recompute it once the day's salt is deleted (visitor.ts); only browsers that ran no script have pages
 * under it, since only they load the picture.
 */
import { createHash } from 'node:crypto';

/** 32 hex digits, the shape of the site script's own visit ids (optionalVisitId). */
export const noScriptVisitId = (salt: string, address: string, userAgent: string) =>
  createHash('sha256').update(`noscript\t${salt}\t${address}\t${userAgent}`).digest('hex').slice(0, 32);

/** A transparent 1×1 GIF: the <noscript> picture's answer. */
export const TRANSPARENT_GIF = Buffer.from(
  'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  'base64',
);
