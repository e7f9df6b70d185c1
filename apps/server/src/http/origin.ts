/**
 * Cross-site request refusal for state-changing actions: a browser always sends Origin (or at
 * least Referer) on a cross-site POST, so a foreign one is refused. Native clients (the mobile
 * wrapper) send neither and pass.
 */
import { BusinessCode, fail } from '@yuexun/contract';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

const originOf = (value: string) => {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
};

export const checkOrigin = (request: FastifyRequest, config: Pick<AppConfig, 'publicOrigin'>) => {
  const header = request.headers.origin ?? request.headers.referer;
  if (!header || header === 'null') return header === 'null' ? refuse() : null;
  const origin = originOf(header);
  if (!origin) return refuse();
  const own = `${request.protocol}://${request.host}`;
  if (origin === own || origin === config.publicOrigin) return null;
  return refuse();
};

const refuse = () => fail(BusinessCode.FORBIDDEN, '跨站请求已被拒绝，请从本站页面提交');
