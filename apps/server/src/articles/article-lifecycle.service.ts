/**
 * An article's life after its first save: revisions (what each save left), explicit status changes
 * (publish, schedule, take offline, back to draft), the editor's autosave, restoring a revision,
 * and delete into the recycle bin and back. Each write locks the row and checks its version.
 */
import {
  type ArticleStatus,
  type ArticleUpdateFields,
  BusinessCode,
  messages,
  type Permission,
  SITE_ID,
} from '@yuexun/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { article, category } from '../db/schema';
import { fieldError, updateVersioned } from '../shared/admin/versioned';
import { type Actor, changedFields, recordAudit } from '../shared/audit';
import { requirePermission } from '../shared/auth/permissions';
import { deleteToBin } from '../shared/recycle-bin';
import { getRevision, recordRevision, saveAutosave, toSnapshot } from '../shared/revisions';

type ArticleRow = typeof article.$inferSelect;

/** The fields a revision keeps: everything an editor can change. */
export const articleSnapshot = (row: ArticleRow) =>
  toSnapshot({
    title: row.title,
    categoryId: row.categoryId,
    summary: row.summary,
    bodyHtml: row.bodyHtml,
    coverFileUuid: row.coverFileUuid,
    tags: row.tags,
    author: row.author,
    source: row.source,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    sort: row.sort,
    status: row.status,
    publishTime: row.publishTime,
  });

/**
 * When the article first went live, or null if never: rows from before the column (and seeded
 * ones) count as live since their publish time unless they are drafts.
 */
export const firstLiveOf = (row: { status: string; publishTime: Date; firstPublishedAt: Date | null }) =>
  row.firstPublishedAt ?? (row.status === 'draft' ? null : row.publishTime);

const MISSING = { field: 'articleId', message: messages.articleNotFound };

/** Published or scheduled: what visitors see (or will see at its time) without anyone's further step. */
export const isLiveStatus = (status: string) => status === 'published' || status === 'scheduled';

/**
 * Writing stops short of the site without articles.publish (docs/decisions/051): a writer may not make an article
 * live, nor change or delete one that is live; their change goes through 提交审核 instead.
 */
export const requirePublishFor = (held: readonly Permission[], ...statuses: (string | undefined)[]) => {
  if (statuses.some((s) => s !== undefined && isLiveStatus(s))) requirePermission(held, 'articles.publish');
};

const readRow = async (db: Db, id: number) => {
  const [row] = await db.select().from(article).where(eq(article.id, id));
  if (!row) throw fieldError(BusinessCode.NOT_FOUND, 'articleId', messages.articleNotFound);
  return row;
};

/** Writes the revision of the save just made (inside its transaction). */
export const recordArticleRevision = async (
  tx: Db,
  actor: Actor,
  id: number,
  kind: 'create' | 'update' | 'restore' | 'status' | 'approve',
) => {
  const row = await readRow(tx, id);
  await recordRevision(tx, actor, {
    targetType: 'article',
    targetId: id,
    kind,
    version: row.version,
    snapshot: articleSnapshot(row),
  });
  return row;
};

const AUDIT_OF_STATUS: Record<ArticleStatus, 'publish' | 'schedule' | 'unpublish' | 'draft'> = {
  published: 'publish',
  scheduled: 'schedule',
  offline: 'unpublish',
  draft: 'draft',
};

/**
 * The status columns of a change to `status`: a schedule needs a future time, a publish a past one (or none:
 * republishing keeps the first publish date, a first publish dates it now).
 */
export const statusColumns = (
  before: ArticleRow,
  input: { status: ArticleStatus; publishTime?: Date },
  now: Date,
) => {
  let publishTime = before.publishTime;
  if (input.status === 'scheduled') {
    if (!input.publishTime || input.publishTime <= now)
      throw fieldError(BusinessCode.BAD_REQUEST, 'publishTime', messages.scheduledNeedsFutureTime);
    publishTime = input.publishTime;
  } else if (input.status === 'published') {
    if (input.publishTime && input.publishTime > now)
      throw fieldError(BusinessCode.BAD_REQUEST, 'publishTime', messages.publishedTimeInFuture);
    const firstLive = firstLiveOf(before);
    publishTime = input.publishTime ?? (firstLive && firstLive <= now ? firstLive : now);
  }
  return {
    status: input.status,
    publishTime,
    firstPublishedAt: firstLiveOf(before) ?? (isLiveStatus(input.status) ? publishTime : null),
  };
};

/**
 * Publish, schedule, take offline or return to draft. Publishing again keeps the first publish
 * date (the article keeps its place in the news order); a first publish dates it now.
 */
export const changeArticleStatus = async (
  db: Db,
  actor: Actor,
  input: { articleId: number; version: number; status: ArticleStatus; publishTime?: Date },
) =>
  updateVersioned(db, actor, {
    table: article,
    id: input.articleId,
    version: input.version,
    missing: MISSING,
    targetType: 'article',
    change: (before) => {
      const now = new Date();
      const set = statusColumns(before, input, now);
      return {
        set,
        at: now,
        action: AUDIT_OF_STATUS[input.status],
        detail: {
          title: before.title,
          changes: changedFields(before, { status: input.status, publishTime: set.publishTime }),
        },
      };
    },
    after: async (tx) => {
      const after = await recordArticleRevision(tx, actor, input.articleId, 'status');
      return { id: after.id, version: after.version, status: after.status };
    },
  });

