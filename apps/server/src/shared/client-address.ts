/**
 * Client addresses are never stored as they are: a keyed hash is enough to count attempts per address
 * (login, SMS, lead limits) and to tell audit lines apart, without keeping who was where.
 */
import { createHash } from 'node:crypto';

export const hashClientAddress = (ip: string, secret: string) =>
  createHash('sha256').update(`${secret}:${ip}`).digest('hex');
