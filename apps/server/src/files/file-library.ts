/** The media library's folders, tags and bulk changes (decision 066); rules in file-library.service.ts. */
import {
  createFileFolderAdmin,
  deleteFileFolderAdmin,
  inquireFileFolderListAdmin,
  inquireFileTagListAdmin,
  moveFilesAdmin,
  ok,
  tagFilesAdmin,
  updateFileFolderAdmin,
} from '@yuexun/contract';
import { implement } from '../http/registry';
import {
  createFolder,
  deleteFolder,
  listFolders,
  listTags,
  moveFiles,
  tagFiles,
  updateFolder,
} from './file-library.service';

export const fileLibraryActions = [
  implement(inquireFileFolderListAdmin, async ({ app, request }) =>
    ok(await listFolders(app.db, request.auth?.tenantId ?? null)),
  ),
  implement(createFileFolderAdmin, async ({ input, app, actor }) =>
    ok([await createFolder(app.db, actor, input)]),
  ),
  implement(updateFileFolderAdmin, async ({ input, app, actor }) =>
    ok([await updateFolder(app.db, actor, input)]),
  ),
  implement(deleteFileFolderAdmin, async ({ input, app, actor }) =>
    ok([await deleteFolder(app.db, actor, input.folderId)]),
  ),
  implement(moveFilesAdmin, async ({ input, app, actor }) =>
    ok(await moveFiles(app.db, actor, input.fileUuids, input.folderId)),
  ),
  implement(tagFilesAdmin, async ({ input, app, actor }) =>
    ok(await tagFiles(app.db, actor, input.fileUuids, input.add, input.remove)),
  ),
  implement(inquireFileTagListAdmin, async ({ app, request }) =>
    ok(await listTags(app.db, request.auth?.tenantId ?? null)),
  ),
];
