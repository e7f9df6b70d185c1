/**
 * How SMS codes reach a phone. Only the `log` provider exists: it writes the code to the server
 * log for development and tests. A real gateway is one more module implementing SmsProvider.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';

export interface SmsProvider {
  sendCode(phone: string, code: string, purpose: string): Promise<void>;
}

export const logSmsProvider = (log: FastifyBaseLogger): SmsProvider => ({
  sendCode: async (phone, code, purpose) => {
    log.info({ phone, code, purpose }, 'sms code (log provider)');
  },
});

export const createSmsProvider = (config: Pick<AppConfig, 'smsProvider'>, log: FastifyBaseLogger) => {
  switch (config.smsProvider) {
    case 'log':
      return logSmsProvider(log);
  }
};
