import {
  deleteFileAdmin,
  deleteOrphanFilesAdmin,
  inquireFileListAdmin,
  inquireFileUsageAdmin,
  inquireOrphanFileListAdmin,
  ok,
  updateFilePictureAdmin,
} from '@yuexun/contract';
import { implement } from '../http/registry';
import { deleteAdminFile, listAdminFiles, usagesOfVisibleFile } from './file-admin.service';
import { deleteOrphanFiles, listOrphanFiles } from './file-orphans.service';
import { setPictureFacts } from './file-pictures.service';

export const fileAdminActions = [
  implement(inquireFileListAdmin, async ({ input, app, request }) => {
    const { items, paging } = await listAdminFiles(app.db, request.auth?.tenantId ?? null, input);
    return ok(items, paging);
  }),
  implement(inquireFileUsageAdmin, async ({ input, app, request }) =>
    ok(await usagesOfVisibleFile(app.db, request.auth?.tenantId ?? null, input.fileUuid)),
  ),
  implement(deleteFileAdmin, async ({ input, app, actor }) => {
    await deleteAdminFile(app, actor, input.fileUuid);
    return ok([{ fileUuid: input.fileUuid }]);
  }),
  implement(inquireOrphanFileListAdmin, async ({ app, request }) =>
    ok(await listOrphanFiles(app.db, request.auth?.tenantId ?? null)),
  ),
  implement(deleteOrphanFilesAdmin, async ({ input, app, actor }) =>
    ok(await deleteOrphanFiles(app, actor, input.fileUuids)),
  ),
  implement(updateFilePictureAdmin, async ({ input, app, actor }) => {
    const { fileUuid, altText, focusX, focusY } = input;
    const saved = await setPictureFacts(app.db, actor, fileUuid, { altText, focusX, focusY });
    // Crops around the old point are named by it and never read again; removing them keeps the store small.
    await app.imageVariants
      .forget(fileUuid)
      .catch((error: unknown) => app.log.warn({ err: error, fileUuid }, 'picture variants delete failed'));
    return ok([saved]);
  }),
];
