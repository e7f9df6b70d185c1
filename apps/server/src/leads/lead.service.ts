/**
 * Sales leads and agent applications from the public forms. The same phone (and kind) within the de-duplication window gets the
 * existing record back (a double click or a retry never makes a second lead); a per-address
 * limit keeps a script from filling the table. Both rules hold across instances: they live in the database.
 */
import {
  adClicksOf,
  BUILTIN_FORM_SLUGS,
  BusinessCode,
  classifyAttribution,
  type FormAnswers,
  LEAD_DEDUP_WINDOW_MS,
  LOGID_URL_MAX,
  messages,
  type ReceivedLead,
  type RoutedLead,
  SITE_ID,
  teamSizeLabels,
} from '@yuexun/contract';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customerIntention } from '../db/schema';
import { isPublishedProduct } from '../products/product.service';
import { BusinessError } from '../shared/errors';
import { builtinFormId } from './live-form.service';
import { currentPrivacyStatement, type PrivacyStatementRef } from './privacy-statement';

/** Path and query of a Referer on this site; undefined for another site or none. */
const sameSitePage = (referer: string | undefined, ownHost: string | undefined) => {
  if (!referer || !ownHost) return undefined;
  try {
    const url = new URL(referer);
    return url.hostname === ownHost.replace(/:\d+$/, '') ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
};

/** A lead just stored, with what routing rules and alert channels look at. */
export type NewLead = RoutedLead & { id: number };

export interface LeadOutcome {
  id: number;
  duplicate: boolean;
}

export interface LeadClient {
  ipHash: string;
  limitPerHour: number;
  userAgent?: string;
  /** The host the site is served on: a referrer from it is not a source. */
  ownHost?: string;
  /** The request's Referer: the page the form was on, with its query (UTM tags) when the browser sent no visit. */
  referer?: string;
  /** The site's origin (https://host): Baidu names an ad click by the whole landing address (logidUrl). */
  siteOrigin?: string;
  /**
   * The 隐私政策 the form showed, when the caller has it at hand (the site reads it through its read cache);
   * absent: read in the transaction.
   */
  privacy?: PrivacyStatementRef | null;
  /** Runs in the lead's transaction after the insert: alerts are queued with the lead or not at all. */
  afterInsert?: (tx: Db, lead: NewLead) => Promise<void>;
  /**
   * The database runs one transaction at a time (the embedded one: one process, one connection), so the
   * advisory locks that serialise submissions across PostgreSQL connections would only cost a statement.
   */
  oneTransactionAtATime?: boolean;
}

/** The same phone was stored within the window: the lead's transaction is undone and the earlier row answered. */
class DuplicateLead extends Error {
  constructor(readonly existingId: number) {
    super('duplicate lead');
  }
}

/** The columns of the lead's own fields: a school's for a sales lead, a company's for an agent application. */
const ownFields = (input: ReceivedLead) =>
  input.kind === 'agent'
    ? {
        schoolName: '',
        schoolType: null,
        role: '',
        companyName: input.companyName,
        businessScope: input.businessScope,
        teamSize: input.teamSize,
        interestedProductId: null,
      }
    : {
        schoolName: input.schoolName,
        schoolType: input.schoolType,
        role: input.role,
        interestedProductId: input.interestedProductId ?? null,
      };

/**
 * The form a lead is filed under: the designed form it was sent with, or, for the original lead actions and
 * the site's own lead forms, their built-in form at version 1 (the fields those forms ask, the answers as sent).
 */
const formOf = async (db: Db, input: ReceivedLead) => {
  if (input.form) return input.form;
  const formId = await builtinFormId(
    db,
    input.kind === 'agent' ? BUILTIN_FORM_SLUGS.agent : BUILTIN_FORM_SLUGS.enquiry,
  );
  if (formId === undefined) return undefined;
  const answers: FormAnswers =
    input.kind === 'agent'
      ? {
          companyName: input.companyName,
          contactName: input.contactName,
          phone: input.phone,
          region: input.region,
          businessScope: input.businessScope,
          teamSize: teamSizeLabels[input.teamSize],
        }
      : {
          contactName: input.contactName,
          phone: input.phone,
          schoolName: input.schoolName,
          region: input.region,
          ...(input.schoolType && { schoolType: input.schoolType }),
          role: input.role,
        };
  if (input.message) answers.message = input.message;
  if (input.privacyConsent) answers.privacyConsent = true;
  return { formId, formVersion: 1, answers };
};

export const createLead = async (db: Db, input: ReceivedLead, client: LeadClient): Promise<LeadOutcome> => {
  if (
    input.kind === 'sales' &&
    input.interestedProductId &&
    !(await isPublishedProduct(db, input.interestedProductId))
  ) {
    throw new BusinessError(BusinessCode.BAD_REQUEST, '参数错误：意向产品不存在（interestedProductId）', [
      { field: 'interestedProductId', message: '意向产品不存在' },
    ]);
  }
  // The consent (required by the contract) and the 隐私政策 it referred to at this moment.
  const privacy = client.privacy !== undefined ? client.privacy : await currentPrivacyStatement(db);
  const form = await formOf(db, input);
  const attribution = classifyAttribution({
    landingPage: input.landingPage ?? sameSitePage(client.referer, client.ownHost) ?? input.sourcePage,
    referrer: input.referrer,
    userAgent: client.userAgent,
    ownHost: client.ownHost,
  });
  const clicks = adClicksOf(attribution.landingPage);
  const logidUrl =
    clicks.bdVid && client.siteOrigin
      ? [...`${client.siteOrigin}${attribution.landingPage}`].slice(0, LOGID_URL_MAX).join('')
      : '';
  try {
    return await db.transaction(async (tx) => {
      if (!client.oneTransactionAtATime) {
        // Serialises submissions of one client address (its hourly limit) and of one phone number (two at
        // the same instant still make one row), on every instance. One statement takes both, always in this
        // order (a target list is evaluated left to right): no deadlock, one round trip.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`lead-ip:${client.ipHash}`})), pg_advisory_xact_lock(hashtext(${`lead:${input.phone}`}))`,
        );
      }
      // The insert carries its own check: the same phone within the window, and this address's leads of the
      // last hour (the count stops at the limit). Both read the rows as they were before the insert; when
      // either refuses, the transaction is undone. One statement for the usual case instead of two.
      const now = Date.now();
      const duplicateOf = tx
        .select({ id: customerIntention.id })
        .from(customerIntention)
        .where(
          and(
            eq(customerIntention.siteId, SITE_ID),
            // The same form (a lead of the built-in forms before forms were data: the same kind); a form
            // without a phone field is never taken for a repeat.
            form ? eq(customerIntention.formId, form.formId) : eq(customerIntention.kind, input.kind),
            eq(customerIntention.phone, input.phone),
            ne(customerIntention.phone, ''),
            gt(customerIntention.createdAt, new Date(now - LEAD_DEDUP_WINDOW_MS)),
          ),
        )
        .orderBy(desc(customerIntention.createdAt))
        .limit(1);
      const recentFromAddress = tx
        .select({ one: sql`1` })
        .from(customerIntention)
        .where(
          and(
            eq(customerIntention.clientIpHash, client.ipHash),
            gt(customerIntention.createdAt, new Date(now - 60 * 60 * 1000)),
          ),
        )
        .limit(client.limitPerHour);
      const check = tx.$with('lead_check').as(
        tx
          .select({
            existingId: sql<number | null>`(${duplicateOf})`.as('existing_id'),
            recent: sql<number>`(select count(*)::int from (${recentFromAddress}) as recent_from_address)`.as(
              'recent',
            ),
          })
          .from(sql`(values (1)) as one_row (x)`),
      );
      const [row] = await tx
        .with(check)
        .insert(customerIntention)
        .values({
          siteId: SITE_ID,
          kind: input.kind,
          contactName: input.contactName,
          phone: input.phone,
          region: input.region,
          ...ownFields(input),
          message: input.message ?? '',
          sourcePage: input.sourcePage ?? '',
          formId: form?.formId ?? null,
          formVersion: form?.formVersion ?? null,
          answers: form?.answers ?? null,
          status: 'new',
          clientIpHash: client.ipHash,
          ...attribution,
          ...clicks,
          logidUrl,
          consentAt: input.privacyConsent ? new Date() : null,
          privacyArticleId: privacy?.id ?? null,
          privacyVersion: privacy?.version ?? null,
          privacyUpdatedAt: privacy?.updatedAt ?? null,
        })
        .returning({
          id: customerIntention.id,
          existingId: sql<number | null>`(select existing_id from lead_check)`,
          recent: sql<number>`(select recent from lead_check)`,
        });
      if (!row) throw new Error('insert returned no row');
      if (row.existingId) throw new DuplicateLead(row.existingId);
      if (row.recent >= client.limitPerHour) throw new BusinessError(BusinessCode.TOO_MANY_REQUESTS);
      await client.afterInsert?.(tx, { id: row.id, kind: input.kind, region: input.region });
      return { id: row.id, duplicate: false };
    });
  } catch (error) {
    if (error instanceof DuplicateLead) return { id: error.existingId, duplicate: true };
    throw error;
  }
};

export const leadMessage = (outcome: LeadOutcome) =>
  outcome.duplicate ? messages.leadDuplicate : messages.leadCreated;
