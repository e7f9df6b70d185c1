/**
 * Aliyun's RPC-style request signature (SignatureVersion 1.0, HMAC-SHA1), as documented for
 * dysmsapi SendSms (https://help.aliyun.com/document_detail/101343.html, "签名机制"): sort the
 * parameters by name, percent-encode names and values (RFC 3986: only A-Z a-z 0-9 - _ . ~ stay, a
 * space is %20), join them as name=value with &, then sign
 * `METHOD&%2F&percentEncode(joined)` with HMAC-SHA1 keyed by `AccessKeySecret&`, base64.
 */
import { createHmac } from 'node:crypto';

export const aliyunPercentEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The canonicalized query string: every parameter but Signature, sorted by name. */
export const aliyunCanonicalQuery = (params: Record<string, string>) =>
  Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${aliyunPercentEncode(k)}=${aliyunPercentEncode(params[k] ?? '')}`)
    .join('&');

export const aliyunStringToSign = (method: string, params: Record<string, string>) =>
  `${method.toUpperCase()}&${aliyunPercentEncode('/')}&${aliyunPercentEncode(aliyunCanonicalQuery(params))}`;

export const aliyunSignature = (method: string, params: Record<string, string>, accessKeySecret: string) =>
  createHmac('sha1', `${accessKeySecret}&`).update(aliyunStringToSign(method, params)).digest('base64');

/** Aliyun's Timestamp: UTC ISO 8601 without milliseconds, e.g. 2017-07-12T02:42:19Z. */
export const aliyunTimestamp = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');
