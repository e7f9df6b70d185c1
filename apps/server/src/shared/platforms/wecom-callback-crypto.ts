/**
 * 企业微信 callback encryption as WeCom documents it (加解密方案说明) and its official samples implement:
 * - msg_signature = sha1 of the four strings token, timestamp, nonce and the encrypted text, sorted and joined;
 * - the AES key is the EncodingAESKey (43 characters) + "=" read as base64: 32 bytes; AES-256-CBC with the IV the
 *   key's first 16 bytes, PKCS#7 padding to a multiple of 32 bytes;
 * - the plain text is 16 random bytes, the message length (4 bytes, network order), the message, the receiveid
 *   (the corp id for an internal app's callback).
 * `encryptWecom` is the sending side (WeCom's), used by the tests and the echo of the URL check.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const BLOCK = 32;

export class WecomCryptoError extends Error {}

export const wecomSignature = (token: string, timestamp: string, nonce: string, encrypted: string) =>
  createHash('sha1').update([token, timestamp, nonce, encrypted].sort().join('')).digest('hex');

/** Constant-time comparison of the expected and the given signature. */
export const wecomSignatureValid = (
  token: string,
  timestamp: string,
  nonce: string,
  encrypted: string,
  given: string,
) => {
  const expected = Buffer.from(wecomSignature(token, timestamp, nonce, encrypted));
  const received = Buffer.from(given.toLowerCase());
  return expected.length === received.length && timingSafeEqual(expected, received);
};

const keyOf = (encodingAesKey: string) => {
  const key = Buffer.from(`${encodingAesKey}=`, 'base64');
  if (encodingAesKey.length !== 43 || key.length !== 32)
    throw new WecomCryptoError('EncodingAESKey 应为 43 个字符');
  return key;
};

/** Whether a string can be an EncodingAESKey (43 characters of base64). */
export const encodingAesKeyValid = (value: string) => /^[A-Za-z0-9+/]{43}$/.test(value);

/** The message inside `encrypted`; throws WecomCryptoError when it cannot be read or is for another receiver. */
export const decryptWecom = (encodingAesKey: string, encrypted: string, receiveId: string): string => {
  const key = keyOf(encodingAesKey);
  const data = Buffer.from(encrypted, 'base64');
  if (data.length === 0 || data.length % 16 !== 0) throw new WecomCryptoError('密文长度不正确');
  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-cbc', key, key.subarray(0, 16));
    decipher.setAutoPadding(false);
    plain = Buffer.concat([decipher.update(data), decipher.final()]);
  } catch {
    throw new WecomCryptoError('无法解密');
  }
  const pad = plain[plain.length - 1] ?? 0;
  if (pad < 1 || pad > BLOCK || plain.length < 20 + pad) throw new WecomCryptoError('填充不正确');
  const body = plain.subarray(16, plain.length - pad);
  const length = body.readUInt32BE(0);
  if (length > body.length - 4) throw new WecomCryptoError('消息长度不正确');
  const message = body.subarray(4, 4 + length).toString('utf8');
  const receiver = body.subarray(4 + length).toString('utf8');
  if (receiver !== receiveId) throw new WecomCryptoError('接收方 ID 与企业 ID 不符');
  return message;
};

export const encryptWecom = (encodingAesKey: string, message: string, receiveId: string): string => {
  const key = keyOf(encodingAesKey);
  const text = Buffer.from(message, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(text.length, 0);
  const body = Buffer.concat([randomBytes(16), length, text, Buffer.from(receiveId, 'utf8')]);
  const pad = BLOCK - (body.length % BLOCK);
  const padded = Buffer.concat([body, Buffer.alloc(pad, pad)]);
  const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]).toString('base64');
};

/** The text of one element of WeCom's flat XML (`<Name><![CDATA[value]]></Name>` or `<Name>value</Name>`). */
export const xmlField = (xml: string, name: string): string => {
  const match = new RegExp(`<${name}>(?:<!\\[CDATA\\[([\\s\\S]*?)\\]\\]>|([^<]*))</${name}>`).exec(xml);
  return match ? (match[1] ?? match[2] ?? '') : '';
};
