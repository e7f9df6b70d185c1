/**
 * The 访问轨迹's browser check (decision 054): a short hash of the browser id (or, without one, the visit id)
 * and the user agent. Pages recorded under an id and a lead sent with it match only when both came from the
 * same kind of browser, so an id copied to another phone or browser neither adds pages to a lead nor takes them.
 */
import { createHash } from 'node:crypto';

export const visitAgentOf = (ids: { visitId: string; browserId?: string }, userAgent: string) =>
  createHash('sha256')
    .update(`${ids.browserId || ids.visitId}\t${userAgent}`)
    .digest('base64url')
    .slice(0, 16);
