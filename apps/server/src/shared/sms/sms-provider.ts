/**
 * How SMS codes reach a phone: `log` (the server log, development and tests), Aliyun SMS (dysmsapi
 * SendSms, RPC signature HMAC-SHA1) or Tencent Cloud SMS (SendSms 2021-01-11, TC3-HMAC-SHA256), chosen
 * by SMS_PROVIDER (decision 029). A provider answers or throws SmsSendError with the reason, which the
 * captcha turns into a Chinese message and a code that was never sent.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { SmsConfig } from '../../config';
import { aliyunSmsProvider } from './aliyun-sms';
import type { SmsProvider } from './sms-common';
import { tencentSmsProvider } from './tencent-sms';

export { type SmsFailure, type SmsProvider, SmsSendError } from './sms-common';

export const logSmsProvider = (log: FastifyBaseLogger): SmsProvider => ({
  sendCode: async (phone, code, purpose) => {
    log.info({ phone, code, purpose }, 'sms code (log provider)');
  },
});

/** Counts each code handed to `provider` as sent or failed (yuexun_sms_sends_total). */
export const countedSms = (
  provider: SmsProvider,
  name: SmsConfig['provider'],
  counter: { inc(labels: { provider: string; outcome: 'sent' | 'failed' }): void },
): SmsProvider => ({
  sendCode: async (phone, code, purpose) => {
    try {
      await provider.sendCode(phone, code, purpose);
    } catch (error) {
      counter.inc({ provider: name, outcome: 'failed' });
      throw error;
    }
    counter.inc({ provider: name, outcome: 'sent' });
  },
});

export const createSmsProvider = (config: SmsConfig, log: FastifyBaseLogger): SmsProvider => {
  switch (config.provider) {
    case 'log':
      return logSmsProvider(log);
    case 'aliyun':
      return aliyunSmsProvider(config);
    case 'tencent':
      return tencentSmsProvider(config);
  }
};
