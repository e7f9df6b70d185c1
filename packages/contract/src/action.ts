import type { z } from 'zod';
import type { ApiBase } from './constants';
import type { Permission } from './permissions';

/**
 * Who may call an action. The server checks it once, in the registry:
 * public: anyone; session: a logged-in account; tenant: a session with a selected tenant;
 * admin: a member whose role holds the action's `permission` (docs/decisions/032-roles-and-permissions.md).
 */
export type AuthLevel = 'public' | 'session' | 'tenant' | 'admin';

/**
 * Whose membership the auth level is checked against (docs/decisions/021-site-staff-and-school-staff.md).
 * tenant (the default): the school or organisation selected in the session.
 * site: the organisation that owns the site (the vendor), whatever tenant is selected; a school's admin
 * is not its staff, so every site action answers 403 to it. With `site`, `tenant` means any active member
 * of the vendor and `admin` its admins.
 */
export type AuthScope = 'tenant' | 'site';

/**
 * The part of a declaration the server checks before the handler runs. An `admin` action must name the
 * permission it needs (a type error otherwise, and the sweep test calls every action as every built-in role);
 * the others need none: only a session, or a selected tenant.
 */
export type AccessRule =
  | { auth: Exclude<AuthLevel, 'admin'>; scope?: 'tenant'; permission?: undefined }
  | {
      auth: 'admin';
      /** Absent means `tenant`; `site` for everything that manages the site (content, leads, files, settings…). */
      scope?: AuthScope;
      /** Looked up in the caller's role in the vendor (scope site) or in the selected tenant. */
      permission: Permission;
    };

/** Shape of the success answer: a plain list, a paged list, or the lead form's `{data, message}` form. */
export type ResultKind = 'list' | 'paged' | 'record';

interface ActionShape<I extends z.ZodType, D extends z.ZodType> {
  base: ApiBase;
  version: string;
  name: string;
  /** One Chinese line for the API docs. */
  summary: string;
  input: I;
  /** One element of `datas`. */
  item: D;
  result: ResultKind;
  /** State-changing actions are refused for foreign origins. */
  mutates?: boolean;
  /**
   * Changes what visitors see (content, products, files, site settings, navigation, redirects…): a success
   * empties the public caches (data reads and rendered pages) on every instance and has the sitemap compared
   * for the search-engine push. Leads, staff, views and statistics never do: a salesperson at work must not
   * throw away every rendered page (docs/decisions/018). Only with `mutates`; the permission sweep checks both.
   */
  affectsSite?: true;
  /**
   * Changes what a visitor's lead meets on arrival (routing rules, alert channels), which the lead path reads
   * through the read cache: a success empties the read cache on every instance and keeps the rendered pages.
   */
  affectsLeadIntake?: true;
}

export type ActionDef<I extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> = ActionShape<I, D> &
  AccessRule;

export const defineAction = <I extends z.ZodType, D extends z.ZodType>(def: ActionDef<I, D>) => def;

export const actionPath = (def: Pick<ActionDef, 'base' | 'version' | 'name'>) =>
  `/${def.base}/api/${def.version}/${def.name}.json`;

/** What goes over the wire to an action (`z.input`): yuan as text, instants as ISO text, ids as numbers. */
export type ActionInput<A extends ActionDef> = z.input<A['input']>;
/** What the server's handler receives after validation (`z.output`): fen, Date, trimmed text. */
export type ActionParsedInput<A extends ActionDef> = z.output<A['input']>;

/** Omit applied to each member of a union: a plain Omit over the login input's union would merge its shapes. */
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

type PagingKey = 'pageIndex' | 'pageSize';

type CallerInput<I> = I extends unknown
  ? Omit<I, 'siteId' | PagingKey> & Partial<Pick<I, Extract<keyof I, PagingKey>>>
  : never;

/**
 * What a caller passes to an action: the wire input without siteId, which the client adds; paging criteria
 * may be left out (the server applies page 1 of 10). Unions (the login's one shape per login type) stay unions.
 */
export type ActionArgs<A extends ActionDef> = CallerInput<ActionInput<A>>;
export type ActionItem<A extends ActionDef> = z.output<A['item']>;
