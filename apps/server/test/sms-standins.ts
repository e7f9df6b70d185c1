/**
 * Local stand-ins of the two SMS APIs, in the test process. Each recomputes the request signature the
 * way its provider documents it (written here on its own, not with the server's signing code), refuses a
 * bad one as the provider does, and otherwise answers in the provider's response shape: success, or
 * the error code a test queued. The messages they accepted carry the code, as a phone would receive it.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../src/config';

export interface ReceivedSms {
  phone: string;
  code: string;
  signName: string;
  templateId: string;
}

export interface SmsStandIn {
  provider: 'aliyun' | 'tencent';
  url: string;
  /** Messages accepted and "delivered". */
  received: ReceivedSms[];
  /** Requests whose signature did not verify. */
  badSignatures: number;
  /** Requests seen at all. */
  requests: number;
  /** Answers the next request with this provider error code (once). */
  failNext: (code: string) => void;
  /** The server configuration pointing at this stand-in (secret overridable to test a wrong key). */
  config: (over?: { accessKeySecret?: string }) => Pick<AppConfig, 'sms'>['sms'];
  lastCodeFor: (phone: string) => string;
  close: () => Promise<void>;
}

const KEY_ID = 'LTAI5tStandInKeyId';
const KEY_SECRET = 'standInSecret+/=&中';
const SDK_APP_ID = '1400006666';

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
  res.end(JSON.stringify(body));
};

