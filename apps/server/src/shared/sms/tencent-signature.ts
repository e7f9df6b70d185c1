/**
 * Tencent Cloud API 3.0 signature v3 (TC3-HMAC-SHA256), as documented in
 * https://cloud.tencent.com/document/api/382/52072 (SMS 2021-01-11, 签名方法 v3): a canonical request
 * (method, "/", query, the content-type and host headers, the SHA-256 of the body) is hashed into
 * `TC3-HMAC-SHA256\n<timestamp>\n<date>/<service>/tc3_request\n<hash>`, which is signed with a key
 * derived from the SecretKey: HMAC("TC3"+SecretKey, date) → HMAC(·, service) → HMAC(·, "tc3_request").
 */
import { createHash, createHmac } from 'node:crypto';

export const TC3_ALGORITHM = 'TC3-HMAC-SHA256';
export const TC3_SIGNED_HEADERS = 'content-type;host';

const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key: Buffer | string, msg: string) => createHmac('sha256', key).update(msg, 'utf8').digest();

export interface Tc3Input {
  secretKey: string;
  service: string;
  /** The Host header as sent (with the port when it is not the default). */
  host: string;
  contentType: string;
  /** The request body exactly as sent. */
  payload: string;
  /** Unix seconds, the X-TC-Timestamp header. */
  timestamp: number;
  method?: string;
  query?: string;
}

/** The UTC date of a timestamp: the credential scope's date (never the local one). */
export const tc3Date = (timestamp: number) => new Date(timestamp * 1000).toISOString().slice(0, 10);

export const tc3CanonicalRequest = (i: Tc3Input) =>
  [
    i.method ?? 'POST',
    '/',
    i.query ?? '',
    `content-type:${i.contentType.trim().toLowerCase()}\nhost:${i.host.trim().toLowerCase()}\n`,
    TC3_SIGNED_HEADERS,
    sha256Hex(i.payload),
  ].join('\n');

export const tc3StringToSign = (i: Tc3Input) =>
  [
    TC3_ALGORITHM,
    String(i.timestamp),
    `${tc3Date(i.timestamp)}/${i.service}/tc3_request`,
    sha256Hex(tc3CanonicalRequest(i)),
  ].join('\n');

export const tc3Signature = (i: Tc3Input) => {
  const secretDate = hmac(`TC3${i.secretKey}`, tc3Date(i.timestamp));
  const secretService = hmac(secretDate, i.service);
  const secretSigning = hmac(secretService, 'tc3_request');
  return createHmac('sha256', secretSigning).update(tc3StringToSign(i), 'utf8').digest('hex');
};

export const tc3Authorization = (secretId: string, i: Tc3Input) =>
  `${TC3_ALGORITHM} Credential=${secretId}/${tc3Date(i.timestamp)}/${i.service}/tc3_request, ` +
  `SignedHeaders=${TC3_SIGNED_HEADERS}, Signature=${tc3Signature(i)}`;
