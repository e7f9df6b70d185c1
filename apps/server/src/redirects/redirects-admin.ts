/** 重定向与 404 记录 (site admins): rules (list, create, edit, delete) and the 404 log (list, clear). */
import {
  createRedirectRuleAdmin,
  deleteNotFoundAdmin,
  deleteRedirectRuleAdmin,
  inquireNotFoundListAdmin,
  inquireRedirectRuleListAdmin,
  ok,
  updateRedirectRuleAdmin,
} from '@yuexun/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../http/registry';
import { deleteNotFound, listNotFound } from './not-found.service';
import {
  createRedirectRule,
  deleteRedirectRule,
  listRedirectRules,
  type RedirectPolicy,
  updateRedirectRule,
} from './redirect.service';

/** Outside hosts from REDIRECT_ALLOWED_HOSTS; PUBLIC_ORIGIN's host is this site. */
const policyOf = (app: FastifyInstance): RedirectPolicy => ({
  allowedHosts: app.config.redirectAllowedHosts,
  ownHosts: app.config.publicOrigin ? [new URL(app.config.publicOrigin).host.toLowerCase()] : [],
});

export const redirectActions = [
  implement(inquireRedirectRuleListAdmin, async ({ input, app }) => {
    const { items, paging } = await listRedirectRules(app.db, input);
    return ok(items, paging);
  }),
  implement(createRedirectRuleAdmin, async ({ input, app, actor }) => {
    const { siteId: _siteId, enabled, note, ...values } = input;
    return ok([
      await createRedirectRule(
        app.db,
        actor,
        { ...values, note: note ?? '', enabled: enabled ?? true },
        policyOf(app),
      ),
    ]);
  }),
  implement(updateRedirectRuleAdmin, async ({ input, app, actor }) => {
    const { siteId: _siteId, note, ...values } = input;
    const change = { ...values, note: note === null ? '' : note };
    return ok([await updateRedirectRule(app.db, actor, change, policyOf(app))]);
  }),
  implement(deleteRedirectRuleAdmin, async ({ input, app, actor }) =>
    ok([await deleteRedirectRule(app.db, actor, input.ruleId, input.version)]),
  ),
  implement(inquireNotFoundListAdmin, async ({ input, app }) => {
    await app.redirects.notFound.flush();
    const { items, paging } = await listNotFound(app.db, input, await app.redirects.matcher());
    return ok(items, paging);
  }),
  implement(deleteNotFoundAdmin, async ({ input, app, actor }) => {
    await app.redirects.notFound.flush();
    return ok([await deleteNotFound(app.db, actor, input.path)]);
  }),
];