// Aliyun's POP percent-encoding: RFC 3986 unreserved characters stay, everything else is %XX (UTF-8).
const popEncode = (s: string) =>
  Array.from(Buffer.from(s, 'utf8'))
    .map((b) => {
      const c = String.fromCharCode(b);
      return /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');

const aliyunHandler = (state: StandInState) => async (req: IncomingMessage, res: ServerResponse) => {
  state.requests++;
  const body = await readBody(req);
  const params = Object.fromEntries(new URLSearchParams(body));
  const requestId = randomUUID().toUpperCase();
  const { Signature: signature, ...rest } = params;
  const canonical = Object.keys(rest)
    .sort()
    .map((k) => `${popEncode(k)}=${popEncode(rest[k] ?? '')}`)
    .join('&');
  const stringToSign = `${req.method}&${popEncode('/')}&${popEncode(canonical)}`;
  const expected = createHmac('sha1', `${KEY_SECRET}&`).update(stringToSign).digest('base64');
  const age = Math.abs(Date.now() - Date.parse(params.Timestamp ?? ''));
  if (params.AccessKeyId !== KEY_ID) {
    return json(res, 404, {
      Code: 'InvalidAccessKeyId.NotFound',
      Message: 'Specified access key is not found.',
      RequestId: requestId,
    });
  }
  if (
    signature !== expected ||
    params.SignatureMethod !== 'HMAC-SHA1' ||
    params.SignatureVersion !== '1.0' ||
    !(age < 15 * 60_000) ||
    state.nonces.has(params.SignatureNonce ?? '')
  ) {
    state.badSignatures++;
    return json(res, 400, {
      Code: 'SignatureDoesNotMatch',
      Message: 'Specified signature is not matched with our calculation.',
      RequestId: requestId,
    });
  }
  state.nonces.add(params.SignatureNonce ?? '');
  if (params.Action !== 'SendSms' || params.Version !== '2017-05-25' || params.Format !== 'JSON') {
    return json(res, 400, { Code: 'InvalidParameter', Message: 'bad action', RequestId: requestId });
  }
  const failure = state.queued.shift();
  if (failure) return json(res, 200, { Code: failure, Message: `stand-in ${failure}`, RequestId: requestId });
  const code = (JSON.parse(params.TemplateParam ?? '{}') as { code?: string }).code ?? '';
  state.received.push({
    phone: params.PhoneNumbers ?? '',
    code,
    signName: params.SignName ?? '',
    templateId: params.TemplateCode ?? '',
  });
  return json(res, 200, { Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0`, RequestId: requestId });
};

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac256 = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s, 'utf8').digest();

const tencentHandler = (state: StandInState) => async (req: IncomingMessage, res: ServerResponse) => {
  state.requests++;
  const body = await readBody(req);
  const requestId = randomUUID();
  const fail = (code: string, message: string) =>
    json(res, 200, { Response: { Error: { Code: code, Message: message }, RequestId: requestId } });
  const auth = String(req.headers.authorization ?? '');
  const m =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z;-]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  const timestamp = Number(req.headers['x-tc-timestamp']);
  if (!m) return fail('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
  const [, secretId, date, service, signedHeaders, signature] = m as unknown as string[];
  if (secretId !== KEY_ID) return fail('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
  if (!(Math.abs(Date.now() / 1000 - timestamp) < 300))
    return fail('AuthFailure.SignatureExpire', 'Signature expired.');
  const headerList = (signedHeaders ?? '').split(';');
  const canonicalHeaders = headerList
    .map(
      (h) =>
        `${h}:${String(req.headers[h] ?? '')
          .trim()
          .toLowerCase()}\n`,
    )
    .join('');
  const canonicalRequest = [req.method, '/', '', canonicalHeaders, signedHeaders, sha256(body)].join('\n');
  const utcDate = new Date(timestamp * 1000).toISOString().slice(0, 10);
  const stringToSign = [
    'TC3-HMAC-SHA256',
    String(timestamp),
    `${date}/${service}/tc3_request`,
    sha256(canonicalRequest),
  ].join('\n');
  const key = hmac256(hmac256(hmac256(`TC3${KEY_SECRET}`, date ?? ''), service ?? ''), 'tc3_request');
  const expected = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  if (
    signature !== expected ||
    date !== utcDate ||
    service !== 'sms' ||
    !headerList.includes('content-type') ||
    !headerList.includes('host')
  ) {
    state.badSignatures++;
    return fail('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
  }
  if (req.headers['x-tc-action'] !== 'SendSms' || req.headers['x-tc-version'] !== '2021-01-11') {
    return fail('InvalidAction', 'bad action');
  }
  const input = JSON.parse(body) as {
    PhoneNumberSet: string[];
    SmsSdkAppId: string;
    SignName: string;
    TemplateId: string;
    TemplateParamSet: string[];
  };
  if (input.SmsSdkAppId !== SDK_APP_ID)
    return fail('InvalidParameterValue.SdkAppIdNotExist', 'SdkAppId not exist.');
  const phone = input.PhoneNumberSet[0] ?? '';
  const failure = state.queued.shift();
  if (failure?.startsWith('AuthFailure') || failure?.startsWith('InvalidParameter'))
    return fail(failure, `stand-in ${failure}`);
  if (failure) {
    return json(res, 200, {
      Response: {
        SendStatusSet: [
          {
            SerialNo: '',
            PhoneNumber: phone,
            Fee: 0,
            SessionContext: '',
            Code: failure,
            Message: `stand-in ${failure}`,
            IsoCode: 'CN',
          },
        ],
        RequestId: requestId,
      },
    });
  }
  state.received.push({
    phone: phone.replace(/^\+86/, ''),
    code: input.TemplateParamSet[0] ?? '',
    signName: input.SignName,
    templateId: input.TemplateId,
  });
  return json(res, 200, {
    Response: {
      SendStatusSet: [
        {
          SerialNo: `2028:${Date.now()}`,
          PhoneNumber: phone,
          Fee: 1,
          SessionContext: '',
          Code: 'Ok',
          Message: 'send success',
          IsoCode: 'CN',
        },
      ],
      RequestId: requestId,
    },
  });
};

interface StandInState {
  received: ReceivedSms[];
  queued: string[];
  nonces: Set<string>;
  requests: number;
  badSignatures: number;
}

export const startSmsStandIn = async (provider: 'aliyun' | 'tencent'): Promise<SmsStandIn> => {
  const state: StandInState = { received: [], queued: [], nonces: new Set(), requests: 0, badSignatures: 0 };
  const handler = provider === 'aliyun' ? aliyunHandler(state) : tencentHandler(state);
  const server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    provider,
    url,
    received: state.received,
    get badSignatures() {
      return state.badSignatures;
    },
    get requests() {
      return state.requests;
    },
    failNext: (code) => void state.queued.push(code),
    config: (over = {}) => ({
      provider,
      accessKeyId: KEY_ID,
      accessKeySecret: over.accessKeySecret ?? KEY_SECRET,
      signName: '悦讯科技',
      templateId: provider === 'aliyun' ? 'SMS_465320001' : '2096001',
      sdkAppId: provider === 'tencent' ? SDK_APP_ID : '',
      region: provider === 'aliyun' ? 'cn-hangzhou' : 'ap-guangzhou',
      endpoint: url,
      timeoutMs: 5000,
      perPhonePerDay: 10,
      perIpPerHour: 1000,
    }),
    lastCodeFor: (phone) => {
      const code = state.received.filter((r) => r.phone === phone).at(-1)?.code;
      if (!code) throw new Error(`the ${provider} stand-in received no message for ${phone}`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
