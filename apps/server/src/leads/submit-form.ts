/**
 * A designed form's submission (issue 33), by the API (`submitFormSALEPPublic`) or the /form/{slug} page's
 * post: the form must exist and be switched on, the answers must pass its current version's schema
 * (compileFormSchema: unknown fields, missing required ones and wrong types are refused with the field's
 * Chinese message, nothing stored); then it is a lead like any other (submitLead: honeypot, limits, routing).
 */
import {
  AGENT_TEAM_SIZES,
  type AgentTeamSize,
  BusinessCode,
  compileFormSchema,
  describeIssues,
  type FormAnswers,
  type FormField,
  fileAnswerOf,
  formMessages,
  HONEYPOT_FIELD,
  messages,
  type ReceivedLead,
  SCHOOL_TYPES,
  type SubmitFormInput,
  teamSizeLabels,
} from '@yuexun/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BusinessError } from '../shared/errors';
import { checkFormFiles, dropFormFiles, PENDING_FILE, type PostedFile, storeFormFiles } from './form-files';
import { formForSubmission, type LiveForm } from './live-form.service';
import { type SubmittedLead, submitLead } from './submit-lead';

/** Compiled schemas by form and version: a version never changes, so neither does its schema. */
const schemas = new Map<string, ReturnType<typeof compileFormSchema>>();
const SCHEMAS_KEPT = 200;

const schemaOf = (form: LiveForm) => {
  const key = `${form.id}:${form.currentVersion}`;
  let schema = schemas.get(key);
  if (!schema) {
    if (schemas.size >= SCHEMAS_KEPT) schemas.clear();
    schema = compileFormSchema(form.fields);
    schemas.set(key, schema);
  }
  return schema;
};

/** Checks the answers against the form; throws the 400 refusal naming each wrong field. */
export const checkAnswers = (form: LiveForm, answers: Record<string, unknown>): FormAnswers => {
  const parsed = schemaOf(form).safeParse(answers);
  if (parsed.success) return parsed.data;
  const { errors, summary } = describeIssues(parsed.error.issues);
  throw new BusinessError(BusinessCode.BAD_REQUEST, summary, errors);
};

const textOf = (answers: FormAnswers, key: string) => {
  const v = answers[key];
  return typeof v === 'string' ? v : '';
};

/** The first answer of a field of this type. */
const firstOfType = (fields: readonly FormField[], answers: FormAnswers, type: FormField['type']) => {
  const found = fields.find((f) => f.type === type && typeof answers[f.key] === 'string');
  return found ? (answers[found.key] as string) : '';
};

const teamSizeOf = (label: string): AgentTeamSize =>
  AGENT_TEAM_SIZES.find((size) => teamSizeLabels[size] === label || size === label) ?? '1-9';

/**
 * The lead's columns the console lists and searches (联系人, 手机号, 学校, 地区 …) from the answers: by the
 * built-in forms' keys, else the first field of the matching type. Every answer is kept in `answers` besides.
 */
const leadOf = (form: LiveForm, answers: FormAnswers, input: SubmitFormInput): ReceivedLead => {
  const { fields } = form;
  const phone = textOf(answers, 'phone') || firstOfType(fields, answers, 'mobile');
  const region = textOf(answers, 'region') || firstOfType(fields, answers, 'region');
  const consent = fields.some((f) => f.type === 'consent' && answers[f.key] === true);
  const common = {
    siteId: input.siteId,
    contactName: textOf(answers, 'contactName'),
    phone,
    region,
    message: textOf(answers, 'message') || undefined,
    privacyConsent: consent as true,
    sourcePage: input.sourcePage,
    landingPage: input.landingPage,
    referrer: input.referrer,
    visitId: input.visitId,
    browserId: input.browserId,
    [HONEYPOT_FIELD]: input[HONEYPOT_FIELD],
    form: { formId: form.id, formVersion: form.currentVersion, answers },
  };
  if (form.kind === 'agent') {
    return {
      kind: 'agent',
      ...common,
      companyName: textOf(answers, 'companyName'),
      businessScope: textOf(answers, 'businessScope'),
      teamSize: teamSizeOf(textOf(answers, 'teamSize')),
    };
  }
  const schoolType = textOf(answers, 'schoolType') || firstOfType(fields, answers, 'schoolType');
  return {
    kind: 'sales',
    ...common,
    schoolName: textOf(answers, 'schoolName'),
    role: textOf(answers, 'role'),
    schoolType: SCHOOL_TYPES.find((known) => known === schoolType),
  };
};

export interface SubmittedForm extends SubmittedLead {
  form: LiveForm;
}

export const submitForm = async (
  app: FastifyInstance,
  request: FastifyRequest,
  input: SubmitFormInput,
  posted: Record<string, PostedFile> = {},
): Promise<SubmittedForm> => {
  const form = await formForSubmission(app.db, { formId: input.formId, slug: input.slug });
  const files = Object.fromEntries(Object.entries(posted).filter(([, f]) => f.bytes.length > 0));
  const asked: Record<string, unknown> = { ...input.answers };
  for (const field of form.fields) {
    if (field.type !== 'file') continue;
    // Only the post's own file counts: a typed answer (an id) could name someone else's private file.
    if (asked[field.key] !== undefined && asked[field.key] !== '')
      throw new BusinessError(BusinessCode.BAD_REQUEST, formMessages.fileNotSent(field.label), [
        { field: field.key, message: formMessages.fileNotSent(field.label) },
      ]);
    const file = files[field.key];
    asked[field.key] = file ? fileAnswerOf(PENDING_FILE, file.name || 'file') : undefined;
  }
  const checkedAnswers = checkAnswers(form, asked);
  // Every file is checked before any is kept: a refusal stores nothing.
  const checkedFiles = await checkFormFiles(app, form.fields, files);
  const { answers: fileAnswers, stored } = await storeFormFiles(app, checkedFiles);
  const answers = { ...checkedAnswers, ...fileAnswers };
  let submitted: SubmittedLead;
  try {
    submitted = await submitLead(app, request, leadOf(form, answers, input));
  } catch (error) {
    await dropFormFiles(app, stored);
    throw error;
  }
  // A repeat within the window keeps the earlier lead, a caught bot none: no lead holds these files.
  if (submitted.id === 0 || submitted.message === messages.leadDuplicate) await dropFormFiles(app, stored);
  // The form's own thanks for a new lead; a repeat within the window says so as today.
  const message = submitted.message === messages.leadDuplicate ? submitted.message : form.successMessage;
  return { ...submitted, message, form };
};
