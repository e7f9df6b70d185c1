/**
 * What a session list shows about a client: browser, system and device type from the user-agent
 * (ua-parser-js 1.x, MIT), and the client address with its last part hidden. The full address is never
 * stored with a session: enough for a person to recognise "that was me at the office", no more.
 */
import type { DEVICE_TYPES } from '@yuexun/contract';
import type { FastifyRequest } from 'fastify';
import { UAParser } from 'ua-parser-js';

export interface ClientInfo {
  userAgent: string | null;
  clientAddress: string | null;
}

const MAX_UA = 400;

export const maskAddress = (ip: string): string | null => {
  const v4 = ip.replace(/^::ffff:/, '');
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(v4)) return `${v4.split('.').slice(0, 3).join('.')}.*`;
  if (ip.includes(':')) return `${ip.split(':').slice(0, 3).join(':')}:*`;
  return null;
};

export const clientInfoOf = (request: FastifyRequest): ClientInfo => {
  const ua = request.headers['user-agent'];
  return {
    userAgent: typeof ua === 'string' && ua !== '' ? ua.slice(0, MAX_UA) : null,
    clientAddress: maskAddress(request.ip),
  };
};

const named = (name?: string, version?: string) =>
  name ? [name, version?.split('.')[0]].filter(Boolean).join(' ') : null;

export const describeClient = (userAgent: string | null) => {
  const parsed = new UAParser(userAgent ?? '').getResult();
  const type = parsed.device.type;
  const deviceType: (typeof DEVICE_TYPES)[number] =
    type === 'mobile' || type === 'wearable' ? 'mobile' : type === 'tablet' ? 'tablet' : 'desktop';
  return {
    browser: named(parsed.browser.name, parsed.browser.version),
    os: named(parsed.os.name, parsed.os.version),
    deviceType,
    wechat: /MicroMessenger/i.test(userAgent ?? ''),
  };
};
