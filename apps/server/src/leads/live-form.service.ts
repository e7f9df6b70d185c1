/**
 * The forms as a visitor's submission, the site's /form/{slug} page and the leads read them: a form with its
 * current fields, the built-in forms (created at start, `ensureBuiltinForms`) and the fields of old versions.
 * The console's editing of forms is in form.service.ts.
 */
import {
  BUILTIN_FORMS,
  BusinessCode,
  type FormField,
  type FormKind,
  type FormPlacement,
  formMessages,
  SITE_ID,
} from '@yuexun/contract';
import { and, arrayContains, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customerIntention, formVersion, leadForm } from '../db/schema';
import { fieldError } from '../shared/admin/versioned';

/** Joins a form to the version its visitors answer today. */
export const currentVersionJoin = and(
  eq(formVersion.formId, leadForm.id),
  eq(formVersion.version, leadForm.currentVersion),
);

/**
 * Creates the built-in 销售咨询 and 代理商申请 forms once; leads without a form (from before forms were data,
 * the demo's) are filed under them at version 1.
 */
export const ensureBuiltinForms = (db: Db) =>
  db.transaction(async (tx) => {
    for (const builtin of BUILTIN_FORMS) {
      const [created] = await tx
        .insert(leadForm)
        .values({
          siteId: SITE_ID,
          slug: builtin.slug,
          name: builtin.name,
          kind: builtin.kind,
          builtin: true,
          successMessage: builtin.successMessage,
        })
        .onConflictDoNothing()
        .returning({ id: leadForm.id });
      if (created)
        await tx.insert(formVersion).values({ formId: created.id, version: 1, fields: builtin.fields });
      const formId = created?.id ?? (await builtinFormId(tx, builtin.slug));
      if (formId === undefined) continue;
      await tx
        .update(customerIntention)
        .set({ formId, formVersion: 1 })
        .where(
          and(
            isNull(customerIntention.formId),
            eq(customerIntention.kind, builtin.kind === 'agent' ? 'agent' : 'sales'),
          ),
        );
    }
  });

/** A form as a submission or the site page needs it: its current fields. */
export interface LiveForm {
  id: number;
  slug: string;
  name: string;
  kind: FormKind;
  enabled: boolean;
  successMessage: string;
  currentVersion: number;
  fields: FormField[];
  placements: FormPlacement[];
  downloadFileUuid: string | null;
}

const liveColumns = {
  id: leadForm.id,
  slug: leadForm.slug,
  name: leadForm.name,
  kind: leadForm.kind,
  enabled: leadForm.enabled,
  successMessage: leadForm.successMessage,
  currentVersion: leadForm.currentVersion,
  fields: formVersion.fields,
  placements: leadForm.placements,
  downloadFileUuid: leadForm.downloadFileUuid,
};

/** The form by id or slug with its current fields, enabled or not; undefined when there is none. */
export const findLiveForm = async (
  db: Db,
  by: { formId?: number; slug?: string },
): Promise<LiveForm | undefined> => {
  const which = by.formId !== undefined ? eq(leadForm.id, by.formId) : eq(leadForm.slug, by.slug ?? '');
  const [row] = await db
    .select(liveColumns)
    .from(leadForm)
    .innerJoin(formVersion, currentVersionJoin)
    .where(and(eq(leadForm.siteId, SITE_ID), which));
  return row ? { ...row, placements: row.placements as FormPlacement[] } : undefined;
};

/** The enabled form placed at `place` (the newest wins when two are: the one staff placed last), or undefined. */
export const findPlacedForm = async (db: Db, place: FormPlacement): Promise<LiveForm | undefined> => {
  const [row] = await db
    .select(liveColumns)
    .from(leadForm)
    .innerJoin(formVersion, currentVersionJoin)
    .where(
      and(
        eq(leadForm.siteId, SITE_ID),
        eq(leadForm.enabled, true),
        arrayContains(leadForm.placements, [place]),
      ),
    )
    .orderBy(desc(leadForm.id))
    .limit(1);
  return row ? { ...row, placements: row.placements as FormPlacement[] } : undefined;
};

/** The form a visitor may send: it exists and is switched on. */
export const formForSubmission = async (db: Db, by: { formId?: number; slug?: string }) => {
  const form = await findLiveForm(db, by);
  if (!form?.enabled)
    throw fieldError(BusinessCode.BAD_REQUEST, by.formId ? 'formId' : 'slug', formMessages.formMissing);
  return form;
};

/** The built-in form's id (the original lead actions' leads are filed under it, version 1: their own fields). */
export const builtinFormId = async (db: Db, slug: string) => {
  const [row] = await db
    .select({ id: leadForm.id })
    .from(leadForm)
    .where(and(eq(leadForm.siteId, SITE_ID), eq(leadForm.slug, slug), eq(leadForm.builtin, true)));
  return row?.id;
};

/** The fields of each (form, version) asked for: what the lead drawer, the CSV and the PIPL export show. */
export const fieldsOfVersions = async (db: Db, wanted: { formId: number; version: number }[]) => {
  const found = new Map<string, FormField[]>();
  const ids = [...new Set(wanted.map((w) => w.formId))];
  if (ids.length === 0) return found;
  const rows = await db.select().from(formVersion).where(inArray(formVersion.formId, ids));
  for (const row of rows) found.set(`${row.formId}:${row.version}`, row.fields);
  return found;
};
