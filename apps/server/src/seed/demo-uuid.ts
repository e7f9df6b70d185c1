/**
 * A file uuid derived from a name: demo files get the same uuid on every machine, so a blob missing at
 * start-up can be rebuilt under the uuid the articles already point to.
 */
import { createHash } from 'node:crypto';

export const demoUuid = (name: string) => {
  const h = createHash('sha256').update(`yuexun-demo-${name}`).digest('hex');
  // Shaped as a version-4 uuid (variant a), which FILE_UUID_PATTERN accepts.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
