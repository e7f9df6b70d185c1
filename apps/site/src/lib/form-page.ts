/**
 * A designed form's page /form/{slug} (issue 33) without JavaScript: a POST to the page itself. Stored → 303
 * back with the outcome in the query (the form's success message shows); refused → the page again with
 * what the visitor typed and each field's Chinese message. The server checks the answers (compileFormSchema).
 */
import { HONEYPOT_FIELD, isLeadRefusal, messages, type SiteForm } from '@yuexun/contract';
import { formPageText } from '../locales/zh-CN';
import { href } from './href';

export const FORM_RESULT_PARAM = 'sent';
/** The page a placed form was sent from (its action names it), where the visitor returns. */
export const FORM_FROM_PARAM = 'from';
/** Set by the server on a post too large to read (form-posts.ts). */
export const FORM_TOO_LARGE_HEADER = 'x-yx-form-too-large';
/** A path of this site: one leading slash, no scheme or host, nothing odd. */
const SITE_PATH = /^\/(?!\/)[A-Za-z0-9\-._~/?=&%]{0,300}$/;

/** The site page a placed form was sent from, when its `from` is a path of this site. */
const placedOn = (url: URL) => {
  const from = url.searchParams.get(FORM_FROM_PARAM) ?? '';
  return SITE_PATH.test(from) ? from : null;
};

/** The page's path without the site's base path (`/yx/form/x` → `/form/x`). */
const sitePathOf = (pathname: string, basePath: string) => {
  const base = basePath.replace(/\/$/, '');
  return base && pathname.startsWith(base) ? pathname.slice(base.length) || '/' : pathname;
};

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
  const files: Record<string, { name: string; bytes: Uint8Array }> = {};
  let website = '';
  const visit: { visitId?: string; browserId?: string } = {};
  if (ctx.request.headers.get(FORM_TOO_LARGE_HEADER)) {
    // The server read none of a post past its limit (form-posts.ts): say so instead of each field's message.
    ctx.response.status = 413;
    return { values, errors: {}, formError: formPageText.tooLarge, result: null };
  }
  try {
    const body = await ctx.request.formData();
    for (const field of form.fields) {
      if (field.type === 'file') {
        // A file input left empty still sends a part: no name, no bytes. The server checks the content.
        const posted = body.get(field.key);
        if (posted instanceof File && posted.size > 0)
          files[field.key] = { name: posted.name, bytes: new Uint8Array(await posted.arrayBuffer()) };
      } else if (field.type === 'multiple') {
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
      // The page the form was placed on is where the lead came from; else the form's own page.
      sourcePage: (placedOn(ctx.url) ?? ctx.url.pathname).slice(0, 200),
      website: website || undefined,
      ...visit,
      files,
    });
    const back = new URLSearchParams({ [FORM_RESULT_PARAM]: outcome.duplicate ? 'duplicate' : 'created' });
    // A form placed under an article or product goes back there (only a path of this site, decision 056).
    const page = placedOn(ctx.url) ?? sitePathOf(ctx.url.pathname, site.basePath);
    const [path, query = ''] = page.split('?');
    const params = new URLSearchParams(query);
    params.set(FORM_RESULT_PARAM, back.get(FORM_RESULT_PARAM) ?? 'created');
    return new Response(null, {
      status: 303,
      headers: { location: `${href(site.basePath, `${path}?${params}`)}#form-${form.slug}` },
    });
  } catch (error) {
    if (!isLeadRefusal(error)) throw error;
    ctx.response.status = 422;
    return { values, errors: error.fields, formError: error.message, result: null };
  }
};

/**
 * A placed form's state on the page it is placed on (GET only: it posts to /form/{slug}): the form's thanks
 * after `?sent=created` (that answer is the visitor's own, never cached), else an empty form.
 */
export const placedFormState = (ctx: Pick<PageContext, 'url' | 'locals'>, form: SiteForm): FormPageState => {
  const sent = ctx.url.searchParams.get(FORM_RESULT_PARAM);
  if (sent !== null) ctx.locals.page.private = true;
  const result =
    sent === 'created' ? form.successMessage : sent === 'duplicate' ? messages.leadDuplicate : null;
  return { values: {}, errors: {}, formError: null, result };
};
