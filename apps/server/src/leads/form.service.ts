/**
 * 表单 as data (docs/decisions/049): the console's forms and their numbered field versions. A save that changes
 * the fields appends a version and moves `currentVersion`; versions are never edited, so an old lead is always
 * shown with the questions it answered. What visitors and leads read of a form is in live-form.service.ts.
 */
import {
  BusinessCode,
  type FormField,
  type FormKind,
  type FormPlacement,
  type FormRecord,
  formMessages,
  formPlaceMessages,
  SITE_ID,
} from '@yuexun/contract';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customerIntention, file, formVersion, leadForm } from '../db/schema';
import { fieldError, updateVersioned } from '../shared/admin/versioned';
import { type Actor, changedFields, recordAudit } from '../shared/audit';
import { currentVersionJoin } from './live-form.service';

type FormRow = typeof leadForm.$inferSelect;

const recordOf = (row: FormRow, fields: FormField[], leadCount: number): FormRecord => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  kind: row.kind,
  builtin: row.builtin,
  enabled: row.enabled,
  successMessage: row.successMessage,
  currentVersion: row.currentVersion,
  fields,
  placements: row.placements as FormPlacement[],
  downloadFileUuid: row.downloadFileUuid,
  leadCount,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const leadCounts = async (db: Db, ids: number[]) => {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ formId: customerIntention.formId, n: count() })
    .from(customerIntention)
    .where(inArray(customerIntention.formId, ids))
    .groupBy(customerIntention.formId);
  return new Map(rows.map((r) => [r.formId ?? 0, r.n]));
};

export const listForms = async (db: Db): Promise<FormRecord[]> => {
  const rows = await db
    .select({ form: leadForm, fields: formVersion.fields })
    .from(leadForm)
    .innerJoin(formVersion, currentVersionJoin)
    .where(eq(leadForm.siteId, SITE_ID))
    .orderBy(desc(leadForm.builtin), asc(leadForm.id));
  const counts = await leadCounts(
    db,
    rows.map((r) => r.form.id),
  );
  return rows.map((r) => recordOf(r.form, r.fields, counts.get(r.form.id) ?? 0));
};

export const formChoices = (db: Db) =>
  db
    .select({ id: leadForm.id, name: leadForm.name, kind: leadForm.kind })
    .from(leadForm)
    .where(eq(leadForm.siteId, SITE_ID))
    .orderBy(desc(leadForm.builtin), asc(leadForm.id));

const missing = { field: 'formId', message: formMessages.formMissing.replace('或已停用', '') };

export const formDetail = async (db: Db, formId: number): Promise<FormRecord> => {
  const [row] = await db
    .select({ form: leadForm, fields: formVersion.fields })
    .from(leadForm)
    .innerJoin(formVersion, currentVersionJoin)
    .where(and(eq(leadForm.siteId, SITE_ID), eq(leadForm.id, formId)));
  if (!row) throw fieldError(BusinessCode.NOT_FOUND, missing.field, missing.message);
  const counts = await leadCounts(db, [formId]);
  return recordOf(row.form, row.fields, counts.get(formId) ?? 0);
};

/** PostgreSQL's unique_violation, as the driver throws it or wrapped by drizzle (its cause). */
const isUniqueViolation = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  if ((error as { code?: unknown }).code === '23505') return true;
  return isUniqueViolation((error as { cause?: unknown }).cause);
};

const slugTaken = () => fieldError(BusinessCode.CONFLICT, 'slug', formMessages.slugTaken);

const slugInUse = async (tx: Db, slug: string, exceptId: number) => {
  const [row] = await tx
    .select({ id: leadForm.id })
    .from(leadForm)
    .where(and(eq(leadForm.siteId, SITE_ID), eq(leadForm.slug, slug)));
  return row !== undefined && row.id !== exceptId;
};

export interface NewForm {
  name: string;
  slug: string;
  kind: FormKind;
  successMessage: string;
  enabled?: boolean;
  fields: FormField[];
  placements?: FormPlacement[];
  downloadFileUuid?: string | null;
  requestKey: string;
}

