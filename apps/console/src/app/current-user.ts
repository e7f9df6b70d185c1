/**
 * The current user and their permissions, fetched once at start (initial-state.tsx). The boot code asks for
 * them as soon as it knows the route needs a session (boot/preload.ts), beside the console's code instead of
 * after it; the initial state's first load takes that answer (decision 059).
 */
import type { CurrentAccountEmployee } from '@yuexun/contract';

export interface CurrentUserAnswer {
  user: CurrentAccountEmployee | undefined;
  permissions: readonly string[];
}

export const fetchCurrentUser = async (): Promise<CurrentUserAnswer> => {
  const { queryCurrentUser, queryConsolePermissions } = await import('../services/account');
  const user = await queryCurrentUser();
  // Without a selected organisation there is no role, hence no permission to ask for.
  const permissions = user?.tenantId != null ? await queryConsolePermissions() : [];
  return { user, permissions };
};

let early: Promise<CurrentUserAnswer> | undefined;

/** Starts the first load early; its answer waits for the initial state. */
export const prefetchCurrentUser = () => {
  early ??= fetchCurrentUser();
  // Taken (and its failure handled) by the initial state; never an unhandled rejection meanwhile.
  early.catch(() => undefined);
};

/** The early answer if one was asked for and not taken yet, else a new load: for the first load at start only. */
export const takeCurrentUser = () => {
  const answer = early ?? fetchCurrentUser();
  early = undefined;
  return answer;
};

/**
 * A fresh load after a sign-in, a sign-out or 切换单位. An early answer not taken yet is dropped: it was asked for
 * before that change and may be someone else's (a console opened at a page, then sent to 登录 before its first
 * load, would otherwise show the new user the previous user's menus, and every refused call would lead to 403).
 */
export const reloadCurrentUser = () => {
  early = undefined;
  return fetchCurrentUser();
};
