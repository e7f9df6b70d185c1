/**
 * Tencent Cloud SMS: SendSms of API 2021-01-11, JSON POST signed with TC3-HMAC-SHA256
 * (tencent-signature.ts). A request error answers `{"Response":{"Error":{"Code",…}}}`; an accepted
 * request reports each number in SendStatusSet, whose Code is "Ok" when the message went out.
 */
import type { SmsConfig } from '../../config';
import { callProvider, type SmsFailure, type SmsProvider, SmsSendError } from './sms-common';
import { tc3Authorization } from './tencent-signature';

type Configured = Extract<SmsConfig, { provider: 'aliyun' | 'tencent' }>;

const CONTENT_TYPE = 'application/json; charset=utf-8';

/** Tencent's SendSms error codes by what the user can be told. */
export const tencentFailure = (code: string): SmsFailure => {
  if (/^LimitExceeded|RequestLimitExceeded|FrequencyLimit/.test(code)) return 'rate';
  if (/PhoneNumber|IncorrectPhone|ContainDomesticAndInternational/.test(code)) return 'phone';
  if (/Template|Signature(Incorrect|Unapproved)|SignName|SdkAppId/.test(code)) return 'template';
  if (/^AuthFailure|^UnauthorizedOperation|InsufficientBalance|Arrears/.test(code)) return 'auth';
  return 'unavailable';
};

interface TencentAnswer {
  Response?: {
    Error?: { Code: string; Message: string };
    SendStatusSet?: { Code: string; Message: string; PhoneNumber: string }[];
  };
}

export const tencentSmsProvider = (config: Configured): SmsProvider => ({
  sendCode: async (phone, code) => {
    const payload = JSON.stringify({
      PhoneNumberSet: [`+86${phone}`],
      SmsSdkAppId: config.sdkAppId,
      SignName: config.signName,
      TemplateId: config.templateId,
      TemplateParamSet: [code],
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const host = new URL(config.endpoint).host;
    const authorization = tc3Authorization(config.accessKeyId, {
      secretKey: config.accessKeySecret,
      service: 'sms',
      host,
      contentType: CONTENT_TYPE,
      payload,
      timestamp,
    });
    const { status, body } = await callProvider(
      config.endpoint,
      {
        method: 'POST',
        headers: {
          authorization,
          'content-type': CONTENT_TYPE,
          'x-tc-action': 'SendSms',
          'x-tc-version': '2021-01-11',
          'x-tc-timestamp': String(timestamp),
          'x-tc-region': config.region,
        },
        body: payload,
      },
      config.timeoutMs,
    );
    const answer = (body as TencentAnswer).Response;
    const error = answer?.Error ?? answer?.SendStatusSet?.find((s) => s.Code !== 'Ok');
    if (status === 200 && answer && !error && answer.SendStatusSet?.length) return;
    const providerCode = error?.Code ?? `HTTP_${status}`;
    throw new SmsSendError(tencentFailure(providerCode), providerCode, error?.Message ?? '');
  },
});
