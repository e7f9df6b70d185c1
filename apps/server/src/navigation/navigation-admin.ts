import { inquireNavigationAdmin, ok, updateNavigationAdmin } from '@yuexun/contract';
import { implement } from '../http/registry';
import { actorOf } from '../shared/audit';
import { readNavigation, saveNavigation } from './navigation.service';

export const navigationActions = [
  implement(inquireNavigationAdmin, async ({ app }) => ok([await readNavigation(app.db)])),
  implement(updateNavigationAdmin, async ({ input, app, request }) =>
    ok([await saveNavigation(app.db, actorOf(app, request), input.version, input.items)]),
  ),
];
