/**
 * Sending one alert to one channel, each platform as it documents its robot:
 * - 企业微信群机器人: POST {msgtype:'markdown', markdown:{content}} to the webhook; success is errcode 0. A message
 *   for a salesperson (mention) is {msgtype:'text', text:{content, mentioned_mobile_list:[mobile]}}: WeCom's
 *   markdown cannot @ anyone.
 * - 钉钉自定义机器人 (加签): sign = urlencode(base64(HmacSHA256(key=secret, timestamp + "\n" + secret))),
 *   appended as &timestamp=<ms>&sign=; body {msgtype:'markdown', markdown:{title, text}}; errcode 0. A mention
 *   adds at:{atMobiles:[mobile]} and "@mobile" in the text (DingTalk highlights only what the text names).
 * - 飞书自定义机器人 (签名校验): sign = base64(HmacSHA256(key=timestamp + "\n" + secret, message="")), sent in the
 *   body with timestamp (seconds), msg_type 'interactive' and a message card (feishuCard); code 0.
 * - Generic webhook: JSON body; X-Yuexun-Timestamp (seconds) and X-Yuexun-Signature: sha256=<hex HmacSHA256 of
 *   "<timestamp>.<body>" with the channel secret> (README "Alert webhooks"); any 2xx is success.
 * - E-mail over SMTP with nodemailer (TLS from the start, STARTTLS required, or none; login when a user is set).
 * Success returns the platform's answer in Chinese; any failure throws (the outbox retries it).
 */
import { createHmac } from 'node:crypto';
import { type AlertChannelKind, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@yuexun/contract';
import { type SmtpSettings, sendMail } from '../shared/mail';
import type { ChannelConfig } from './alert-channel.service';
import { type AlertMessage, feishuCard, toMarkdown, toPlainText } from './alert-message';
import { checkSmtpHost, checkWebhookUrl } from './alert-url';

export interface SendContext {
  timeoutMs: number;
  allowPrivate: boolean;
  signal?: AbortSignal;
}

const hmac = (key: string, message: string) => createHmac('sha256', key).update(message, 'utf8');

export const dingtalkSign = (timestampMs: string, secret: string) =>
  encodeURIComponent(hmac(secret, `${timestampMs}\n${secret}`).digest('base64'));

export const feishuSign = (timestampSeconds: string, secret: string) =>
  hmac(`${timestampSeconds}\n${secret}`, '').digest('base64');

export const webhookSignature = (timestampSeconds: string, body: string, secret: string) =>
  `sha256=${hmac(secret, `${timestampSeconds}.${body}`).digest('hex')}`;

const seconds = () => String(Math.floor(Date.now() / 1000));
const clip = (text: string, max = 200) => text.replace(/\s+/g, ' ').slice(0, max);

/** POSTs JSON and returns the status and the parsed (or raw) answer; a timeout or network error throws. */
const postJson = async (url: string, body: string, headers: Record<string, string>, ctx: SendContext) => {
  const signals = [AbortSignal.timeout(ctx.timeoutMs), ...(ctx.signal ? [ctx.signal] : [])];
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
      body,
      redirect: 'manual',
      signal: AbortSignal.any(signals),
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new Error(`请求超时（${Math.round(ctx.timeoutMs / 1000)} 秒内没有应答）`);
    const cause =
      error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new Error(`无法连接：${clip(cause)}`);
  }
  const text = await res.text().catch(() => '');
  let json: Record<string, unknown> | null = null;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = null;
  }
  if (res.status < 200 || res.status >= 300)
    throw new Error(`HTTP ${res.status}${text ? `：${clip(text)}` : ''}`);
  return { status: res.status, json, text };
};

/** WeCom and DingTalk answer {errcode, errmsg}; Feishu {code, msg} (older bots {StatusCode, StatusMessage}). */
const businessAnswer = (platform: string, json: Record<string, unknown> | null, text: string) => {
  const code = json?.errcode ?? json?.code ?? json?.StatusCode;
  const msg = String(json?.errmsg ?? json?.msg ?? json?.StatusMessage ?? '');
  if (code === undefined) throw new Error(`${platform}的应答无法识别：${clip(text) || '（空）'}`);
  const answer = `${platform}返回 ${json?.errcode !== undefined ? 'errcode' : 'code'} ${String(code)}${msg ? `（${clip(msg)}）` : ''}`;
  if (Number(code) !== 0) throw new Error(answer);
  return answer;
};

