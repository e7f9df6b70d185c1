/**
 * Stand-ins for the alert platforms, on 127.0.0.1, that check each request exactly as the platform documents
 * it and answer like it: a WeCom group robot (key in the query, markdown body, {errcode, errmsg}), a DingTalk
 * robot with 加签 (timestamp in ms within an hour, sign = urlencode(base64(HmacSHA256(secret, ts\nsecret)))),
 * a Feishu bot with 签名校验 (sign = base64(HmacSHA256(key = ts\nsecret, ""))), a generic webhook (our own
 * X-Yuexun-Signature) and a real SMTP server (smtp-server) with login. Used by the alert tests and the e2e test.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  platform: 'wecom' | 'dingtalk' | 'feishu' | 'webhook' | 'email';
  /** The text a person would read (markdown content, text, e-mail body). */
  text: string;
  body: unknown;
}

export const RECEIVER_SECRETS = {
  wecomKey: '693a91f6-7xxx-4bc4-97a0-0ec2sifa5aaa',
  dingtalkToken: 'd1ngta1kacce55t0ken0123456789abcdef',
  dingtalkSecret: 'SEC0123456789abcdef0123456789abcdef0123456789abcdef0123456789ab',
  feishuHook: 'f3e1b7c2-1234-4cde-9abc-0123456789ab',
  feishuSecret: 'feishuSigningSecret42',
  webhookSecret: 'generic-webhook-secret-0123456789',
  smtpUser: 'alerts@yuexun.test',
  smtpPassword: 'smtp-pass-9876543210',
};

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * A message card as Feishu's custom bot takes it (msg_type 'interactive', card {header.title, elements}):
 * its readable text, or null when the shape is not one Feishu accepts (it answers 9499 Bad Request).
 */
