/**
 * 企业微信客户联系 (issue 34 item 1, decision 062): `app.wecomContact.queue(tx, leadId, ownerAccountId)` runs in the
 * transaction that gives a lead its owner and queues the owner's 联系我 (lead-contact-way.ts); the handlers here
 * deliver it and read the name of a contact bound by the callback (wecom-contact-callback.ts), whose route this
 * plugin registers; and a lead's 联系我 follows its owner after arrival (follow-owner.ts). In 获客链接 mode
 * (decision 068) the same row is a 获客链接 (acquisition-link.ts). WeCom's refusals and timeouts are retried with the outbox's backoff.
 */
import {
  LEAD_OWNER_CHANGED_KIND,
  type LeadWecomContactView,
  WECOM_ACQUISITION_LINK_KIND,
  WECOM_CONTACT_WAY_KIND,
  WECOM_DEL_ACQUISITION_LINK_KIND,
  WECOM_DEL_CONTACT_WAY_KIND,
  wecomQrPath,
} from '@yuexun/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { deliverAcquisitionLink, deliverDelAcquisitionLink } from './acquisition-link';
import { followOwner } from './follow-owner';
import {
  deliverContactWay,
  leadWecomContactOf,
  queueContactWay,
  readyWayByState,
  waitForQrCode,
} from './lead-contact-way';
import { deliverDelContactWay, retireContactWaysOf } from './retire-contact-way';
import { registerWecomContactCallback, WECOM_CONTACT_ADDED_KIND } from './wecom-contact-callback';
import { readContactName } from './wecom-contact-name';
import { registerQrRoute } from './wecom-qr-route';
import type { WriteTimeline } from './write-timeline';

/** The lead timeline's writer, handed in by app.ts (the import rule, decision 023). */
export interface WecomContactOptions {
  writeTimeline: WriteTimeline;
}

export interface WecomContactApi {
  queue: (tx: Db, leadId: number, ownerAccountId: number) => Promise<void>;
  /** In the transaction that deletes these leads (an erasure): their 联系我 are deleted in WeCom too. */
  retire: (tx: Db, leadIds: readonly number[]) => Promise<number>;
  /** The lead's 联系我 and bound contact (the drawer), or null. */
  viewOf: (leadId: number) => Promise<LeadWecomContactView | null>;
  /**
   * The QR code (and, in 获客链接 mode, the link) once it exists, waiting at most `waitMs` for the outbox (the
   * thank-you message).
   */
  qrCodeOf: (
    leadId: number,
    waitMs: number,
  ) => Promise<{ qrCode: string; state: string; link: string | null } | null>;
  /** The QR code of a ready 联系我 or 获客链接 by its state (the no-JS thank-you). */
  qrCodeByState: (state: string) => Promise<string | null>;
  /** The 获客链接 (with the lead's customer_channel) of a ready one by its state (the no-JS thank-you). */
  linkByState: (state: string) => Promise<string | null>;
}

export const wecomContactPlugin = fp<WecomContactOptions>(
  async (app: FastifyInstance, { writeTimeline }) => {
    const { config } = app;
    const ownQr = (state: string) => `${config.basePath}${wecomQrPath(state).slice(1)}`;
    registerQrRoute(app);
    app.decorate('wecomContact', {
      queue: (tx, leadId, ownerAccountId) =>
        queueContactWay(tx, leadId, ownerAccountId, config.outbox.maxAttempts),
      retire: (tx, leadIds) => retireContactWaysOf(tx, leadIds, config.outbox.maxAttempts),
      viewOf: async (leadId) => {
        const found = await leadWecomContactOf(app.db, leadId);
        if (!found) return null;
        const { state, ...view } = found;
        return view.qrCode ? { ...view, qrCode: ownQr(state) } : view;
      },
      qrCodeOf: async (leadId, waitMs) => {
        const ready = await waitForQrCode(app.db, leadId, waitMs);
        return ready ? { state: ready.state, qrCode: ownQr(ready.state), link: ready.link } : null;
      },
      qrCodeByState: async (state) => ((await readyWayByState(app.db, state)) ? ownQr(state) : null),
      linkByState: async (state) => (await readyWayByState(app.db, state))?.link ?? null,
    } satisfies WecomContactApi);
    app.outbox.registerHandler(WECOM_CONTACT_WAY_KIND, (job) =>
      deliverContactWay(app.db, config.platforms, job),
    );
    app.outbox.registerHandler(WECOM_DEL_CONTACT_WAY_KIND, (job) =>
      deliverDelContactWay(app.db, config.platforms, job),
    );
    app.outbox.registerHandler(WECOM_ACQUISITION_LINK_KIND, (job) =>
      deliverAcquisitionLink(app.db, config.platforms, job),
    );
    app.outbox.registerHandler(WECOM_DEL_ACQUISITION_LINK_KIND, (job) =>
      deliverDelAcquisitionLink(app.db, config.platforms, job),
    );
    app.outbox.registerHandler(LEAD_OWNER_CHANGED_KIND, async (job) => {
      const outcome = await followOwner(app.db, job.payload, config.outbox.maxAttempts);
      job.log.info({ leadId: job.payload.leadId, outcome }, 'wecom contact way follows the owner');
    });
    app.outbox.registerHandler(WECOM_CONTACT_ADDED_KIND, (job) =>
      readContactName(app.db, config.platforms, job, writeTimeline),
    );
    registerWecomContactCallback(app, writeTimeline);
  },
  { name: 'wecom-contact', dependencies: ['outbox', 'database'] },
);
