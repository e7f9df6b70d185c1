/** Replacing a file at the same address, its revisions and restoring one (decision 064). */
import {
  inquireFileRevisionListAdmin,
  ok,
  replaceFileAdmin,
  restoreFileRevisionAdmin,
} from '@yuexun/contract';
import { implement } from '../http/registry';
import { listFileRevisions, replaceFile, restoreFileRevision } from './file-revisions.service';

export const fileRevisionActions = [
  implement(replaceFileAdmin, async ({ input, app, actor }) =>
    ok([await replaceFile(app, actor, input.fileUuid, input.withFileUuid)]),
  ),
  implement(inquireFileRevisionListAdmin, async ({ input, app, request }) =>
    ok(await listFileRevisions(app.db, request.auth?.tenantId ?? null, input.fileUuid)),
  ),
  implement(restoreFileRevisionAdmin, async ({ input, app, actor }) =>
    ok([await restoreFileRevision(app, actor, input.fileUuid, input.revisionId)]),
  ),
];
