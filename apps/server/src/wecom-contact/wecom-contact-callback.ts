/**
 * WeCom's 客户联系 callback (decision 062, 接收事件服务器): checked and decrypted as WeCom documents it
 * (shared/platforms/wecom-callback-crypto.ts) behind the one inbound-callback route (shared/inbound-callback.ts).
 * add_external_contact with a lead's state binds the contact to that lead, and the outbox reads the contact's
 * name (externalcontact/get) for the timeline's 已添加企业微信; del_external_contact (the member deleted the
 * customer) and del_follow_user (the customer deleted the member) add 已删除. An unknown state is refused.
 */
import { CALLBACK_WINDOW_SECONDS, WECOM_CONTACT_CALLBACK_PATH } from '@yuexun/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { leadWecomContact } from '../db/schema';
import {
  type CallbackRefusal,
  registerCallbackRoute,
  type VerifiedCallback,
} from '../shared/inbound-callback';
import { enqueue } from '../shared/outbox';
import {
  decryptWecom,
  WecomCryptoError,
  wecomSignatureValid,
  xmlField,
} from '../shared/platforms/wecom-callback-crypto';
import { readWecomContactSettings, wecomContactReady } from './wecom-contact-settings.service';
import type { WriteTimeline } from './write-timeline';

export const WECOM_CONTACT_ADDED_KIND = 'wecom.contact-added';
export const WECOM_CALLBACK_PLATFORM = 'wecom-contact';

/** The signed parts of a callback, decrypted; or why it is refused. */
interface Opened {
  message: string;
  signature: string;
  timestamp: number;
}

const open = async (
  app: FastifyInstance,
  query: Record<string, string>,
  encrypted: string,
): Promise<Opened | CallbackRefusal> => {
  const settings = await readWecomContactSettings(app.db);
  if (!wecomContactReady(settings)) return { refused: '企业微信客户联系未启用' };
  const { msg_signature: signature = '', timestamp = '', nonce = '' } = query;
  if (!encrypted) return { refused: '回调中没有密文' };
  if (!signature || !wecomSignatureValid(settings.callbackToken, timestamp, nonce, encrypted, signature))
    return { refused: '签名不正确' };
  try {
    return {
      message: decryptWecom(settings.encodingAesKey, encrypted, settings.corpId),
      signature,
      timestamp: Number(timestamp),
    };
  } catch (error) {
    return { refused: `无法解密：${error instanceof WecomCryptoError ? error.message : '密文无效'}` };
  }
};

const bind = async (tx: Db, message: string, maxAttempts: number): Promise<string | null> => {
  const state = xmlField(message, 'State');
  const userId = xmlField(message, 'UserID');
  const externalUserId = xmlField(message, 'ExternalUserID');
  if (!state) return null; // A contact added without a lead's 联系我: not ours to bind.
  if (!externalUserId) return '回调中没有外部联系人 ID';
  const [row] = await tx.select().from(leadWecomContact).where(eq(leadWecomContact.state, state));
  if (!row) return `未知的 state：${state.slice(0, 30)}`;
  if (row.wecomUserId !== userId) return '添加联系人的成员不是该线索的负责人';
  await tx
    .update(leadWecomContact)
    .set({ externalUserId, contactName: '', boundAt: new Date(), removedAt: null, updatedAt: new Date() })
    .where(eq(leadWecomContact.leadId, row.leadId));
  await enqueue(
    tx,
    WECOM_CONTACT_ADDED_KIND,
    { leadId: row.leadId, externalUserId },
    {
      maxAttempts,
      label: `线索 #${row.leadId} 已添加企业微信：读取联系人名称`,
      subject: { type: 'lead', id: row.leadId },
    },
  );
  return null;
};

const remove = async (tx: Db, message: string, writeTimeline: WriteTimeline): Promise<string | null> => {
  const externalUserId = xmlField(message, 'ExternalUserID');
  const userId = xmlField(message, 'UserID');
  if (!externalUserId) return '回调中没有外部联系人 ID';
  const rows = await tx
    .select()
    .from(leadWecomContact)
    .where(
      and(eq(leadWecomContact.externalUserId, externalUserId), eq(leadWecomContact.wecomUserId, userId)),
    );
  for (const row of rows) {
    if (row.removedAt) continue;
    await tx
      .update(leadWecomContact)
      .set({ removedAt: new Date(), updatedAt: new Date() })
      .where(eq(leadWecomContact.leadId, row.leadId));
    const who = row.contactName || externalUserId;
    const how = xmlField(message, 'ChangeType') === 'del_follow_user' ? '（客户删除了顾问）' : '';
    await writeTimeline(tx, {
      leadId: row.leadId,
      kind: 'wecom',
      accountId: null,
      note: `已删除企业微信：${who}${how}`,
    });
  }
  return null;
};

export const registerWecomContactCallback = (app: FastifyInstance, writeTimeline: WriteTimeline) => {
  const maxAttempts = app.config.outbox.maxAttempts;
  registerCallbackRoute(app, {
    platform: WECOM_CALLBACK_PLATFORM,
    url: WECOM_CONTACT_CALLBACK_PATH,
    windowSeconds: CALLBACK_WINDOW_SECONDS,
    accepted: 'success',
    // 验证回调 URL: msg_signature over echostr, and the decrypted echostr answered as it is.
    check: async (query) => {
      const opened = await open(app, query, query.echostr ?? '');
      if ('refused' in opened) return opened;
      return { answer: opened.message, timestamp: opened.timestamp };
    },
    verify: async (raw, query): Promise<VerifiedCallback | CallbackRefusal> => {
      const opened = await open(app, query, xmlField(raw, 'Encrypt'));
      if ('refused' in opened) return opened;
      const { message } = opened;
      const change = xmlField(message, 'ChangeType');
      const event =
        xmlField(message, 'Event') === 'change_external_contact' ? change : xmlField(message, 'Event');
      return {
        key: opened.signature.toLowerCase(),
        timestamp: opened.timestamp,
        event: event.slice(0, 50),
        apply: async (tx) => {
          if (event === 'add_external_contact') return bind(tx, message, maxAttempts);
          if (event === 'del_external_contact' || event === 'del_follow_user')
            return remove(tx, message, writeTimeline);
          return null;
        },
      };
    },
  });
};
