import { deleteFileAdmin, inquireFileListAdmin, ok } from '@yuexun/contract';
import { actorOf } from '../../audit/audit.service';
import { implement } from '../registry';
import { deleteAdminFile, listAdminFiles } from './file-admin.service';

export const fileAdminActions = [
  implement(inquireFileListAdmin, async ({ input, app, request }) => {
    const { items, paging } = await listAdminFiles(app.db, request.auth?.tenantId ?? null, input);
    return ok(items, paging);
  }),
  implement(deleteFileAdmin, async ({ input, app, request }) => {
    await deleteAdminFile(app, actorOf(app, request), input.fileUuid);
    return ok([{ fileUuid: input.fileUuid }]);
  }),
];
