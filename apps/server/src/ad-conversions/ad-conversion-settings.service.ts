/**
 * 广告转化回传 settings (docs/decisions/053): the one record of the Baidu token, the newType per event and the
 * generic webhook; its view without the secrets, and its checked update (blank secret: unchanged).
 */
import {
  AD_EVENTS,
  type AdConversionSettingsView,
  type AdEvent,
  adConversionMessages,
  BAIDU_DEFAULT_NEW_TYPES,
  BusinessCode,
  messages,
} from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adConversionSettings } from '../db/schema';
import { type Actor, recordAudit } from '../shared/audit';
import { BusinessError } from '../shared/errors';

const SETTINGS_ID = 1;
export type AdConversionSettingsRow = typeof adConversionSettings.$inferSelect;

/** Checks a webhook address (https, not the intranet); throws the BusinessError naming the field. */
export type CheckWebhookUrl = (url: string, field: string) => Promise<unknown>;

const DEFAULTS: AdConversionSettingsRow = {
  id: SETTINGS_ID,
  baiduEnabled: false,
  baiduToken: '',
  baiduTypes: {},
  webhookEnabled: false,
  webhookUrl: '',
  webhookSecret: '',
  version: 1,
  updatedAt: new Date(0),
};

/** The record, or the defaults (nothing switched on) before the first save; never writes. */
export const readAdConversionSettings = async (db: Db): Promise<AdConversionSettingsRow> =>
  (await db.select().from(adConversionSettings).where(eq(adConversionSettings.id, SETTINGS_ID)))[0] ?? {
    ...DEFAULTS,
  };

export const newTypeOf = (s: AdConversionSettingsRow, event: AdEvent) =>
  s.baiduTypes[event] ?? BAIDU_DEFAULT_NEW_TYPES[event];

export const baiduReady = (s: AdConversionSettingsRow) => s.baiduEnabled && s.baiduToken !== '';
export const webhookReady = (s: AdConversionSettingsRow) =>
  s.webhookEnabled && s.webhookUrl !== '' && s.webhookSecret !== '';

export const adConversionSettingsViewOf = async (db: Db): Promise<AdConversionSettingsView> => {
  const s = await readAdConversionSettings(db);
  return {
    baidu: {
      enabled: s.baiduEnabled,
      tokenSet: s.baiduToken !== '',
      newTypes: {
        submitted: newTypeOf(s, 'submitted'),
        qualified: newTypeOf(s, 'qualified'),
        won: newTypeOf(s, 'won'),
      },
    },
    webhook: { enabled: s.webhookEnabled, url: s.webhookUrl, secretSet: s.webhookSecret !== '' },
    version: s.version,
  };
};

export interface AdConversionSettingsInput {
  baiduEnabled: boolean;
  baiduToken?: string | undefined;
  submittedType?: number | undefined;
  qualifiedType?: number | undefined;
  wonType?: number | undefined;
  webhookEnabled: boolean;
  webhookUrl?: string | undefined;
  webhookSecret?: string | undefined;
  version: number;
}

const refuse = (message: string, field: string): never => {
  throw new BusinessError(BusinessCode.BAD_REQUEST, message, [{ field, message }]);
};

export const updateAdConversionSettings = async (
  db: Db,
  actor: Actor,
  input: AdConversionSettingsInput,
  checkUrl: CheckWebhookUrl,
) => {
  // The address is checked before the transaction: it may ask DNS.
  if (input.webhookUrl) await checkUrl(input.webhookUrl, 'webhookUrl');
  await db.insert(adConversionSettings).values({ id: SETTINGS_ID }).onConflictDoNothing();
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(adConversionSettings)
      .where(eq(adConversionSettings.id, SETTINGS_ID))
      .for('update');
    if (!before || before.version !== input.version)
      throw new BusinessError(BusinessCode.CONFLICT, messages.staleVersion);
    const given = { submitted: input.submittedType, qualified: input.qualifiedType, won: input.wonType };
    const next = {
      baiduEnabled: input.baiduEnabled,
      // Blank keeps the stored secret: the form never receives it to send back.
      baiduToken: input.baiduToken ?? before.baiduToken,
      baiduTypes: Object.fromEntries(
        AD_EVENTS.map((e) => [e, given[e] ?? before.baiduTypes[e] ?? BAIDU_DEFAULT_NEW_TYPES[e]]),
      ),
      webhookEnabled: input.webhookEnabled,
      webhookUrl: input.webhookUrl ?? '',
      webhookSecret: input.webhookSecret ?? before.webhookSecret,
    };
    if (next.baiduEnabled && next.baiduToken === '')
      refuse(adConversionMessages.baiduIncomplete, 'baiduToken');
    if (next.webhookEnabled && (next.webhookUrl === '' || next.webhookSecret === ''))
      refuse(adConversionMessages.webhookIncomplete, next.webhookUrl === '' ? 'webhookUrl' : 'webhookSecret');
    await tx
      .update(adConversionSettings)
      .set({ ...next, version: before.version + 1, updatedAt: new Date() })
      .where(eq(adConversionSettings.id, SETTINGS_ID));
    const { baiduToken: _token, webhookSecret: _secret, ...shown } = next;
    await recordAudit(tx, actor, {
      action: 'update',
      targetType: 'ad_conversion_settings',
      targetId: SETTINGS_ID,
      detail: {
        after: {
          ...shown,
          tokenChanged: input.baiduToken !== undefined,
          secretChanged: input.webhookSecret !== undefined,
        },
      },
    });
  });
};
