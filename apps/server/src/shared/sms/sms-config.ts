/**
 * The SMS provider's settings (SMS_*), validated with the rest of the environment at start-up (config.ts):
 * a real provider needs its keys, signature and template, Tencent also its application id.
 */
import { z } from 'zod';
import { envHttpUrl, envInt } from '../env-fields';

export const SMS_PROVIDERS = ['log', 'aliyun', 'tencent'] as const;

export const smsEnvSchema = {
  /** Where SMS codes go: `log` (the server log, for development), `aliyun` (dysmsapi) or `tencent` (SMS 2021-01-11). */
  SMS_PROVIDER: z.enum(SMS_PROVIDERS, { error: `must be one of ${SMS_PROVIDERS.join(', ')}` }).default('log'),
  /** Aliyun AccessKey ID / Tencent Cloud SecretId. */
  SMS_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  /** Aliyun AccessKey Secret / Tencent Cloud SecretKey. */
  SMS_ACCESS_KEY_SECRET: z.string().trim().min(1).optional(),
  /** The approved signature (签名) shown in 【】 before the text. */
  SMS_SIGN_NAME: z.string().trim().min(1).max(40).optional(),
  /** The approved code template: Aliyun TemplateCode (SMS_…, one variable ${code}), Tencent TemplateId (digits, one variable {1}). */
  SMS_TEMPLATE_ID: z.string().trim().min(1).max(40).optional(),
  /** Tencent Cloud only: the SMS application's SdkAppId (14…). */
  SMS_SDK_APP_ID: z
    .string()
    .regex(/^\d{6,20}$/, { error: 'must be the digits of the SMS SdkAppId' })
    .optional(),
  /** Region of the API (Aliyun RegionId, default cn-hangzhou; Tencent X-TC-Region, default ap-guangzhou). */
  SMS_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, { error: 'must be a region id such as cn-hangzhou or ap-guangzhou' })
    .optional(),
  /** The provider's API address; tests point it at a local stand-in. Default: the provider's public endpoint. */
  SMS_ENDPOINT: envHttpUrl().optional(),
  /** How long one SMS API call may take before it counts as failed. */
  SMS_TIMEOUT_MS: envInt(100, 60_000).default(10_000),
  /** Codes one phone may be sent in 24 hours (besides one per 60 seconds). */
  SMS_PER_PHONE_PER_DAY: envInt(1, 1000).default(10),
  /** Codes one client address may ask for per hour, over all phones (schools behind one NAT share an address). */
  SMS_PER_IP_PER_HOUR: envInt(1, 1_000_000).default(30),
};

type SmsEnv = z.infer<z.ZodObject<typeof smsEnvSchema>>;

export type SmsConfig = {
  timeoutMs: number;
  perPhonePerDay: number;
  perIpPerHour: number;
} & (
  | { provider: 'log' }
  | {
      provider: 'aliyun' | 'tencent';
      accessKeyId: string;
      accessKeySecret: string;
      signName: string;
      templateId: string;
      /** Tencent's SdkAppId ('' for Aliyun). */
      sdkAppId: string;
      region: string;
      endpoint: string;
    }
);

const SMS_DEFAULTS = {
  aliyun: { region: 'cn-hangzhou', endpoint: 'https://dysmsapi.aliyuncs.com/' },
  tencent: { region: 'ap-guangzhou', endpoint: 'https://sms.tencentcloudapi.com/' },
} as const;

/** The settings a real provider lacks (none for `log`), for the start-up check to name. */
export const missingSmsSettings = (e: SmsEnv): (keyof SmsEnv)[] => {
  if (e.SMS_PROVIDER === 'log') return [];
  const required = [
    'SMS_ACCESS_KEY_ID',
    'SMS_ACCESS_KEY_SECRET',
    'SMS_SIGN_NAME',
    'SMS_TEMPLATE_ID',
    ...(e.SMS_PROVIDER === 'tencent' ? (['SMS_SDK_APP_ID'] as const) : []),
  ] as const;
  return required.filter((name) => !e[name]);
};

export const smsConfigOf = (e: SmsEnv): SmsConfig => {
  const limits = {
    timeoutMs: e.SMS_TIMEOUT_MS,
    perPhonePerDay: e.SMS_PER_PHONE_PER_DAY,
    perIpPerHour: e.SMS_PER_IP_PER_HOUR,
  };
  if (e.SMS_PROVIDER === 'log') return { ...limits, provider: 'log' };
  return {
    ...limits,
    provider: e.SMS_PROVIDER,
    accessKeyId: e.SMS_ACCESS_KEY_ID ?? '',
    accessKeySecret: e.SMS_ACCESS_KEY_SECRET ?? '',
    signName: e.SMS_SIGN_NAME ?? '',
    templateId: e.SMS_TEMPLATE_ID ?? '',
    sdkAppId: e.SMS_SDK_APP_ID ?? '',
    region: e.SMS_REGION ?? SMS_DEFAULTS[e.SMS_PROVIDER].region,
    endpoint: e.SMS_ENDPOINT ?? SMS_DEFAULTS[e.SMS_PROVIDER].endpoint,
  };
};