const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

/** Cut to a platform's byte limit (WeCom: 4096 for markdown, 2048 for text). */
const fitBytes = (text: string, max: number) => {
  let out = text;
  while (Buffer.byteLength(out) > max) out = out.slice(0, -50);
  return out;
};

const sendWecom = async (c: ChannelConfig, m: AlertMessage, ctx: SendContext) => {
  const body = m.mention?.phone
    ? JSON.stringify({
        msgtype: 'text',
        text: { content: fitBytes(toPlainText(m), 2048), mentioned_mobile_list: [m.mention.phone] },
      })
    : JSON.stringify({ msgtype: 'markdown', markdown: { content: fitBytes(toMarkdown(m), 4096) } });
  const { json, text } = await postJson(c.url ?? '', body, {}, ctx);
  return businessAnswer('企业微信', json, text);
};

const sendDingtalk = async (c: ChannelConfig, m: AlertMessage, ctx: SendContext) => {
  const timestamp = String(Date.now());
  const url = withQuery(
    c.url ?? '',
    `timestamp=${timestamp}&sign=${dingtalkSign(timestamp, c.secret ?? '')}`,
  );
  const phone = m.mention?.phone;
  const body = JSON.stringify({
    msgtype: 'markdown',
    markdown: { title: m.title, text: phone ? `${toMarkdown(m)}\n\n@${phone}` : toMarkdown(m) },
    ...(phone ? { at: { atMobiles: [phone], isAtAll: false } } : {}),
  });
  const { json, text } = await postJson(url, body, {}, ctx);
  return businessAnswer('钉钉', json, text);
};

const sendFeishu = async (c: ChannelConfig, m: AlertMessage, ctx: SendContext) => {
  const timestamp = seconds();
  const body = JSON.stringify({
    timestamp,
    sign: feishuSign(timestamp, c.secret ?? ''),
    msg_type: 'interactive',
    card: feishuCard(m),
  });
  const { json, text } = await postJson(c.url ?? '', body, {}, ctx);
  return businessAnswer('飞书', json, text);
};

const sendWebhook = async (c: ChannelConfig, m: AlertMessage, ctx: SendContext) => {
  const timestamp = seconds();
  const body = JSON.stringify({ ...m.data, title: m.title, text: toPlainText(m), link: m.link });
  const { status } = await postJson(
    c.url ?? '',
    body,
    {
      [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
      [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(timestamp, body, c.secret ?? ''),
    },
    ctx,
  );
  return `接收方返回 HTTP ${status}`;
};

const sendEmail = async (c: ChannelConfig, m: AlertMessage, ctx: SendContext) => {
  const smtp: SmtpSettings = {
    host: c.smtpHost ?? '',
    port: c.smtpPort ?? 25,
    tls: c.smtpTls ?? 'starttls',
    user: c.smtpUser,
    password: c.smtpPassword,
    from: c.mailFrom ?? '',
  };
  const to = [...new Set([...(c.mailTo ?? []), ...(m.mention?.email ? [m.mention.email] : [])])];
  try {
    const response = await sendMail(smtp, { to, subject: m.title, text: toPlainText(m) }, ctx.timeoutMs);
    return `邮件服务器已接收：${clip(response)}`;
  } catch (error) {
    throw new Error(`邮件发送失败：${clip(error instanceof Error ? error.message : String(error))}`);
  }
};

const senders: Record<
  AlertChannelKind,
  (c: ChannelConfig, m: AlertMessage, ctx: SendContext) => Promise<string>
> = {
  wecom: sendWecom,
  dingtalk: sendDingtalk,
  feishu: sendFeishu,
  webhook: sendWebhook,
  email: sendEmail,
};

/**
 * Sends `message` over the channel and returns the platform's answer. The address is checked again first
 * (a BusinessError then: the name now points somewhere it may not); any send failure throws an Error.
 */
export const sendAlert = async (
  kind: AlertChannelKind,
  config: ChannelConfig,
  message: AlertMessage,
  ctx: SendContext,
) => {
  if (kind === 'email') await checkSmtpHost(config.smtpHost ?? '', ctx.allowPrivate);
  else await checkWebhookUrl(config.url ?? '', ctx.allowPrivate);
  return senders[kind](config, message, ctx);
};
