/**
 * A lead from a visitor, whichever way it came (the API action or the site's no-JS form post): the honeypot,
 * the client's hashed address and hourly limit, the attribution from the request, the answer's message.
 */
import { HONEYPOT_FIELD, messages, type ReceivedLead, WECOM_QR_WAIT_MS } from '@yuexun/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashClientAddress } from '../shared/client-address';
import { createLead, leadMessage } from './lead.service';
import { assignOnArrival, enabledLeadRoutes, LEAD_ROUTES_CACHE_KEY } from './lead-routes.service';
import { LEAD_SCORE_RULES_CACHE_KEY, readScoreRules, rescoreLeads } from './lead-score.service';
import { bindVisit } from './lead-visits';
import { currentPrivacyStatement, PRIVACY_STATEMENT_CACHE_KEY } from './privacy-statement';
import { matchOnArrival } from './school-account-match';

export interface SubmittedLead {
  /** 0 when the honeypot caught a bot: nothing was stored. */
  id: number;
  message: string;
  /** The owner's 联系我 when its QR code was ready within WECOM_QR_WAIT_MS (decision 062). */
  wecomContact: { qrCode: string; state: string; link: string | null } | null;
}

/** Throws the BusinessError of a refusal (hourly limit, unknown product). */
export const submitLead = async (
  app: FastifyInstance,
  request: FastifyRequest,
  input: ReceivedLead,
): Promise<SubmittedLead> => {
  if (input[HONEYPOT_FIELD]) {
    // A bot filled the hidden field: answer like a success so it learns nothing, store nothing.
    request.log.info('lead honeypot triggered');
    return { id: 0, message: messages.leadCreated, wecomContact: null };
  }
  // The visit the lead was sent from: the site script's ids, or for a browser that runs none the server's own
  // name of its visit, whose pages the <noscript> picture recorded (stats/noscript-visit.ts).
  const userAgent = request.headers['user-agent'] ?? '';
  const noScriptVisitId = input.visitId ? undefined : app.stats.noScriptVisit(request.ip, userAgent);
  const visit = noScriptVisitId
    ? { visitId: noScriptVisitId, userAgent, noScript: true }
    : { visitId: input.visitId, browserId: input.browserId, userAgent };
  // Read before the transaction, through the read cache like the page the form was on (staff edits empty
  // it): the 隐私政策 the form showed, the routing rules and the alert channels.
  const cache = app.readCache;
  const [privacy, routes, scoreRules, channels] = await Promise.all([
    cache.get(PRIVACY_STATEMENT_CACHE_KEY, () => currentPrivacyStatement(app.db)),
    cache.get(LEAD_ROUTES_CACHE_KEY, () => enabledLeadRoutes(app.db)),
    cache.get(LEAD_SCORE_RULES_CACHE_KEY, async () => {
      const { fit, behaviour } = await readScoreRules(app.db);
      return { fit, behaviour };
    }),
    app.alerts.enabledChannels(),
    // The visit's pages this instance has not written yet, so the lead can take them (访问轨迹).
    visit.visitId ? app.stats.visits.flush() : undefined,
  ]);
  const outcome = await createLead(app.db, input, {
    ipHash: hashClientAddress(request.ip, app.secrets.ipHash),
    limitPerHour: app.config.leadLimitPerHour,
    userAgent: request.headers['user-agent'],
    ownHost: request.hostname,
    referer: request.headers.referer,
    siteOrigin: app.config.publicOrigin ?? `${request.protocol}://${request.host}`,
    privacy,
    oneTransactionAtATime: app.database.driver === 'pglite',
    // The routing rules' owner and the alerts are written in the lead's transaction: stored together or not
    // at all; the alerts are sent later by the outbox (and name the owner).
    afterInsert: async (tx, lead) => {
      // A known school or phone goes to its owner (客户, decision 058); otherwise the routing rules decide.
      const schoolName = input.kind === 'agent' ? '' : input.schoolName;
      const known = await matchOnArrival(tx, { ...lead, phone: input.phone, schoolName });
      const owner = known ?? (await assignOnArrival(tx, lead, routes));
      // The owner's 联系我 for the thank-you and the alert (企业微信客户联系, decision 063).
      if (owner !== null) await app.wecomContact.queue(tx, lead.id, owner);
      await bindVisit(tx, lead.id, visit);
      // Scored with its answers and the pages it just took (线索评分, decision 057).
      await rescoreLeads(tx, [lead.id], scoreRules);
      await app.alerts.queueLeadAlerts(tx, lead, channels);
      await app.adConversions.queue(tx, lead.id, 'submitted');
    },
  });
  if (!outcome.duplicate) app.metrics.leads.inc();
  request.log.info({ leadId: outcome.id, kind: input.kind, duplicate: outcome.duplicate }, 'lead received');
  // The lead is stored and its alerts queued: only the thank-you's QR code waits, briefly, for the outbox.
  const wecomContact = outcome.duplicate
    ? null
    : await app.wecomContact.qrCodeOf(outcome.id, WECOM_QR_WAIT_MS);
  return { id: outcome.id, message: leadMessage(outcome), wecomContact };
};
