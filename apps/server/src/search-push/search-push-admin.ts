/** 搜索引擎推送 (site admins): the push log with each engine's answer, the status, and 重新推送. */
import {
  BusinessCode,
  inquireSearchPushListAdmin,
  inquireSearchPushStatusAdmin,
  offsetOf,
  ok,
  resendSearchPushAdmin,
  SEARCH_PUSH_PREFIX,
  searchPushMessages,
  toPaging,
} from '@yuexun/contract';
import { implement } from '../http/registry';
import { BusinessError } from '../shared/errors';
import { resend } from '../shared/outbox';
import { listPushes, pushStatus } from './search-push.service';

export const searchPushActions = [
  implement(inquireSearchPushListAdmin, async ({ input, app }) => {
    const { items, total } = await listPushes(app.db, {
      engine: input.engine,
      status: input.status,
      offset: offsetOf(input),
      limit: input.pageSize,
    });
    return ok(items, toPaging(input, total));
  }),
  implement(inquireSearchPushStatusAdmin, async ({ app }) => {
    const targets = await app.searchPush.targets();
    return ok([await pushStatus(app.db, targets.targets, targets.keyUrl)]);
  }),
  implement(resendSearchPushAdmin, async ({ input, app }) => {
    if (!(await resend(app.db, input.pushId, SEARCH_PUSH_PREFIX)))
      throw new BusinessError(BusinessCode.NOT_FOUND, searchPushMessages.missing, [
        { field: 'pushId', message: searchPushMessages.missing },
      ]);
    return ok([{ id: input.pushId }]);
  }),
];
