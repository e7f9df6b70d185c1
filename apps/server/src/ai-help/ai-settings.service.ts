/**
 * AI 助手 settings (docs/decisions/055): the one record of the chat API, its view without the key, and its checked
 * update (blank key: unchanged). Off with nothing set until an admin saves it; nothing is sent anywhere before.
 */
import { AI_LIMITS, type AiSettingsView, aiMessages, BusinessCode, messages } from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { aiSettings } from '../db/schema';
import { type Actor, recordAudit } from '../shared/audit';
import { BusinessError } from '../shared/errors';

const SETTINGS_ID = 1;
export type AiSettingsRow = typeof aiSettings.$inferSelect;

/** Checks the base URL (http(s), not the intranet unless allowed); throws the BusinessError naming the field. */
export type CheckBaseUrl = (url: string, field: string) => Promise<unknown>;

const DEFAULTS: AiSettingsRow = {
  id: SETTINGS_ID,
  enabled: false,
  baseUrl: '',
  model: '',
  apiKey: '',
  monthlyTokenBudget: AI_LIMITS.budgetDefault,
  perUserPerMinute: AI_LIMITS.perMinuteDefault,
  vision: false,
  version: 1,
  updatedAt: new Date(0),
};

export const readAiSettings = async (db: Db): Promise<AiSettingsRow> =>
  (await db.select().from(aiSettings).where(eq(aiSettings.id, SETTINGS_ID)))[0] ?? { ...DEFAULTS };

/** Switched on with everything a call needs. */
export const aiReady = (s: AiSettingsRow) =>
  s.enabled && s.baseUrl !== '' && s.model !== '' && s.apiKey !== '';

export const aiSettingsViewOf = async (db: Db): Promise<AiSettingsView> => {
  const { apiKey, id: _id, updatedAt: _at, ...shown } = await readAiSettings(db);
  return { ...shown, keySet: apiKey !== '' };
};

export interface AiSettingsInput {
  enabled: boolean;
  baseUrl?: string | undefined;
  model?: string | undefined;
  apiKey?: string | undefined;
  monthlyTokenBudget?: number | undefined;
  perUserPerMinute?: number | undefined;
  vision?: boolean | undefined;
  version: number;
}

export const updateAiSettings = async (
  db: Db,
  actor: Actor,
  input: AiSettingsInput,
  checkUrl: CheckBaseUrl,
) => {
  // The address is checked before the transaction: it may ask DNS.
  if (input.baseUrl) await checkUrl(input.baseUrl, 'baseUrl');
  await db.insert(aiSettings).values({ id: SETTINGS_ID }).onConflictDoNothing();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(aiSettings).where(eq(aiSettings.id, SETTINGS_ID)).for('update');
    if (!before || before.version !== input.version)
      throw new BusinessError(BusinessCode.CONFLICT, messages.staleVersion);
    const next = {
      enabled: input.enabled,
      baseUrl: input.baseUrl ?? '',
      model: input.model ?? '',
      // Blank keeps the stored key: the form never receives it to send back.
      apiKey: input.apiKey ?? before.apiKey,
      monthlyTokenBudget: input.monthlyTokenBudget ?? before.monthlyTokenBudget,
      perUserPerMinute: input.perUserPerMinute ?? before.perUserPerMinute,
      vision: input.vision ?? before.vision,
    };
    if (next.enabled && !aiReady({ ...before, ...next })) {
      const field = next.baseUrl === '' ? 'baseUrl' : next.model === '' ? 'model' : 'apiKey';
      throw new BusinessError(BusinessCode.BAD_REQUEST, aiMessages.incomplete, [
        { field, message: aiMessages.incomplete },
      ]);
    }
    await tx
      .update(aiSettings)
      .set({ ...next, version: before.version + 1, updatedAt: new Date() })
      .where(eq(aiSettings.id, SETTINGS_ID));
    const { apiKey: _key, ...shown } = next;
    await recordAudit(tx, actor, {
      action: 'update',
      targetType: 'ai_settings',
      targetId: SETTINGS_ID,
      detail: { after: { ...shown, keyChanged: input.apiKey !== undefined } },
    });
  });
};
