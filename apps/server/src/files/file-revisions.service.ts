/**
 * Replacing a file's content while keeping its address, and its revisions (decision 064). The current content
 * always lives under the file's uuid (every reader, backup and variant keeps working unchanged); an earlier
 * content is copied to a blob key of its own and recorded in file_revision. Replacing takes the bytes of a fresh
 * upload (uploadFile checked them by content, as any upload) and removes that upload's row.
 */
import { randomUUID } from 'node:crypto';
import { BusinessCode, type FileRevision, messages } from '@yuexun/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { account, file, fileRevision } from '../db/schema';
import { fieldError } from '../shared/admin/versioned';
import { type Actor, recordAudit } from '../shared/audit';
import { BusinessError } from '../shared/errors';
import { visibleTo } from './file-admin.service';
import { cleanFileName, kindOfFormat } from './file-checks';
import { fileUsageCount } from './file-usage';

/** A content: what a file row or a revision row says about its bytes. */
interface Content {
  name: string;
  size: number;
  format: string;
  contentType: string;
  sha256: string;
  /** A picture's size in pixels; null for other files and for pictures not yet measured. */
  width: number | null;
  height: number | null;
}

const contentColumns = {
  name: file.name,
  size: file.size,
  format: file.format,
  contentType: file.contentType,
  sha256: file.sha256,
  width: file.width,
  height: file.height,
};

const answer = (uuid: string, c: Content) => ({
  fileUuid: uuid,
  fileName: c.name,
  fileSize: c.size,
  format: c.format,
  sha256: c.sha256,
});

const lockVisible = async (tx: Db, tenantId: number | null, uuid: string, field: string) => {
  const [found] = await tx
    .select({ ...contentColumns, ownerAccountId: file.ownerAccountId, usedBy: fileUsageCount })
    .from(file)
    .where(and(eq(file.uuid, uuid), visibleTo(tenantId)))
    .for('update');
  if (!found) throw fieldError(BusinessCode.NOT_FOUND, field, messages.fileNotFound);
  return found;
};

const copyBlob = async (app: FastifyInstance, from: string, to: string) => {
  const body = await app.blobs.get(from);
  if (!body) throw new BusinessError(BusinessCode.NOT_FOUND, messages.fileNotFound);
  await app.blobs.put(to, body);
};

/**
 * Puts `next` under the file's uuid inside the caller's transaction: the current bytes are first copied to a
 * new revision key, then `nextKey`'s bytes are copied over them, then the rows change. When anything after the
 * overwrite fails, the old bytes are put back before the error goes on (the transaction rolls the rows back).
 */
const swapContent = async (
  app: FastifyInstance,
  tx: Db,
  actor: Actor,
  uuid: string,
  current: Content,
  next: Content & { key: string },
) => {
  const keptKey = randomUUID();
  await copyBlob(app, uuid, keptKey);
  try {
    await copyBlob(app, next.key, uuid);
    await tx.insert(fileRevision).values({
      fileUuid: uuid,
      blobKey: keptKey,
      ...current,
      replacedByAccountId: actor.accountId,
    });
    await tx
      .update(file)
      .set({
        name: cleanFileName(current.name, next.format),
        size: next.size,
        format: next.format,
        contentType: next.contentType,
        sha256: next.sha256,
        width: next.width,
        height: next.height,
        contentUpdatedAt: new Date(),
      })
      .where(eq(file.uuid, uuid));
  } catch (error) {
    await copyBlob(app, keptKey, uuid).catch((e: unknown) =>
      app.log.error({ err: e, uuid }, 'file content not put back after a failed replace'),
    );
    await app.blobs.delete(keptKey).catch(() => undefined);
    throw error;
  }
  return cleanFileName(current.name, next.format);
};

const refusePictureToOther = (current: Content, next: Content) => {
  if (kindOfFormat(current.format).image && !kindOfFormat(next.format).image)
    throw fieldError(BusinessCode.BAD_REQUEST, 'withFileUuid', messages.fileReplaceNotPicture(next.format));
};

