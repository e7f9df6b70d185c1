/**
 * WeCom's side of a 客户联系 callback, written from WeCom's 加解密方案说明 (and its official samples) for the tests,
 * independently of the server's reader: the XML event encrypted with AES-256-CBC (key = EncodingAESKey + "="
 * as base64, IV its first 16 bytes; 16 random bytes, the length in 4 bytes network order, the message, the corp
 * id; PKCS#7 padding to 32), msg_signature = sha1 of token, timestamp, nonce and the ciphertext sorted and joined.
 */
import { createCipheriv, createHash, randomBytes } from 'node:crypto';

export interface CallbackKeys {
  token: string;
  encodingAesKey: string;
  corpId: string;
}

export const wecomEncrypt = (keys: CallbackKeys, message: string) => {
  const key = Buffer.from(`${keys.encodingAesKey}=`, 'base64');
  const text = Buffer.from(message);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(text.length);
  const plain = Buffer.concat([randomBytes(16), length, text, Buffer.from(keys.corpId)]);
  const pad = 32 - (plain.length % 32);
  const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16)).setAutoPadding(false);
  return Buffer.concat([
    cipher.update(Buffer.concat([plain, Buffer.alloc(pad, pad)])),
    cipher.final(),
  ]).toString('base64');
};

export const wecomSign = (token: string, timestamp: string, nonce: string, encrypted: string) =>
  createHash('sha1').update([token, timestamp, nonce, encrypted].sort().join('')).digest('hex');

/** The query and body WeCom posts for `event` (a change_external_contact XML's fields). */
export const wecomCallback = (
  keys: CallbackKeys,
  event: Record<string, string>,
  options: { timestamp?: number; nonce?: string } = {},
) => {
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = options.nonce ?? randomBytes(6).toString('hex');
  const fields = Object.entries({
    ToUserName: keys.corpId,
    FromUserName: 'sys',
    CreateTime: timestamp,
    MsgType: 'event',
    Event: 'change_external_contact',
    ...event,
  })
    .map(([k, v]) => `<${k}><![CDATA[${v}]]></${k}>`)
    .join('');
  const encrypted = wecomEncrypt(keys, `<xml>${fields}</xml>`);
  const body = `<xml><ToUserName><![CDATA[${keys.corpId}]]></ToUserName><Encrypt><![CDATA[${encrypted}]]></Encrypt><AgentID><![CDATA[]]></AgentID></xml>`;
  const query = { msg_signature: wecomSign(keys.token, timestamp, nonce, encrypted), timestamp, nonce };
  return { query: new URLSearchParams(query).toString(), body, encrypted, ...query };
};

/** A callback whose given ciphertext is signed correctly (a payload that was not encrypted with the key). */
export const signedCiphertext = (keys: CallbackKeys, encrypted: string) => {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(6).toString('hex');
  const msg_signature = wecomSign(keys.token, timestamp, nonce, encrypted);
  return {
    query: new URLSearchParams({ msg_signature, timestamp, nonce }).toString(),
    body: `<xml><Encrypt><![CDATA[${encrypted}]]></Encrypt></xml>`,
  };
};
