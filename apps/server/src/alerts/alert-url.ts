/**
 * Where an alert may be sent. A robot or webhook address must be https and must not reach the
 * server's own network (loopback, private, link-local, carrier-grade NAT …): an admin form must not
 * become a way to probe the intranet. The check is on what the name resolves to, not only the literal,
 * and runs again before every send (a name may be re-pointed after it was saved).
 * ALERT_ALLOW_PRIVATE_HOSTS lifts both rules for private hosts (tests, an intranet relay).
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { alertMessages, BusinessCode } from '@yuexun/contract';
import { BusinessError } from '../shared/errors';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** Loopback, private, link-local, shared or reserved: not a public internet address. */
export const isPrivateAddress = (address: string): boolean => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6');
  return true;
};

const refuse = (message: string, field: string): never => {
  throw new BusinessError(BusinessCode.BAD_REQUEST, `参数错误：${message}`, [{ field, message }]);
};

/** True when the host (a name or a literal address) resolves to at least one non-public address. */
export const resolvesPrivate = async (host: string, field: string): Promise<boolean> => {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return isPrivateAddress(bare);
  if (/\.localhost\.?$/i.test(bare)) return true;
  try {
    const addresses = await lookup(bare, { all: true, verbatim: true });
    return addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address));
  } catch {
    return refuse(alertMessages.hostUnresolvable(bare), field);
  }
};

/** Checks a robot/webhook address; throws the BusinessError naming the field otherwise. */
export const checkWebhookUrl = async (value: string, allowPrivate: boolean, field = 'url') => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refuse(alertMessages.urlInvalid, field);
  }
  const https = url.protocol === 'https:';
  if (!https && (url.protocol !== 'http:' || !allowPrivate)) refuse(alertMessages.urlNotHttps, field);
  if (url.username || url.password) refuse(alertMessages.urlInvalid, field);
  const isPrivate = await resolvesPrivate(url.hostname, field);
  if (isPrivate && !allowPrivate) refuse(alertMessages.urlPrivate, field);
  // Plain http only to a private host the configuration allows (a local receiver); never to the internet.
  if (!https && !isPrivate) refuse(alertMessages.urlNotHttps, field);
  return url;
};

/** An SMTP host is checked the same way (the admin form must not reach the intranet's mail relays either). */
export const checkSmtpHost = async (host: string, allowPrivate: boolean) => {
  if ((await resolvesPrivate(host, 'smtpHost')) && !allowPrivate)
    refuse(alertMessages.smtpHostPrivate, 'smtpHost');
};
