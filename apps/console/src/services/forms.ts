/** 站点管理 → 表单 calls (store base, forms.write): the forms with their current fields; saves send JSON. */
import {
  createFormAdmin,
  type FormField,
  type FormKind,
  type FormPlacement,
  type FormRecord,
  inquireFormListAdmin,
  updateFormAdmin,
} from '@yuexun/contract';
import { call, callOne, JSON_BODY } from './client';

export const listForms = async () => (await call(inquireFormListAdmin, {})).datas;

export interface FormValues {
  name: string;
  slug: string;
  kind: FormKind;
  successMessage: string;
  enabled: boolean;
  fields: FormField[];
  placements: FormPlacement[];
  downloadFileUuid: string | null;
}

/** Refusals (a slug in use, a field problem) are left to the form: quiet. */
export const createForm = (values: FormValues, requestKey: string) =>
  callOne(
    createFormAdmin,
    // Only 预约演示, 资料下载 and 自定义 are created; the server refuses the built-in kinds.
    { ...values, kind: values.kind as 'demo' | 'download' | 'custom', requestKey },
    { ...JSON_BODY, quiet: true },
  );

export const updateForm = (form: FormRecord, change: Partial<Omit<FormValues, 'kind'>>, quiet = false) =>
  callOne(updateFormAdmin, { ...change, formId: form.id, version: form.version }, { ...JSON_BODY, quiet });
