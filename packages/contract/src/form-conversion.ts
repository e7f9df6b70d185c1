/**
 * 表单转化 on the statistics dashboard (issue 33 item 4, docs/decisions/057-lead-score.md): per form, the page
 * views on which it was shown, the leads sent with it and their rate. A view is counted from the statistics
 * beacon, which names the forms the page rendered (their `data-form` slugs), so it does not matter where a
 * form is placed (its own page, under an article or product, a home-page section).
 */
import { z } from 'zod';
import { defineAction } from './action';
import { siteScoped } from './fields';
import { FORM_KINDS } from './form-labels';
import { statsRangeField } from './stats';

/** The attribute a site page puts on each form it renders: the form's slug. */
export const FORM_VIEW_ATTRIBUTE = 'data-form';
/** Forms counted per beacon (a page shows one or two; the rest of a longer list is ignored). */
export const FORM_VIEWS_PER_BEACON = 5;

export const formConversionRow = z.object({
  formId: z.number().int(),
  name: z.string(),
  kind: z.enum(FORM_KINDS),
  /** Page views that showed the form (counted by the beacon: pages seen without JavaScript are not). */
  views: z.number().int(),
  /** Leads sent with the form in the period (with or without JavaScript, every version). */
  submissions: z.number().int(),
  /** submissions ÷ views, at most 1 (no-JavaScript submissions have no counted view); 0 without views. */
  rate: z.number(),
});
export type FormConversionRow = z.infer<typeof formConversionRow>;

export const inquireFormConversionAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireFormConversionAdmin',
  auth: 'admin',
  permission: 'stats.read',
  scope: 'site',
  summary: '表单转化：每个表单在所选时间范围内的展示页面浏览量、提交数和转化率，按提交数排序',
  input: siteScoped.extend({ range: statsRangeField }),
  item: formConversionRow,
  result: 'list',
});
