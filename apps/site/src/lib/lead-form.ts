/**
 * The lead forms without JavaScript: a POST to the page itself. Valid → the lead is stored and the
 * browser is sent back (303) with the result in the query; invalid → the page is rendered again
 * with what the visitor typed and the Chinese message next to each field.
 * Two kinds (LEAD_KINDS): 销售咨询 (a school: most pages) and 代理商申请 (a company: /agent).
 */
import {
  agentApplicationInput,
  customerIntentionInput,
  HONEYPOT_FIELD,
  isLeadRefusal,
  type LeadKind,
  type LeadSubmission,
  messages,
  SITE_ID,
  type SiteContext,
  WECOM_CONTACT_PARAM,
} from '@yuexun/contract';
import { lead } from '../locales/zh-CN';
import { href } from './href';

/** The fields a visitor fills in, in the order the form shows them. */
export const LEAD_FORM_FIELDS = {
  sales: ['contactName', 'phone', 'schoolName', 'region', 'schoolType', 'role', 'message'],
  agent: ['companyName', 'contactName', 'phone', 'region', 'businessScope', 'teamSize', 'message'],
} as const satisfies Record<LeadKind, readonly string[]>;

export type LeadField = (typeof LEAD_FORM_FIELDS)[LeadKind][number];

export const LEAD_FIELDS = [
  ...new Set([...LEAD_FORM_FIELDS.sales, ...LEAD_FORM_FIELDS.agent]),
  'interestedProductId',
  'sourcePage',
  'privacyConsent',
  'visitId',
  'browserId',
  HONEYPOT_FIELD,
] as const;

export type LeadValues = Partial<
  Record<
    | LeadField
    | 'interestedProductId'
    | 'sourcePage'
    | 'privacyConsent'
    | 'visitId'
    | 'browserId'
    | typeof HONEYPOT_FIELD,
    string
  >
>;

export interface LeadFormState {
  values: LeadValues;
  errors: Record<string, string>;
  formError: string | null;
  result: string | null;
  /** The owner's 企业微信联系我 QR code after a stored lead, when it was ready in time (decision 062). */
  qrCode: string | null;
  /** The owner's 获客链接 instead, in 获客链接 mode (decision 068): a button that opens WeCom on a phone. */
  wecomLink: string | null;
}

export const LEAD_RESULT_PARAM = 'lead';

/** First message per field, keyed by the field name. */
export const fieldErrors = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
};

/** A select is chosen, not typed: an empty school type or team size asks to choose. */
const chooseWording = (errors: Record<string, string>, values: LeadValues): Record<string, string> => ({
  ...errors,
  ...(errors.schoolType && !values.schoolType ? { schoolType: lead.chooseSchoolType } : {}),
  ...(errors.teamSize && !values.teamSize ? { teamSize: lead.chooseTeamSize } : {}),
});

export const validateLead = (kind: LeadKind, values: LeadValues) => {
  const input = { ...values, siteId: SITE_ID };
  const parsed =
    kind === 'agent' ? agentApplicationInput.safeParse(input) : customerIntentionInput.safeParse(input);
  return parsed.success
    ? { ok: true as const, data: { kind, ...parsed.data } as LeadSubmission }
    : { ok: false as const, errors: chooseWording(fieldErrors(parsed.error.issues), values) };
};

const emptyState = (
  result: string | null,
  qrCode: string | null = null,
  wecomLink: string | null = null,
): LeadFormState => ({
  values: {},
  errors: {},
  formError: null,
  result,
  qrCode,
  wecomLink,
});

interface PageContext {
  request: Request;
  url: URL;
  locals: App.Locals;
  response: { status?: number; headers: Headers };
}

/** Either the redirect after a stored lead, or the state the page renders its form with. */
export const handleLeadForm = async (
  ctx: PageContext,
  kind: LeadKind = 'sales',
): Promise<Response | LeadFormState> => {
  const site: SiteContext = ctx.locals.site;
  if (ctx.request.method !== 'POST') {
    const result = ctx.url.searchParams.get(LEAD_RESULT_PARAM);
    // A visitor's own outcome: never kept by the page cache or a CDN.
    if (result !== null) ctx.locals.page.private = true;
    const state = result === 'created' ? ctx.url.searchParams.get(WECOM_CONTACT_PARAM) : null;
    return emptyState(
      result === 'created' ? messages.leadCreated : result === 'duplicate' ? messages.leadDuplicate : null,
      state ? await site.services.wecomQrCode(state) : null,
      state ? await site.services.wecomLink(state) : null,
    );
  }
  let values: LeadValues = {};
  try {
    const form = await ctx.request.formData();
    values = Object.fromEntries(
      LEAD_FIELDS.map((name) => [name, String(form.get(name) ?? '')]).filter(([, v]) => v !== ''),
    );
  } catch {
    // An unreadable body is treated as an empty form: every required field gets its message.
  }
  values.sourcePage = ctx.url.pathname.slice(0, 200);
  const checked = validateLead(kind, values);
  if (!checked.ok) {
    ctx.response.status = 422;
    return { values, errors: checked.errors, formError: null, result: null, qrCode: null, wecomLink: null };
  }
  try {
    // The server's submitLead handles the honeypot the same way as for the API.
    const outcome = await site.services.createLead(checked.data);
    const back = new URLSearchParams(ctx.url.search);
    back.set(LEAD_RESULT_PARAM, outcome.message === messages.leadDuplicate ? 'duplicate' : 'created');
    back.delete(WECOM_CONTACT_PARAM);
    if (outcome.wecomContact) back.set(WECOM_CONTACT_PARAM, outcome.wecomContact.state);
    return new Response(null, {
      status: 303,
      headers: { location: `${href(site.basePath, `${ctx.url.pathname}?${back}`)}#lead` },
    });
  } catch (error) {
    if (!isLeadRefusal(error)) throw error;
    ctx.response.status = 422;
    return {
      values,
      errors: error.fields,
      formError: error.message,
      result: null,
      qrCode: null,
      wecomLink: null,
    };
  }
};
