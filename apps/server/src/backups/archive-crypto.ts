/**
 * Encryption of a backup archive with a passphrase (BACKUP_PASSPHRASE), node:crypto only. The format is in
 * docs/decisions/045-backup-archives.md: a 52-byte header (magic, scrypt cost, salt, nonce prefix and a key
 * check), then frames of at most 64 KiB, each AES-256-GCM sealed with its own nonce (prefix, frame number,
 * last-frame flag) and the header as additional data. A frame changed, dropped, reordered or cut off, a
 * header edited or the last frame missing all fail authentication; a wrong passphrase fails the key check
 * before any frame, so the two are told apart.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { BackupRefusal } from './backup-refusal';

export const ENCRYPTED_MAGIC = Buffer.from('YXBKENC1', 'latin1');
const HEADER_BYTES = 52;
const FRAME_BYTES = 64 * 1024;
const TAG_BYTES = 16;
/** scrypt N = 2^17, r = 8, p = 1 (128 MiB, about a third of a second): the cost is stored in each header. */
const SCRYPT_LOG_N = 17;
const SCRYPT_R = 8;
const SCRYPT_P = 1;

const deriveKey = (passphrase: string, salt: Buffer, logN: number, r: number, p: number) =>
  new Promise<Buffer>((resolve, reject) => {
    const N = 2 ** logN;
    scrypt(passphrase.normalize('NFC'), salt, 32, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });

const keyCheck = (key: Buffer) =>
  createHmac('sha256', key).update('yuexun backup key check').digest().subarray(0, 16);

const nonceOf = (prefix: Buffer, frame: number, last: boolean) => {
  const nonce = Buffer.alloc(12);
  prefix.copy(nonce, 0, 0, 7);
  nonce.writeUInt32BE(frame, 7);
  nonce[11] = last ? 1 : 0;
  return nonce;
};

/** Encrypts what is written into it; the header is sent first. */
export const encryptStream = async (passphrase: string): Promise<Transform> => {
  const salt = randomBytes(16);
  const prefix = randomBytes(7);
  const key = await deriveKey(passphrase, salt, SCRYPT_LOG_N, SCRYPT_R, SCRYPT_P);
  const header = Buffer.alloc(HEADER_BYTES);
  ENCRYPTED_MAGIC.copy(header, 0);
  header.writeUInt8(SCRYPT_LOG_N, 8);
  header.writeUInt8(SCRYPT_R, 9);
  header.writeUInt8(SCRYPT_P, 10);
  salt.copy(header, 12);
  prefix.copy(header, 28);
  keyCheck(key).copy(header, 36);
  let frame = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const seal = (plain: Buffer, last: boolean) => {
    const cipher = createCipheriv('aes-256-gcm', key, nonceOf(prefix, frame++, last));
    cipher.setAAD(header);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(plain.length);
    return Buffer.concat([length, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  };
  return new Transform({
    construct(callback) {
      this.push(header);
      callback();
    },
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      // A frame is sealed only once more bytes follow it, so that the last one can carry the last flag.
      while (pendingBytes > FRAME_BYTES) {
        const all = Buffer.concat(pending);
        this.push(seal(all.subarray(0, FRAME_BYTES), false));
        pending = [all.subarray(FRAME_BYTES)];
        pendingBytes = all.length - FRAME_BYTES;
      }
      callback();
    },
    flush(callback) {
      this.push(seal(Buffer.concat(pending), true));
      callback();
    },
  });
};

const damaged = (detail: string) => new BackupRefusal('damaged', detail);

/**
 * Decrypts an archive written by encryptStream. Errors: BackupRefusal 'wrong-passphrase' (key check),
 * 'damaged' (a frame fails authentication, the stream ends before the last frame, or bytes follow it).
 */
export const decryptStream = (passphrase: string): Transform => {
  let buffer: Buffer = Buffer.alloc(0);
  let header: Buffer | null = null;
  let key: Buffer | null = null;
  let prefix: Buffer | null = null;
  let frame = 0;
  let done = false;

  const open = async (head: Buffer) => {
    if (!head.subarray(0, 8).equals(ENCRYPTED_MAGIC)) throw damaged('不是加密的悦讯备份');
    const logN = head.readUInt8(8);
    const r = head.readUInt8(9);
    const p = head.readUInt8(10);
    if (logN < 10 || logN > 22 || r < 1 || r > 32 || p < 1 || p > 16) throw damaged('加密参数无效');
    const derived = await deriveKey(passphrase, head.subarray(12, 28), logN, r, p);
    if (!timingSafeEqual(keyCheck(derived), head.subarray(36, 52)))
      throw new BackupRefusal('wrong-passphrase');
    header = head;
    prefix = head.subarray(28, 35);
    key = derived;
  };

  const frames = (push: (b: Buffer) => void) => {
    while (key && header && prefix && buffer.length >= 4) {
      const length = buffer.readUInt32BE(0);
      if (length > FRAME_BYTES) throw damaged('数据块长度无效');
      const total = 4 + length + TAG_BYTES;
      if (buffer.length < total) return;
      if (done) throw damaged('结尾之后还有数据');
      const body = buffer.subarray(4, 4 + length);
      const tag = buffer.subarray(4 + length, total);
      // The last flag is part of the nonce: try "not last" first, then "last"; only the true one authenticates.
      let plain: Buffer | null = null;
      for (const last of [false, true]) {
        const decipher = createDecipheriv('aes-256-gcm', key, nonceOf(prefix, frame, last));
        decipher.setAAD(header);
        decipher.setAuthTag(tag);
        try {
          plain = Buffer.concat([decipher.update(body), decipher.final()]);
          done = last;
          break;
        } catch {
          plain = null;
        }
      }
      if (!plain) throw damaged(`第 ${frame + 1} 个数据块校验失败`);
      frame++;
      buffer = buffer.subarray(total);
      push(plain);
    }
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      const run = async () => {
        if (!header) {
          if (buffer.length < HEADER_BYTES) return;
          const head = Buffer.from(buffer.subarray(0, HEADER_BYTES));
          buffer = buffer.subarray(HEADER_BYTES);
          await open(head);
        }
        frames((b) => this.push(b));
      };
      run().then(() => callback(), callback);
    },
    flush(callback) {
      if (!header) return callback(damaged('文件太短'));
      if (!done || buffer.length) return callback(damaged('文件不完整（缺少结尾）'));
      callback();
    },
  });
};
