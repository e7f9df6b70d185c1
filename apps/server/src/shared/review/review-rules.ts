/**
 * The rules of review before publishing that articles and products share (docs/decisions/051, 069): a decided
 * submission is not decided again, one's own submission is approved only where the site allows it, and a target
 * saved since its submission is not approved (409 naming the fields, read from the revision the submitted version
 * left). Each domain keeps its table and its fields; these take what they compare.
 */
import { BusinessCode, messages, type RevisionTarget, SITE_ID } from '@yuexun/contract';
import { and, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contentRevision, siteSettings } from '../../db/schema';
import type { Actor } from '../audit';
import { BusinessError } from '../errors';
import type { Snapshot } from '../revisions';

/** The first row the query answers, else 404 with this message. */
export const foundOr404 = async <T>(rows: PromiseLike<T[]>, message: string): Promise<T> => {
  const [row] = await rows;
  if (!row) throw new BusinessError(BusinessCode.NOT_FOUND, message);
  return row;
};

/** A submission already approved or returned answers 409. */
export const requirePending = <R extends { state: string }>(review: R): R => {
  if (review.state !== 'pending')
    throw new BusinessError(BusinessCode.CONFLICT, messages.reviewAlreadyDecided);
  return review;
};

const selfApprovalAllowed = async (tx: Db) => {
  const [row] = await tx
    .select({ values: siteSettings.values })
    .from(siteSettings)
    .where(eq(siteSettings.siteId, SITE_ID));
  return row?.values.reviewSelfApproval === 'allowed';
};

/** A reviewer approving their own submission is refused (403, `message`) unless the site setting allows it. */
export const refuseSelfApproval = async (
  tx: Db,
  actor: Actor,
  review: { submittedBy: number },
  message: string,
) => {
  if (review.submittedBy === actor.accountId && !(await selfApprovalAllowed(tx)))
    throw new BusinessError(BusinessCode.FORBIDDEN, message);
};

/** The target's newest saved revision (autosaves are not saves) that also meets `which`. */
export const lastSavedSnapshot = async (
  db: Db,
  targetType: RevisionTarget,
  targetId: number,
  which: SQL,
): Promise<Snapshot | undefined> => {
  const [last] = await db
    .select({ snapshot: contentRevision.snapshot })
    .from(contentRevision)
    .where(
      and(
        eq(contentRevision.siteId, SITE_ID),
        eq(contentRevision.targetType, targetType),
        eq(contentRevision.targetId, targetId),
        ne(contentRevision.kind, 'autosave'),
        which,
      ),
    )
    .orderBy(desc(contentRevision.id))
    .limit(1);
  return last?.snapshot;
};

/** The fields of the target saved since `baseVersion` (against the revision that version left), in `now`'s order. */
export const changedSinceBase = async (
  db: Db,
  target: { type: RevisionTarget; id: number; version: number },
  baseVersion: number,
  now: Snapshot,
): Promise<string[]> => {
  if (target.version === baseVersion) return [];
  const base = await lastSavedSnapshot(db, target.type, target.id, eq(contentRevision.version, baseVersion));
  const changed = Object.keys(now).filter(
    (key) => !base || JSON.stringify(base[key] ?? null) !== JSON.stringify(now[key] ?? null),
  );
  // Saved without a visible change (the same text again) still moved the version: name the save itself.
  return changed.length > 0 ? changed : ['version'];
};

/** 409 naming each changed field in Chinese (`labels`: the editor's names), with `errors` per field. */
export const refuseChanged = (
  fields: string[],
  labels: Record<string, string>,
  message: (names: string) => string,
): never => {
  const names = fields.map((f) => labels[f] ?? '保存记录');
  throw new BusinessError(
    BusinessCode.CONFLICT,
    message(names.join('、')),
    fields.map((field, i) => ({ field, message: `${names[i]}在提交审核后被修改` })),
  );
};