/** Every cache that may hold the old content: the picture copies and crops (pages are cleared by the registry). */
const forgetCopies = (app: FastifyInstance, uuid: string) =>
  app.imageVariants
    .forget(uuid)
    .catch((error: unknown) => app.log.warn({ err: error, uuid }, 'picture variants delete failed'));

export const replaceFile = async (app: FastifyInstance, actor: Actor, uuid: string, withUuid: string) => {
  if (uuid === withUuid) throw fieldError(BusinessCode.BAD_REQUEST, 'withFileUuid', messages.fileReplaceSelf);
  const result = await app.db.transaction(async (tx) => {
    const current = await lockVisible(tx, actor.tenantId, uuid, 'fileUuid');
    const next = await lockVisible(tx, actor.tenantId, withUuid, 'withFileUuid');
    // Only the actor's own fresh upload: never another file in use (its address would break) or someone else's.
    if (next.ownerAccountId !== actor.accountId || next.usedBy > 0)
      throw fieldError(BusinessCode.BAD_REQUEST, 'withFileUuid', messages.fileReplaceNotFresh);
    refusePictureToOther(current, next);
    const name = await swapContent(app, tx, actor, uuid, current, { ...next, key: withUuid });
    await tx.delete(file).where(eq(file.uuid, withUuid));
    await recordAudit(tx, actor, {
      action: 'replace',
      targetType: 'file',
      targetId: uuid,
      detail: {
        before: { name: current.name, size: current.size, sha256: current.sha256 },
        after: { name, size: next.size, sha256: next.sha256 },
      },
    });
    return { ...next, name };
  });
  await app.blobs
    .delete(withUuid)
    .catch((error: unknown) => app.log.warn({ err: error, uuid: withUuid }, 'blob delete failed'));
  await forgetCopies(app, uuid);
  return answer(uuid, result);
};

export const restoreFileRevision = async (
  app: FastifyInstance,
  actor: Actor,
  uuid: string,
  revisionId: number,
) => {
  const result = await app.db.transaction(async (tx) => {
    const current = await lockVisible(tx, actor.tenantId, uuid, 'fileUuid');
    const [revision] = await tx
      .select()
      .from(fileRevision)
      .where(and(eq(fileRevision.id, revisionId), eq(fileRevision.fileUuid, uuid)));
    if (!revision) throw fieldError(BusinessCode.NOT_FOUND, 'revisionId', messages.fileRevisionNotFound);
    refusePictureToOther(current, revision);
    const name = await swapContent(app, tx, actor, uuid, current, { ...revision, key: revision.blobKey });
    await recordAudit(tx, actor, {
      action: 'restore',
      targetType: 'file',
      targetId: uuid,
      detail: {
        revisionId,
        before: { name: current.name, size: current.size, sha256: current.sha256 },
        after: { name, size: revision.size, sha256: revision.sha256 },
      },
    });
    return { ...revision, name };
  });
  await forgetCopies(app, uuid);
  return answer(uuid, result);
};

export const listFileRevisions = async (
  db: Db,
  tenantId: number | null,
  uuid: string,
): Promise<FileRevision[]> => {
  const [found] = await db
    .select({ uuid: file.uuid })
    .from(file)
    .where(and(eq(file.uuid, uuid), visibleTo(tenantId)));
  if (!found) throw fieldError(BusinessCode.NOT_FOUND, 'fileUuid', messages.fileNotFound);
  const rows = await db
    .select({
      id: fileRevision.id,
      fileName: fileRevision.name,
      fileSize: fileRevision.size,
      sha256: fileRevision.sha256,
      format: fileRevision.format,
      contentType: fileRevision.contentType,
      replacedByName: account.name,
      replacedAt: fileRevision.replacedAt,
    })
    .from(fileRevision)
    .leftJoin(account, eq(account.id, fileRevision.replacedByAccountId))
    .where(eq(fileRevision.fileUuid, uuid))
    .orderBy(desc(fileRevision.id));
  return rows.map((r) => ({ ...r, fileUuid: uuid, replacedAt: r.replacedAt.toISOString() }));
};
