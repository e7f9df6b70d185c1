/**
 * Aliyun SMS: dysmsapi SendSms (Version 2017-05-25), form POST signed the RPC way (aliyun-signature.ts).
 * Success is `{"Code":"OK",…}`; business refusals come as HTTP 200 with another Code (isv.*), key and
 * signature problems as HTTP 4xx with a Code such as SignatureDoesNotMatch.
 */
import { randomUUID } from 'node:crypto';
import type { SmsConfig } from '../../config';
import { aliyunCanonicalQuery, aliyunSignature, aliyunTimestamp } from './aliyun-signature';
import { callProvider, type SmsFailure, type SmsProvider, SmsSendError } from './sms-common';

type Configured = Extract<SmsConfig, { provider: 'aliyun' | 'tencent' }>;

/** Aliyun's SendSms error codes by what the user can be told. */
export const aliyunFailure = (code: string): SmsFailure => {
  if (/LIMIT_CONTROL|Throttling|FREQUENCY|OUT_OF_SERVICE_LIMIT/i.test(code)) return 'rate';
  if (/MOBILE|BLACK_KEY|PHONE/i.test(code)) return 'phone';
  if (/TEMPLATE|SMS_SIGN|SIGNATURE_ILLEGAL|SIGN_NAME|PARAM/i.test(code)) return 'template';
  if (
    /AccessKey|SignatureDoesNotMatch|SignatureNonce|InvalidTimeStamp|ACCOUNT|PERMISSION|Forbidden|AMOUNT/i.test(
      code,
    )
  )
    return 'auth';
  return 'unavailable';
};

export const aliyunSmsProvider = (config: Configured): SmsProvider => ({
  sendCode: async (phone, code) => {
    const params: Record<string, string> = {
      AccessKeyId: config.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: phone,
      RegionId: config.region,
      SignName: config.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: config.templateId,
      TemplateParam: JSON.stringify({ code }),
      Timestamp: aliyunTimestamp(new Date()),
      Version: '2017-05-25',
    };
    const signature = aliyunSignature('POST', params, config.accessKeySecret);
    const { status, body } = await callProvider(
      config.endpoint,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `${aliyunCanonicalQuery(params)}&Signature=${encodeURIComponent(signature)}`,
      },
      config.timeoutMs,
    );
    const answer = body as { Code?: string; Message?: string };
    if (status === 200 && answer.Code === 'OK') return;
    const providerCode = answer.Code ?? `HTTP_${status}`;
    throw new SmsSendError(aliyunFailure(providerCode), providerCode, answer.Message ?? '');
  },
});
