/**
 * The phone lead page's calls (decision 065), without the request layer: that layer brings every zod schema of
 * the contract (about 96 KB gzipped), which the page does not need to send a form and read an envelope. The
 * actions, their inputs and answers are the contract's (types only); their addresses are checked against the
 * contract by lead-api.test.ts. A lost session opens the login page and comes back, as everywhere in the console.
 */
import type { ActionArgs, ActionItem, actions } from '@yuexun/contract';
import { BusinessCode } from '@yuexun/contract/codes';
import { SITE_ID } from '@yuexun/contract/constants';
import { goToLogin } from '../../app/navigation';

/** The actions the page calls (every one on the store base, v1.0). */
export const LEAD_PHONE_ACTIONS = [
  'inquireCurrentAccountEmployeeInfoAccount',
  'inquireOperationCodeListByProductAccount',
  'inquireLeadListAdmin',
  'inquireLeadTimelineAdmin',
  'inquireLeadWecomContactAdmin',
  'updateLeadAdmin',
  'addLeadFollowUpAdmin',
  'markLeadSeenAdmin',
] as const;
export type LeadPhoneAction = (typeof LEAD_PHONE_ACTIONS)[number];
type Def<N extends LeadPhoneAction> = (typeof actions)[N];

export const leadPhonePath = (name: LeadPhoneAction) => `/store/api/v1.0/${name}.json`;

/** A refused or failed call: the server's Chinese message ('' without one: the page says its own) and its code. */
export class LeadCallError extends Error {
  constructor(
    readonly code: number | undefined,
    message: string,
  ) {
    super(message);
  }
  get forbidden() {
    return this.code === BusinessCode.FORBIDDEN;
  }
}

const SESSION_LOST: readonly number[] = [BusinessCode.NOT_LOGGED_IN, BusinessCode.SESSION_EXPIRED];

interface Envelope<T> {
  success?: boolean;
  status?: number;
  errorCode?: number | string;
  errorMessage?: string;
  message?: string;
  datas?: T[];
  totalRecordCount?: number;
}

const formOf = (input: Record<string, unknown>) => {
  const body = new URLSearchParams({ siteId: String(SITE_ID) });
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined && value !== null) body.append(key, String(value));
  }
  return body;
};

/** POSTs the form to the action and answers its success envelope; anything else throws a LeadCallError. */
export const callLead = async <N extends LeadPhoneAction>(
  name: N,
  input: ActionArgs<Def<N>>,
): Promise<{ datas: ActionItem<Def<N>>[]; totalRecordCount: number }> => {
  let body: Envelope<ActionItem<Def<N>>> | undefined;
  try {
    const response = await fetch(leadPhonePath(name), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      body: formOf(input as Record<string, unknown>),
    });
    body = (await response.json()) as Envelope<ActionItem<Def<N>>>;
  } catch {
    throw new LeadCallError(undefined, '');
  }
  const code = Number(body?.errorCode ?? body?.status);
  if (body?.success === false || code !== BusinessCode.OK) {
    if (SESSION_LOST.includes(code)) goToLogin();
    throw new LeadCallError(
      Number.isFinite(code) ? code : undefined,
      body?.errorMessage || body?.message || '',
    );
  }
  const datas = Array.isArray(body.datas) ? body.datas : [];
  return { datas, totalRecordCount: body.totalRecordCount ?? datas.length };
};
