/**
 * Password hashing with scrypt from node:crypto: no native dependency, memory-hard, and the
 * parameters travel with each hash (scrypt$N$r$p$salt$hash) so they can be raised later.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's cost for new hashes: N = 2^14 unless PASSWORD_HASH_COST says otherwise (see setPasswordHashCost). */
export const DEFAULT_PASSWORD_HASH_COST = 14;
let N = 2 ** DEFAULT_PASSWORD_HASH_COST;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

const derive = (password: string, salt: Buffer, options: ScryptOptions, length: number) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, length, { ...options, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );

/**
 * Sets the cost (log2 N) of hashes made from now on; existing hashes keep the cost they were made with.
 * Raised for stronger hashes on a fast server; lowered only by test suites, as Devise and Django do, since
 * thousands of logins at full cost are most of a test run's CPU.
 */
export const setPasswordHashCost = (cost: number) => {
  N = 2 ** cost;
};

export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, { N, r: R, p: P }, KEY_LENGTH);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    { N: Number(n), r: Number(r), p: Number(p) },
    expected.length,
  );
  return timingSafeEqual(key, expected);
};

// Unknown usernames are checked against this hash, so they cost the same scrypt as a wrong password
// and response times do not reveal which usernames exist.
let dummyHash: Promise<string> | undefined;
export const verifyAgainstDummy = async (password: string) => {
  dummyHash ??= hashPassword(randomBytes(18).toString('base64url'));
  await verifyPassword(password, await dummyHash);
  return false;
};

/** A strong password for generated demo accounts (about 120 bits). */
export const generatePassword = () => randomBytes(15).toString('base64url');
