/**
 * A designed form's page /form/{slug} (issue 33) without JavaScript: a POST to the page itself. Stored → 303
 * back with the outcome in the query (the form's success message shows); refused → the page again with
 * what the visitor typed and each field's Chinese message. The server checks the answers (compileFormSchema).
 */
import { HONEYPOT_FIELD, isLeadRefusal, type SiteForm } from '@yuexun/contract';
import { href } from './href';

export const FORM_RESULT_PARAM = 'sent';

export interface FormPageState {
  values: Record<string, string | string[]>;
  errors: Record<string, string>;
  formError: string | null;
  result: string | null;
}

interface PageContext {
  request: Request;
  url: URL;
  locals: App.Locals;
  response: { status?: number; headers: Headers };
}

export const handleFormPage = async (ctx: PageContext, form: SiteForm): Promise<Response | FormPageState> => {
  const { site } = ctx.locals;
  if (ctx.request.method !== 'POST') {
    const sent = ctx.url.searchParams.get(FORM_RESULT_PARAM);
    if (sent !== null) ctx.locals.page.private = true;
    return {
      values: {},
      errors: {},
      formError: null,
      result: sent === 'created' ? form.successMessage : null,
    };
  }
  const values: Record<string, string | string[]> = {};
  let website = '';
  const visit: { visitId?: string; browserId?: string } = {};
  try {
    const body = await ctx.request.formData();
    for (const field of form.fields) {
      if (field.type === 'multiple') {
        const picked = body.getAll(field.key).map(String);
        if (picked.length) values[field.key] = picked;
      } else {
        const v = body.get(field.key);
        if (v !== null && String(v) !== '') values[field.key] = String(v);
      }
    }
    website = String(body.get(HONEYPOT_FIELD) ?? '');
    // Filled by the layout's script when the page had JavaScript (访问轨迹); the server checks their form.
    for (const key of ['visitId', 'browserId'] as const) {
      const v = body.get(key);
      if (typeof v === 'string' && v !== '') visit[key] = v;
    }
  } catch {
    // An unreadable body is an empty form: every required field gets its message.
  }
  try {
    const outcome = await site.services.submitForm({
      slug: form.slug,
      answers: values,
      sourcePage: ctx.url.pathname.slice(0, 200),
      website: website || undefined,
      ...visit,
    });
    const back = new URLSearchParams({ [FORM_RESULT_PARAM]: outcome.duplicate ? 'duplicate' : 'created' });
    return new Response(null, {
      status: 303,
      headers: { location: `${href(site.basePath, `${ctx.url.pathname}?${back}`)}#form` },
    });
  } catch (error) {
    if (!isLeadRefusal(error)) throw error;
    ctx.response.status = 422;
    return { values, errors: error.fields, formError: error.message, result: null };
  }
};
