import type { z } from 'zod';
import type { ApiBase } from './constants';

/**
 * Who may call an action. The server checks it once, in the registry:
 * public: anyone; session: a logged-in account; tenant: a session with a selected tenant;
 * admin: a tenant session whose employee access is admin.
 */
export type AuthLevel = 'public' | 'session' | 'tenant' | 'admin';

/** Shape of the success answer: a plain list, a paged list, or the lead form's `{data, message}` form. */
export type ResultKind = 'list' | 'paged' | 'record';

export interface ActionDef<I extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> {
  base: ApiBase;
  version: string;
  name: string;
  auth: AuthLevel;
  /** One Chinese line for the API docs. */
  summary: string;
  input: I;
  /** One element of `datas`. */
  item: D;
  result: ResultKind;
  /** State-changing actions are refused for foreign origins. */
  mutates?: boolean;
}

export const defineAction = <I extends z.ZodType, D extends z.ZodType>(def: ActionDef<I, D>) => def;

export const actionPath = (def: Pick<ActionDef, 'base' | 'version' | 'name'>) =>
  `/${def.base}/api/${def.version}/${def.name}.json`;

export type ActionInput<A extends ActionDef> = z.input<A['input']>;
export type ActionParsedInput<A extends ActionDef> = z.output<A['input']>;
export type ActionItem<A extends ActionDef> = z.output<A['item']>;
