/**
 * The lead form, 销售咨询 or 代理商申请 (`kind`). Rendered on the server as a plain POST form (works with
 * JavaScript off); once visible it hydrates: live validation with the contract's schema, and submission
 * through the shared request layer with the button disabled while a submission is in flight.
 */
import {
  BUILTIN_FORM_SLUGS,
  createAgentApplicationSALEPPublic,
  createCustomerIntentionSALEPPublic,
  HONEYPOT_FIELD,
  type LeadKind,
  type LeadSubmission,
} from '@yuexun/contract';
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { LEAD_FORM_FIELDS, type LeadFormState, type LeadValues, validateLead } from '../lib/lead-form';
// Imported statically: a dynamic import would make Vite preload its chunks from '/_astro/', outside BASE_PATH.
import { setNotifier, siteClient } from '../lib/request-client';
import { readVisit, type Visit } from '../lib/visit';
import { lead as words } from '../locales/zh-CN';
import { LeadFormField } from './LeadFormField';
import { LeadResult } from './LeadResult';

interface Props extends LeadFormState {
  /** sales (the default) or agent. */
  kind?: LeadKind;
  action: string;
  sourcePage: string;
  interestedProductId?: number;
  heading?: string;
  intro?: string;
  /** The 隐私政策 page (with BASE_PATH) the consent line links to. */
  privacyHref: string;
}

/** The lead through its kind's action, with the visit the layout's script kept (attribution). */
const send = (data: LeadSubmission, visit: Partial<Visit>) => {
  const options = { skipErrorHandler: true };
  if (data.kind === 'agent') {
    const { kind: _kind, siteId: _siteId, ...input } = data;
    return siteClient.callAction(createAgentApplicationSALEPPublic, { ...input, ...visit }, options);
  }
  const { kind: _kind, siteId: _siteId, ...input } = data;
  return siteClient.callAction(createCustomerIntentionSALEPPublic, { ...input, ...visit }, options);
};

