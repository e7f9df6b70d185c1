/**
 * 企业微信客户联系 settings (decision 062): the one record of the corp id, the 客户联系 secret, the callback's
 * Token and EncodingAESKey, and the mode (联系我 or 获客链接, decision 068); its view without the secrets, and its checked update (blank secret: unchanged).
 */
import {
  BusinessCode,
  messages,
  type WecomContactMode,
  type WecomContactSettingsView,
  wecomContactMessages,
} from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { wecomContactSettings } from '../db/schema';
import { type Actor, recordAudit } from '../shared/audit';
import { BusinessError } from '../shared/errors';
import type { PlatformUrls } from '../shared/platforms/platform-env';
import { wecomClient } from '../shared/platforms/wecom';
import { encodingAesKeyValid } from '../shared/platforms/wecom-callback-crypto';

const SETTINGS_ID = 1;
export type WecomContactSettingsRow = typeof wecomContactSettings.$inferSelect;

const DEFAULTS: WecomContactSettingsRow = {
  id: SETTINGS_ID,
  enabled: false,
  corpId: '',
  secret: '',
  callbackToken: '',
  encodingAesKey: '',
  mode: 'contact_way',
  version: 1,
  updatedAt: new Date(0),
};

export const readWecomContactSettings = async (db: Db): Promise<WecomContactSettingsRow> =>
  (await db.select().from(wecomContactSettings).where(eq(wecomContactSettings.id, SETTINGS_ID)))[0] ?? {
    ...DEFAULTS,
  };

const complete = (s: WecomContactSettingsRow) =>
  s.corpId !== '' && s.secret !== '' && s.callbackToken !== '' && s.encodingAesKey !== '';

export const wecomContactReady = (s: WecomContactSettingsRow) => s.enabled && complete(s);

/** The 客户联系 client: the shared WeCom client with the 客户联系 secret (its own cached token). */
export const contactClient = (db: Db, urls: PlatformUrls, s: WecomContactSettingsRow) =>
  wecomClient(db, urls, { corpId: s.corpId, agentId: '', secret: s.secret });

/** 联系我 (the default) or 获客链接. */
export const modeOf = (s: WecomContactSettingsRow): WecomContactMode =>
  s.mode === 'acquisition_link' ? 'acquisition_link' : 'contact_way';

export const wecomContactSettingsViewOf = async (
  db: Db,
  callbackUrl: string,
): Promise<WecomContactSettingsView> => {
  const s = await readWecomContactSettings(db);
  return {
    enabled: s.enabled,
    corpId: s.corpId,
    secretSet: s.secret !== '',
    tokenSet: s.callbackToken !== '',
    aesKeySet: s.encodingAesKey !== '',
    callbackUrl,
    mode: modeOf(s),
    version: s.version,
  };
};

export interface WecomContactSettingsInput {
  enabled: boolean;
  corpId?: string | undefined;
  secret?: string | undefined;
  callbackToken?: string | undefined;
  encodingAesKey?: string | undefined;
  mode?: WecomContactMode | undefined;
  version: number;
}

const refuse = (message: string, field: string): never => {
  throw new BusinessError(BusinessCode.BAD_REQUEST, message, [{ field, message }]);
};

export const updateWecomContactSettings = async (db: Db, actor: Actor, input: WecomContactSettingsInput) => {
  if (input.encodingAesKey !== undefined && !encodingAesKeyValid(input.encodingAesKey))
    refuse(wecomContactMessages.badAesKey, 'encodingAesKey');
  if (input.callbackToken !== undefined && !/^[A-Za-z0-9]{1,32}$/.test(input.callbackToken))
    refuse(wecomContactMessages.badToken, 'callbackToken');
  await db.insert(wecomContactSettings).values({ id: SETTINGS_ID }).onConflictDoNothing();
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(wecomContactSettings)
      .where(eq(wecomContactSettings.id, SETTINGS_ID))
      .for('update');
    if (!before || before.version !== input.version)
      throw new BusinessError(BusinessCode.CONFLICT, messages.staleVersion);
    // Blank keeps a stored secret: the form never receives it to send back.
    const next = {
      enabled: input.enabled,
      corpId: input.corpId ?? '',
      secret: input.secret ?? before.secret,
      callbackToken: input.callbackToken ?? before.callbackToken,
      encodingAesKey: input.encodingAesKey ?? before.encodingAesKey,
      mode: input.mode ?? modeOf(before),
    };
    if (next.enabled && !complete({ ...before, ...next }))
      refuse(wecomContactMessages.incomplete, next.corpId === '' ? 'corpId' : 'secret');
    await tx
      .update(wecomContactSettings)
      .set({ ...next, version: before.version + 1, updatedAt: new Date() })
      .where(eq(wecomContactSettings.id, SETTINGS_ID));
    await recordAudit(tx, actor, {
      action: 'update',
      targetType: 'wecom_contact_settings',
      targetId: SETTINGS_ID,
      detail: {
        after: {
          enabled: next.enabled,
          corpId: next.corpId,
          mode: next.mode,
          secretChanged: input.secret !== undefined,
          tokenChanged: input.callbackToken !== undefined,
          aesKeyChanged: input.encodingAesKey !== undefined,
        },
      },
    });
  });
};