/** Keeps what an editor typed as an unpublished draft revision; the article itself is unchanged. */
export const autosaveArticle = async (
  db: Db,
  actor: Actor,
  input: ArticleUpdateFields & { articleId: number; version: number },
) => {
  const { articleId, version, ...fields } = input;
  const row = await readRow(db, articleId);
  const typed = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  return saveAutosave(db, actor, {
    targetType: 'article',
    targetId: articleId,
    version,
    snapshot: { ...articleSnapshot(row), ...toSnapshot(typed) },
  });
};

/** The content fields a restore (or an approved submission) brings back; the publish state stays as it is now. */
export const restorable = (snapshot: Record<string, unknown>) => ({
  title: String(snapshot.title ?? ''),
  categoryId: Number(snapshot.categoryId),
  summary: String(snapshot.summary ?? ''),
  bodyHtml: String(snapshot.bodyHtml ?? ''),
  coverFileUuid: (snapshot.coverFileUuid as string | null) ?? null,
  tags: (snapshot.tags as string[] | null) ?? [],
  author: String(snapshot.author ?? ''),
  source: String(snapshot.source ?? ''),
  seoTitle: (snapshot.seoTitle as string | null) ?? null,
  seoDescription: (snapshot.seoDescription as string | null) ?? null,
  sort: Number(snapshot.sort ?? 100),
});

/** Brings an earlier revision's content back as a new save (its own revision and audit row). */
export const restoreArticleRevision = async (
  db: Db,
  actor: Actor,
  input: { targetId: number; revisionId: number; version: number },
  held: readonly Permission[],
) =>
  db.transaction(async (tx) => {
    const values = restorable((await getRevision(tx, 'article', input.targetId, input.revisionId)).snapshot);
    return updateVersioned(tx, actor, {
      table: article,
      id: input.targetId,
      version: input.version,
      missing: MISSING,
      targetType: 'article',
      change: async (before, t) => {
        requirePublishFor(held, before.status);
        const [cat] = await t
          .select({ id: category.id })
          .from(category)
          .where(and(eq(category.siteId, SITE_ID), eq(category.id, values.categoryId)));
        if (!cat) throw fieldError(BusinessCode.BAD_REQUEST, 'revisionId', messages.restoreCategoryGone);
        return {
          set: values,
          action: 'restore',
          detail: {
            title: values.title,
            revisionId: input.revisionId,
            changes: changedFields(before, values),
          },
        };
      },
      after: async (t) => {
        const saved = await recordArticleRevision(t, actor, input.targetId, 'restore');
        return { id: saved.id, version: saved.version };
      },
    });
  });

/** Delete = into the recycle bin, whole, while the version still matches (409 otherwise). */
export const deleteArticleToBin = (
  db: Db,
  actor: Actor,
  id: number,
  version: number,
  held: readonly Permission[],
) =>
  deleteToBin(db, actor, {
    table: article,
    targetType: 'article',
    id,
    version,
    missing: MISSING,
    guard: (row) => requirePublishFor(held, row.status),
    describe: (row) => ({ title: row.title, detail: { title: row.title } }),
  });

/**
 * Puts a deleted article back under its id. It comes back offline (下线) if it had been live, so
 * that nothing reappears on the site without a deliberate publish.
 */
export const restoreArticleFromBin = async (tx: Db, actor: Actor, payload: Record<string, unknown>) => {
  const row = payload as Record<string, unknown> & { id: number; categoryId: number; title: string };
  const [cat] = await tx
    .select({ id: category.id })
    .from(category)
    .where(and(eq(category.siteId, SITE_ID), eq(category.id, row.categoryId)));
  if (!cat) throw fieldError(BusinessCode.BAD_REQUEST, 'entryId', messages.restoreCategoryGone);
  const date = (v: unknown) => (typeof v === 'string' ? new Date(v) : new Date());
  const wasLive = row.status === 'published' || row.status === 'scheduled';
  const { requestKey: _key, ...rest } = row;
  await tx.insert(article).values({
    ...(rest as typeof article.$inferInsert),
    id: row.id,
    status: wasLive ? 'offline' : (row.status as ArticleStatus),
    publishTime: date(row.publishTime),
    firstPublishedAt: row.firstPublishedAt ? date(row.firstPublishedAt) : null,
    createdAt: date(row.createdAt),
    updatedAt: new Date(),
    version: Number(row.version) + 1,
  });
  await recordArticleRevision(tx, actor, row.id, 'restore');
  await recordAudit(tx, actor, {
    action: 'restore',
    targetType: 'article',
    targetId: row.id,
    detail: { title: row.title, from: 'recycle_bin' },
  });
};