const feishuCardText = (json: Record<string, unknown>): string | null => {
  if (json.msg_type !== 'interactive' || typeof json.card !== 'object' || json.card === null) return null;
  const card = json.card as { header?: { title?: { tag?: unknown; content?: unknown } }; elements?: unknown };
  const title = card.header?.title;
  if (title?.tag !== 'plain_text' || typeof title.content !== 'string' || !Array.isArray(card.elements))
    return null;
  const texts: string[] = [title.content];
  for (const element of card.elements as { tag?: unknown; fields?: unknown; actions?: unknown }[]) {
    if (element.tag === 'div' && Array.isArray(element.fields)) {
      for (const f of element.fields as { text?: { tag?: unknown; content?: unknown } }[]) {
        if (!['plain_text', 'lark_md'].includes(String(f.text?.tag)) || typeof f.text?.content !== 'string')
          return null;
        texts.push(f.text.content);
      }
    } else if (element.tag === 'action' && Array.isArray(element.actions)) {
      for (const a of element.actions as { tag?: unknown; url?: unknown }[]) {
        if (a.tag !== 'button' || typeof a.url !== 'string') return null;
        texts.push(a.url);
      }
    } else return null;
  }
  return texts.join('\n');
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

export interface Receivers {
  url: string;
  smtpPort: number;
  received: Received[];
  /** The next n requests of this platform answer HTTP 500 (as a platform outage would). */
  failNext: Partial<Record<Received['platform'], number>>;
  /** The next n requests of this platform get no answer at all (the sender's timeout). */
  hangNext: Partial<Record<Received['platform'], number>>;
  /** Requests refused for a bad signature or key, with the reason. */
  refused: string[];
  close: () => Promise<void>;
}

const hmac = (key: string, message: string) => createHmac('sha256', key).update(message, 'utf8');

/** `httpPort`: listen on this port (a receiver coming back where it was); default a free one. */
export const startReceivers = async (httpPort = 0): Promise<Receivers> => {
  const s = RECEIVER_SECRETS;
  const received: Received[] = [];
  const refused: string[] = [];
  const failNext: Receivers['failNext'] = {};
  const hangNext: Receivers['hangNext'] = {};
  const take = (counts: Receivers['failNext'], p: Received['platform']) => {
    const n = counts[p] ?? 0;
    if (n > 0) counts[p] = n - 1;
    return n > 0;
  };
  const down = (p: Received['platform']) => take(failNext, p);

  const http: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const raw = await readBody(req);
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return answer(400, { errcode: 40001, errmsg: 'invalid json' });
    }
    const now = Date.now();
    if (url.pathname === '/cgi-bin/webhook/send') {
      if (down('wecom')) return answer(500, { errmsg: 'server error' });
      if (url.searchParams.get('key') !== s.wecomKey) {
        refused.push('wecom: invalid key');
        return answer(200, { errcode: 93000, errmsg: 'invalid webhook url' });
      }
      // markdown {content}, or text {content, mentioned_list?, mentioned_mobile_list?} (the @ of a person).
      const md = json.markdown as { content?: unknown } | undefined;
      const tx = json.text as { content?: unknown; mentioned_mobile_list?: unknown } | undefined;
      const mobiles = tx?.mentioned_mobile_list;
      const isText =
        json.msgtype === 'text' &&
        typeof tx?.content === 'string' &&
        (mobiles === undefined || (Array.isArray(mobiles) && mobiles.every((m) => typeof m === 'string')));
      if (!(json.msgtype === 'markdown' && typeof md?.content === 'string') && !isText)
        return answer(200, { errcode: 40008, errmsg: 'invalid message type' });
      received.push({ platform: 'wecom', text: String(isText ? tx?.content : md?.content), body: json });
      return answer(200, { errcode: 0, errmsg: 'ok' });
    }
    if (url.pathname === '/robot/send') {
      if (down('dingtalk')) return answer(500, {});
      const timestamp = url.searchParams.get('timestamp') ?? '';
      const sign = url.searchParams.get('sign') ?? '';
      const expected = hmac(s.dingtalkSecret, `${timestamp}\n${s.dingtalkSecret}`).digest('base64');
      if (url.searchParams.get('access_token') !== s.dingtalkToken) {
        refused.push('dingtalk: token');
        return answer(200, { errcode: 300001, errmsg: 'token is not exist' });
      }
      if (
        !/^\d{13}$/.test(timestamp) ||
        Math.abs(now - Number(timestamp)) > 3600_000 ||
        !same(sign, expected)
      ) {
        refused.push('dingtalk: sign');
        return answer(200, { errcode: 310000, errmsg: 'sign not match' });
      }
      const md = json.markdown as { title?: unknown; text?: unknown } | undefined;
      if (json.msgtype !== 'markdown' || typeof md?.title !== 'string' || typeof md?.text !== 'string')
        return answer(200, { errcode: 40035, errmsg: 'missing markdown' });
      // at: {atMobiles: [...], isAtAll}; a mobile is highlighted only where the text says @<mobile>.
      const at = json.at as { atMobiles?: unknown; isAtAll?: unknown } | undefined;
      if (
        at !== undefined &&
        (!Array.isArray(at.atMobiles) ||
          !at.atMobiles.every((m) => typeof m === 'string' && (md.text as string).includes(`@${m}`)))
      )
        return answer(200, { errcode: 40035, errmsg: 'invalid at' });
      received.push({ platform: 'dingtalk', text: md.text, body: json });
      return answer(200, { errcode: 0, errmsg: 'ok' });
    }
    if (url.pathname === `/open-apis/bot/v2/hook/${s.feishuHook}`) {
      if (down('feishu')) return answer(500, {});
      const timestamp = String(json.timestamp ?? '');
      const expected = hmac(`${timestamp}\n${s.feishuSecret}`, '').digest('base64');
      if (
        !/^\d{10}$/.test(timestamp) ||
        Math.abs(now / 1000 - Number(timestamp)) > 3600 ||
        !same(String(json.sign ?? ''), expected)
      ) {
        refused.push('feishu: sign');
        return answer(200, {
          code: 19021,
          msg: 'sign match fail or timestamp is not within one hour from current time',
        });
      }
      const text = feishuCardText(json);
      if (text === null) return answer(200, { code: 9499, msg: 'Bad Request' });
      received.push({ platform: 'feishu', text, body: json });
      return answer(200, { code: 0, msg: 'success', data: {} });
    }
    if (url.pathname === '/hooks/yuexun') {
      if (take(hangNext, 'webhook')) return;
      if (down('webhook')) return answer(500, { error: 'receiver down' });
      const timestamp = String(req.headers['x-yuexun-timestamp'] ?? '');
      const signature = String(req.headers['x-yuexun-signature'] ?? '');
      const expected = `sha256=${hmac(s.webhookSecret, `${timestamp}.${raw}`).digest('hex')}`;
      if (Math.abs(now / 1000 - Number(timestamp)) > 300 || !same(signature, expected)) {
        refused.push('webhook: signature');
        return answer(401, { error: 'bad signature' });
      }
      received.push({ platform: 'webhook', text: String(json.text ?? ''), body: json });
      return answer(200, { ok: true });
    }
    answer(404, { error: 'not found' });
  });
  await new Promise<void>((r) => http.listen(httpPort, '127.0.0.1', r));

  const smtp = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === s.smtpUser && auth.password === s.smtpPassword)
        return callback(null, { user: auth.username });
      refused.push('smtp: login');
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          platform: 'email',
          text: decodeMail(raw),
          body: { raw, to: session.envelope.rcptTo.map((r) => r.address) },
        });
        callback(null, 'Message queued as yx-test');
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));

  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    smtpPort: (smtp.server.address() as AddressInfo).port,
    received,
    failNext,
    hangNext,
    refused,
    close: async () => {
      http.closeAllConnections();
      await new Promise<void>((r) => http.close(() => r()));
      await new Promise<void>((r) => smtp.close(() => r()));
    },
  };
};

/** The readable text of a single-part message: its Subject and body, base64 or quoted-printable decoded. */
const decodeMail = (raw: string) => {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const subject = (/^Subject: (.*)$/im.exec(head)?.[1] ?? '').replace(
    /=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi,
    (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
  );
  const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(head)?.[1]?.toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body
              .replace(/=\r\n/g, '')
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
            'latin1',
          ).toString('utf8')
        : body;
  return `${subject}\n${text}`;
};

/** Waits until `check` holds, polling every 50 ms, failing after `ms`. */
export const eventually = async <T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  ms = 5000,
): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};
