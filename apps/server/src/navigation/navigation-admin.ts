import { inquireNavigationAdmin, ok, updateNavigationAdmin } from '@yuexun/contract';
import { implement } from '../http/registry';
import { readNavigation, saveNavigation } from './navigation.service';

export const navigationActions = [
  implement(inquireNavigationAdmin, async ({ app }) => ok([await readNavigation(app.db)])),
  implement(updateNavigationAdmin, async ({ input, app, actor }) =>
    ok([await saveNavigation(app.db, actor, input.version, input.items)]),
  ),
];