/** A download form's file must be a public file of the library: visitors get its link after sending. */
const checkDownloadFile = async (tx: Db, uuid: string | null | undefined) => {
  if (!uuid) return;
  const [row] = await tx.select({ visibility: file.visibility }).from(file).where(eq(file.uuid, uuid));
  if (row?.visibility !== 'public')
    throw fieldError(BusinessCode.BAD_REQUEST, 'downloadFileUuid', formPlaceMessages.downloadFileMissing);
};

export const createForm = async (db: Db, actor: Actor, input: NewForm) => {
  const id = await db
    .transaction(async (tx) => {
      const [earlier] = await tx
        .select({ id: leadForm.id })
        .from(leadForm)
        .where(eq(leadForm.requestKey, input.requestKey));
      if (earlier) return earlier.id;
      if (await slugInUse(tx, input.slug, 0)) throw slugTaken();
      await checkDownloadFile(tx, input.downloadFileUuid);
      const [row] = await tx
        .insert(leadForm)
        .values({
          siteId: SITE_ID,
          slug: input.slug,
          name: input.name,
          kind: input.kind,
          successMessage: input.successMessage,
          enabled: input.enabled ?? true,
          placements: input.placements ?? [],
          downloadFileUuid: input.downloadFileUuid ?? null,
          requestKey: input.requestKey,
        })
        .returning({ id: leadForm.id });
      if (!row) throw new Error('insert returned no row');
      await tx
        .insert(formVersion)
        .values({ formId: row.id, version: 1, fields: input.fields, createdBy: actor.accountId });
      await recordAudit(tx, actor, {
        action: 'create',
        targetType: 'form',
        targetId: row.id,
        detail: { name: input.name, slug: input.slug, fields: input.fields.length },
      });
      return row.id;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw slugTaken();
      throw error;
    });
  return formDetail(db, id);
};

export interface FormChange {
  formId: number;
  version: number;
  name?: string;
  slug?: string;
  successMessage?: string;
  enabled?: boolean;
  fields?: FormField[];
  placements?: FormPlacement[];
  downloadFileUuid?: string | null;
}

const sameFields = (a: FormField[], b: FormField[]) => JSON.stringify(a) === JSON.stringify(b);

export const updateForm = async (db: Db, actor: Actor, input: FormChange) => {
  const { formId, version, fields, ...given } = input;
  await updateVersioned(db, actor, {
    table: leadForm,
    id: formId,
    version,
    missing,
    targetType: 'form',
    change: async (before, tx) => {
      const set: Partial<typeof leadForm.$inferInsert> = Object.fromEntries(
        Object.entries(given).filter(([, v]) => v !== undefined),
      );
      // The built-in forms keep their address: the site's own pages and the original actions name them.
      if (before.builtin && set.slug !== undefined && set.slug !== before.slug)
        throw fieldError(BusinessCode.BAD_REQUEST, 'slug', '内置表单的访问地址不能修改');
      if (set.slug !== undefined && (await slugInUse(tx, set.slug, formId))) throw slugTaken();
      await checkDownloadFile(tx, set.downloadFileUuid);
      const changes = changedFields(before, set);
      if (fields) {
        const [current] = await tx
          .select({ fields: formVersion.fields })
          .from(formVersion)
          .where(and(eq(formVersion.formId, formId), eq(formVersion.version, before.currentVersion)));
        if (!current || !sameFields(current.fields, fields)) {
          const next = before.currentVersion + 1;
          await tx.insert(formVersion).values({ formId, version: next, fields, createdBy: actor.accountId });
          set.currentVersion = next;
          changes.fieldsVersion = [before.currentVersion, next];
        }
      }
      if (Object.keys(changes).length === 0) return null;
      const toggled = 'enabled' in changes && Object.keys(changes).length === 1;
      return {
        set,
        action: toggled ? (set.enabled ? 'enable' : 'disable') : 'update',
        detail: { name: set.name ?? before.name, changes },
      };
    },
  }).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  });
  return formDetail(db, formId);
};
