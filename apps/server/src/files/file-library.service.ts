/**
 * The media library's folders and tags (decision 066). Folders are seen like files (visibleTo): the site's
 * shared ones plus the actor's own organisation's. A folder moved into itself or one of its descendants is
 * refused, found by walking up from the new parent; the walk stops at FOLDER_DEPTH_MAX, which no stored tree
 * exceeds. Bulk moves and tags are all or nothing: one unknown file refuses the whole call.
 */
import {
  BusinessCode,
  FILE_TAGS_PER_FILE_MAX,
  type FileFolder,
  FOLDER_DEPTH_MAX,
  libraryMessages,
  messages,
} from '@yuexun/contract';
import { and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { file, fileFolder, fileTag } from '../db/schema';
import { fieldError } from '../shared/admin/versioned';
import { type Actor, recordAudit } from '../shared/audit';
import { BusinessError } from '../shared/errors';
import { visibleTo } from './file-admin.service';
import { tagsOf } from './file-tags';

const foldersVisibleTo = (tenantId: number | null) =>
  tenantId === null
    ? isNull(fileFolder.tenantId)
    : or(isNull(fileFolder.tenantId), eq(fileFolder.tenantId, tenantId));

const folderColumns = {
  folderId: fileFolder.id,
  parentId: fileFolder.parentId,
  name: fileFolder.name,
  fileCount: sql<number>`(select count(*) from ${file} where ${file.folderId} = ${fileFolder.id})`.mapWith(
    Number,
  ),
};

export const listFolders = (db: Db, tenantId: number | null): Promise<FileFolder[]> =>
  db
    .select(folderColumns)
    .from(fileFolder)
    .where(foldersVisibleTo(tenantId))
    .orderBy(asc(fileFolder.name), asc(fileFolder.id));

const folderOf = async (db: Db, tenantId: number | null, id: number, field: string) => {
  const [found] = await db
    .select(folderColumns)
    .from(fileFolder)
    .where(and(eq(fileFolder.id, id), foldersVisibleTo(tenantId)));
  if (!found) throw fieldError(BusinessCode.NOT_FOUND, field, libraryMessages.folderNotFound);
  return found;
};

/** The folder and its ancestors, nearest first (at most FOLDER_DEPTH_MAX + 1 steps). */
const lineOf = async (db: Db, id: number) => {
  const line: number[] = [];
  let at: number | null = id;
  while (at !== null && line.length <= FOLDER_DEPTH_MAX) {
    line.push(at);
    const [row] = await db
      .select({ parentId: fileFolder.parentId })
      .from(fileFolder)
      .where(eq(fileFolder.id, at));
    at = row?.parentId ?? null;
  }
  return line;
};

/** How many levels lie below a folder (0 for a leaf). */
const heightBelow = async (db: Db, id: number): Promise<number> => {
  let level = [id];
  let height = 0;
  while (height <= FOLDER_DEPTH_MAX) {
    const children = await db
      .select({ id: fileFolder.id })
      .from(fileFolder)
      .where(inArray(fileFolder.parentId, level));
    if (children.length === 0) return height;
    level = children.map((c) => c.id);
    height += 1;
  }
  return height;
};

/** Sibling names are unique among the folders the actor sees (another school's folder is never named). */
const refuseTakenName = async (
  db: Db,
  actor: Actor,
  parentId: number | null,
  name: string,
  self?: number,
) => {
  const [same] = await db
    .select({ id: fileFolder.id })
    .from(fileFolder)
    .where(
      and(
        parentId === null ? isNull(fileFolder.parentId) : eq(fileFolder.parentId, parentId),
        eq(fileFolder.name, name),
        foldersVisibleTo(actor.tenantId),
      ),
    );
  if (same && same.id !== self)
    throw fieldError(BusinessCode.CONFLICT, 'name', libraryMessages.folderNameTaken);
};

export const createFolder = (db: Db, actor: Actor, input: { name: string; parentId: number | null }) =>
  db.transaction(async (tx) => {
    if (input.parentId !== null) {
      await folderOf(tx, actor.tenantId, input.parentId, 'parentId');
      if ((await lineOf(tx, input.parentId)).length >= FOLDER_DEPTH_MAX)
        throw fieldError(BusinessCode.BAD_REQUEST, 'parentId', libraryMessages.folderTooDeep);
    }
    await refuseTakenName(tx, actor, input.parentId, input.name);
    const [made] = await tx
      .insert(fileFolder)
      .values({ name: input.name, parentId: input.parentId, tenantId: actor.tenantId })
      .returning({ id: fileFolder.id });
    if (!made) throw new Error('folder insert returned nothing');
    await recordAudit(tx, actor, {
      action: 'create',
      targetType: 'file_folder',
      targetId: made.id,
      detail: input,
    });
    return folderOf(tx, actor.tenantId, made.id, 'folderId');
  });

export const updateFolder = (
  db: Db,
  actor: Actor,
  input: { folderId: number; name: string; parentId: number | null },
) =>
  db.transaction(async (tx) => {
    // One folder edit at a time: two crossing moves (A into B, B into A) cannot both pass the loop check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('file_folder_tree'))`);
    const before = await folderOf(tx, actor.tenantId, input.folderId, 'folderId');
    if (input.parentId !== null) {
      await folderOf(tx, actor.tenantId, input.parentId, 'parentId');
      const line = await lineOf(tx, input.parentId);
      if (line.includes(input.folderId))
        throw fieldError(BusinessCode.BAD_REQUEST, 'parentId', libraryMessages.folderLoop);
      if (line.length + 1 + (await heightBelow(tx, input.folderId)) > FOLDER_DEPTH_MAX)
        throw fieldError(BusinessCode.BAD_REQUEST, 'parentId', libraryMessages.folderTooDeep);
    }
    await refuseTakenName(tx, actor, input.parentId, input.name, input.folderId);
    await tx
      .update(fileFolder)
      .set({ name: input.name, parentId: input.parentId })
      .where(eq(fileFolder.id, input.folderId));
    await recordAudit(tx, actor, {
      action: before.parentId === input.parentId ? 'update' : 'move',
      targetType: 'file_folder',
      targetId: input.folderId,
      detail: { before: { name: before.name, parentId: before.parentId }, after: input },
    });
    return folderOf(tx, actor.tenantId, input.folderId, 'folderId');
  });

export const deleteFolder = (db: Db, actor: Actor, folderId: number) =>
  db.transaction(async (tx) => {
    const found = await folderOf(tx, actor.tenantId, folderId, 'folderId');
    const [children] = await tx
      .select({ n: count() })
      .from(fileFolder)
      .where(eq(fileFolder.parentId, folderId));
    if (found.fileCount > 0 || (children?.n ?? 0) > 0)
      throw new BusinessError(BusinessCode.CONFLICT, libraryMessages.folderNotEmpty);
    await tx.delete(fileFolder).where(eq(fileFolder.id, folderId));
    await recordAudit(tx, actor, {
      action: 'delete',
      targetType: 'file_folder',
      targetId: folderId,
      detail: { name: found.name },
    });
    return { folderId };
  });

/** The given files, locked, all visible to the actor; one unknown refuses the call. */
const lockFiles = async (db: Db, actor: Actor, uuids: string[]) => {
  const rows = await db
    .select({ uuid: file.uuid, folderId: file.folderId })
    .from(file)
    .where(and(inArray(file.uuid, uuids), visibleTo(actor.tenantId)))
    .for('update');
  if (rows.length !== uuids.length)
    throw fieldError(BusinessCode.NOT_FOUND, 'fileUuids', messages.fileNotFound);
  return rows;
};

export const moveFiles = (db: Db, actor: Actor, uuids: string[], folderId: number | null) =>
  db.transaction(async (tx) => {
    if (folderId !== null) await folderOf(tx, actor.tenantId, folderId, 'folderId');
    const rows = await lockFiles(tx, actor, uuids);
    await tx.update(file).set({ folderId }).where(inArray(file.uuid, uuids));
    for (const row of rows)
      await recordAudit(tx, actor, {
        action: 'move',
        targetType: 'file',
        targetId: row.uuid,
        detail: { before: { folderId: row.folderId }, after: { folderId } },
      });
    return uuids.map((fileUuid) => ({ fileUuid, folderId }));
  });

export const tagFiles = (db: Db, actor: Actor, uuids: string[], add: string[], remove: string[]) =>
  db.transaction(async (tx) => {
    await lockFiles(tx, actor, uuids);
    const removing = remove.filter((t) => !add.includes(t));
    if (removing.length > 0)
      await tx.delete(fileTag).where(and(inArray(fileTag.fileUuid, uuids), inArray(fileTag.tag, removing)));
    if (add.length > 0)
      await tx
        .insert(fileTag)
        .values(uuids.flatMap((fileUuid) => add.map((tag) => ({ fileUuid, tag }))))
        .onConflictDoNothing();
    const after = await tagsOf(tx, uuids);
    if ([...after.values()].some((tags) => tags.length > FILE_TAGS_PER_FILE_MAX))
      throw fieldError(BusinessCode.BAD_REQUEST, 'add', libraryMessages.tooManyTags);
    for (const fileUuid of uuids)
      await recordAudit(tx, actor, {
        action: 'update',
        targetType: 'file',
        targetId: fileUuid,
        detail: { tags: { add, remove: removing } },
      });
    return uuids.map((fileUuid) => ({ fileUuid, tags: after.get(fileUuid) ?? [] }));
  });

export const listTags = (db: Db, tenantId: number | null) =>
  db
    .select({ tag: fileTag.tag, fileCount: count() })
    .from(fileTag)
    .innerJoin(file, eq(file.uuid, fileTag.fileUuid))
    .where(visibleTo(tenantId))
    .groupBy(fileTag.tag)
    .orderBy(asc(fileTag.tag));

/** Throws unless the folder exists and the actor sees it (the chunked upload's destination). */
export const requireFolder = async (db: Db, tenantId: number | null, folderId: number) => {
  await folderOf(db, tenantId, folderId, 'folderId');
};

export const placeInFolder = (db: Db, uuid: string, folderId: number) =>
  db.update(file).set({ folderId }).where(eq(file.uuid, uuid));