export default function LeadForm(props: Props) {
  const kind = props.kind ?? 'sales';
  const labels: Record<string, string> = kind === 'agent' ? words.agentLabels : words.labels;
  const placeholders: Record<string, string> =
    kind === 'agent' ? words.agentPlaceholders : words.placeholders;
  const fields = LEAD_FORM_FIELDS[kind];
  const [values, setValues] = useState<LeadValues>(props.values);
  const [errors, setErrors] = useState<Record<string, string>>(props.errors);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [formError, setFormError] = useState<string | null>(props.formError);
  const [result, setResult] = useState<string | null>(props.result);
  const [qrCode, setQrCode] = useState<string | null>(props.qrCode);
  const [wecomLink, setWecomLink] = useState<string | null>(props.wecomLink);
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  // The server's answer is shown where the visitor looks: on a phone the fields clear below the fold
  // of the banner, so the banner takes focus and comes into view (and is announced by its role).
  const [answered, setAnswered] = useState(0);
  useEffect(() => {
    if (answered === 0) return;
    const banner = errorRef.current ?? resultRef.current;
    if (!banner) return;
    banner.focus({ preventScroll: true });
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    banner.scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' });
  }, [answered]);

  useEffect(() => {
    setNotifier((text) => setFormError(text));
  }, []);

  // What the visitor typed into the server-rendered fields before this island hydrated: React keeps the
  // text in the page while hydrating, but its state does not hold it, so the next render (a key pressed in
  // another field) would write the state's empty value back over it. Taken into the state at once instead.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed: LeadValues = {};
    for (const name of [...fields, 'privacyConsent'] as const) {
      const element = form.elements.namedItem(name);
      if (element instanceof HTMLInputElement && element.type === 'checkbox') {
        if (element.checked) typed[name] = 'on';
      } else if (
        element instanceof HTMLInputElement ||
        element instanceof HTMLTextAreaElement ||
        element instanceof HTMLSelectElement
      ) {
        if (element.value !== '') typed[name] = element.value;
      }
    }
    const changed = Object.entries(typed).filter(
      ([name, value]) => values[name as keyof LeadValues] !== value,
    );
    if (changed.length > 0) setValues((current) => ({ ...current, ...Object.fromEntries(changed) }));
  }, []);

  const all = (): LeadValues => ({
    ...values,
    sourcePage: props.sourcePage,
    ...(props.interestedProductId ? { interestedProductId: String(props.interestedProductId) } : {}),
  });

  const revalidate = (next: LeadValues, show: Record<string, boolean>) => {
    const checked = validateLead(kind, { ...next, sourcePage: props.sourcePage });
    const all = checked.ok ? {} : checked.errors;
    setErrors(Object.fromEntries(Object.entries(all).filter(([k]) => show[k])));
  };

  const change = (name: string, value: string) => {
    const next = { ...values, [name]: value };
    // Merged into the latest state: two changes in one batch (a field filled by the browser's autofill
    // and another) both stay.
    setValues((current) => ({ ...current, [name]: value }));
    if (touched[name] || errors[name]) revalidate(next, { ...touched, [name]: true });
  };

  const blur = (name: string) => {
    const show = { ...touched, [name]: true };
    setTouched(show);
    revalidate(values, show);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const checked = validateLead(kind, all());
    if (!checked.ok) {
      setErrors(checked.errors);
      setTouched(Object.fromEntries(fields.map((k) => [k, true])));
      setFormError(words.fixErrors);
      const first = Object.keys(checked.errors)[0];
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSubmitting(true);
    setFormError(null);
    try {
      const answer = await send(checked.data, readVisit() ?? {});
      setResult((answer as { message?: string }).message ?? null);
      const data = (answer as { data?: { wecomQrCode?: string; wecomLink?: string } }).data;
      setQrCode(data?.wecomQrCode ?? null);
      setWecomLink(data?.wecomLink ?? null);
      setValues({});
      setTouched({});
    } catch (error) {
      const failure = error as { errorMessage?: string; errors?: { field: string; message: string }[] };
      if (failure.errors?.length) {
        setErrors(Object.fromEntries(failure.errors.map((e) => [e.field, e.message])));
      }
      setFormError(failure.errorMessage ?? (error instanceof Error ? error.message : words.failed));
    } finally {
      setSubmitting(false);
      setAnswered((n) => n + 1);
    }
  };

  return (
    // data-form: the beacon names the forms a page showed (表单转化, decision 057).
    <section
      className="lead"
      id="lead"
      aria-labelledby="lead-heading"
      data-form={BUILTIN_FORM_SLUGS[kind === 'agent' ? 'agent' : 'enquiry']}
    >
      <h2 id="lead-heading">{props.heading ?? words.title}</h2>
      <p className="lead-intro">{props.intro ?? words.intro}</p>
      {result && <LeadResult result={result} qrCode={qrCode} link={wecomLink} bannerRef={resultRef} />}
      {formError && (
        <p ref={errorRef} className="banner banner-error" role="alert" tabIndex={-1}>
          {formError}
        </p>
      )}
      <form ref={formRef} method="post" action={props.action} noValidate onSubmit={submit}>
        <div className="lead-grid">
          {fields.map((name) => (
            <LeadFormField
              key={name}
              name={name}
              label={labels[name]}
              placeholder={placeholders[name]}
              value={values[name] ?? ''}
              error={errors[name]}
              onChange={(value) => change(name, value)}
              onBlur={() => blur(name)}
            />
          ))}
        </div>
        {/* Filled by the layout's script as a form is sent without this island (访问轨迹); empty without JavaScript. */}
        <input type="hidden" name="visitId" defaultValue="" />
        <input type="hidden" name="browserId" defaultValue="" />
        <div className="hp" aria-hidden="true">
          <label htmlFor={`lead-${HONEYPOT_FIELD}`}>{words.honeypot}</label>
          <input
            id={`lead-${HONEYPOT_FIELD}`}
            name={HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        <div className={`consent${errors.privacyConsent ? ' has-error' : ''}`}>
          <label htmlFor="lead-privacyConsent">
            <input
              type="checkbox"
              id="lead-privacyConsent"
              name="privacyConsent"
              value="on"
              checked={values.privacyConsent === 'on'}
              aria-invalid={errors.privacyConsent ? true : undefined}
              aria-describedby={errors.privacyConsent ? 'lead-privacyConsent-error' : undefined}
              onChange={(e) => change('privacyConsent', e.target.checked ? 'on' : '')}
            />
            <span>
              {words.consentBefore}
              <a href={props.privacyHref} target="_blank" rel="noopener">
                {words.consentLink}
              </a>
              {words.consentAfter}
            </span>
          </label>
          <p className="field-error" id="lead-privacyConsent-error">
            {errors.privacyConsent}
          </p>
        </div>
        {props.interestedProductId && (
          <input type="hidden" name="interestedProductId" value={props.interestedProductId} />
        )}
        <button className="button button-primary" type="submit" disabled={submitting} aria-busy={submitting}>
          {submitting ? words.submitting : words.submit}
        </button>
      </form>
    </section>
  );
}
