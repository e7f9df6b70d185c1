/** Digests and random ids as the tests compute them, independently of the server's own code. */
import { createHash, randomBytes } from 'node:crypto';

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** A session id of the server's shape (32 random bytes, base64url) that no login handed out. */
export const randomSid = () => randomBytes(32).toString('base64url');
