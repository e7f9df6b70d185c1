/** 站点管理 → 表单 (staff with forms.write): list, detail, create and edit; the lead list's form filter. */
import {
  createFormAdmin,
  inquireFormChoicesAdmin,
  inquireFormDetailAdmin,
  inquireFormListAdmin,
  ok,
  updateFormAdmin,
} from '@yuexun/contract';
import { implement } from '../http/registry';
import { createForm, formChoices, formDetail, listForms, updateForm } from './form.service';

export const formAdminActions = [
  implement(inquireFormListAdmin, async ({ app }) => ok(await listForms(app.db))),
  implement(inquireFormDetailAdmin, async ({ input, app }) => ok([await formDetail(app.db, input.formId)])),
  implement(createFormAdmin, async ({ input, app, actor }) => {
    const { siteId: _siteId, ...form } = input;
    return ok([await createForm(app.db, actor, form)]);
  }),
  implement(updateFormAdmin, async ({ input, app, actor }) => {
    const { siteId: _siteId, ...change } = input;
    return ok([await updateForm(app.db, actor, change)]);
  }),
  implement(inquireFormChoicesAdmin, async ({ app }) => ok(await formChoices(app.db))),
];
