/**
 * A form's file fields (a 招标文件, issue 33): the files come with the form's own multipart post, are checked
 * by the field's size limit and by content (app.privateUploads: magic bytes, never the name), all of them
 * before any is kept, then stored PRIVATE with no owner, so only the lead drawer's link serves them
 * (lead-files.ts, for staff who may read that lead). Their answer is "<uuid>/<name>" (fileAnswerOf).
 */
import {
  BusinessCode,
  FORM_FILE_MB_DEFAULT,
  type FormField,
  fileAnswerOf,
  formMessages,
  readFileAnswer,
  SITE_ID,
} from '@yuexun/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { customerIntention as lead } from '../db/schema';
import { BusinessError } from '../shared/errors';

/** A file app.privateUploads found acceptable (its type, from the content). */
type CheckedUpload = NonNullable<Awaited<ReturnType<FastifyInstance['privateUploads']['check']>>>;

/** A file as the visitor's post carried it. */
export interface PostedFile {
  name: string;
  bytes: Uint8Array;
}

/** Documents and pictures: what a 招标文件 or a school's paperwork is (no audio, video or markup). */
const FORM_FILE_FORMATS: ReadonlySet<string> = new Set([
  'pdf',
  'docx',
  'xlsx',
  'pptx',
  'doc',
  'xls',
  'ppt',
  'png',
  'jpg',
  'gif',
  'webp',
  'txt',
  'csv',
  'zip',
]);

/** A placeholder id so the form's schema can check required file fields before any file is kept. */
export const PENDING_FILE = '00000000-0000-4000-8000-000000000000';

const refuse = (key: string, message: string) =>
  new BusinessError(BusinessCode.BAD_REQUEST, message, [{ field: key, message }]);

/** Checks every posted file of the form's file fields; throws the field's Chinese refusal, keeps nothing. */
export const checkFormFiles = async (
  app: FastifyInstance,
  fields: readonly FormField[],
  files: Record<string, PostedFile>,
) => {
  const checked: (CheckedUpload & { key: string })[] = [];
  for (const field of fields) {
    const posted = field.type === 'file' ? files[field.key] : undefined;
    if (!posted) continue;
    const limitMb = field.max ?? FORM_FILE_MB_DEFAULT;
    if (posted.bytes.length > limitMb * 1024 * 1024)
      throw refuse(field.key, formMessages.fileTooLarge(field.label, limitMb));
    const upload = await app.privateUploads.check(posted.name, posted.bytes, FORM_FILE_FORMATS);
    if (!upload) throw refuse(field.key, formMessages.fileRefused(field.label));
    checked.push({ ...upload, key: field.key });
  }
  return checked;
};

/** Stores the checked files; answers each field's stored answer and the ids kept (to drop on failure). */
export const storeFormFiles = async (
  app: FastifyInstance,
  checked: readonly (CheckedUpload & { key: string })[],
) => {
  const answers: Record<string, string> = {};
  const stored: string[] = [];
  try {
    for (const one of checked) {
      const { fileUuid, name } = await app.privateUploads.store(one);
      stored.push(fileUuid);
      answers[one.key] = fileAnswerOf(fileUuid, name);
    }
  } catch (error) {
    await app.privateUploads.drop(stored);
    throw error;
  }
  return { answers, stored };
};

export const dropFormFiles = (app: FastifyInstance, uuids: readonly string[]) =>
  app.privateUploads.drop(uuids);

/** The files sent with a phone number's leads (PIPL erasure removes them with the leads, leads-admin.ts). */
export const fileAnswersOfPhone = async (db: Db, phone: string) => {
  const rows = await db
    .select({ answers: lead.answers })
    .from(lead)
    .where(and(eq(lead.siteId, SITE_ID), eq(lead.phone, phone), isNotNull(lead.answers)));
  return rows.flatMap((row) =>
    Object.values(row.answers ?? {}).flatMap((answer) => {
      const found = readFileAnswer(answer);
      return found ? [found.fileUuid] : [];
    }),
  );
};
