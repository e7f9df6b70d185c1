/**
 * The lead form. Rendered on the server as a plain POST form (works with JavaScript off); once
 * visible it hydrates: live validation with the contract's schema, and submission through the
 * shared request layer with the button disabled while a submission is in flight.
 */
import { createCustomerIntentionSALEPPublic, HONEYPOT_FIELD, SCHOOL_TYPES } from '@yuexun/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type LeadFormState, type LeadValues, validateLead } from '../lib/lead-form';
// Imported statically: a dynamic import would make Vite preload its chunks from '/_astro/', outside BASE_PATH.
import { setNotifier, siteClient } from '../lib/request-client';
import { readVisit } from '../lib/visit';
import { lead as words } from '../locales/zh-CN';

interface Props extends LeadFormState {
  action: string;
  sourcePage: string;
  interestedProductId?: number;
  heading?: string;
  intro?: string;
}

type Field = keyof typeof words.labels;

export default function LeadForm(props: Props) {
  const [values, setValues] = useState<LeadValues>(props.values);
  const [errors, setErrors] = useState<Record<string, string>>(props.errors);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [formError, setFormError] = useState<string | null>(props.formError);
  const [result, setResult] = useState<string | null>(props.result);
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

  const all = (): LeadValues => ({
    ...values,
    sourcePage: props.sourcePage,
    ...(props.interestedProductId ? { interestedProductId: String(props.interestedProductId) } : {}),
  });

  const revalidate = (next: LeadValues, show: Record<string, boolean>) => {
    const checked = validateLead({ ...next, sourcePage: props.sourcePage });
    const all = checked.ok ? {} : checked.errors;
    setErrors(Object.fromEntries(Object.entries(all).filter(([k]) => show[k])));
  };

  const change = (name: string, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
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
    const checked = validateLead(all());
    if (!checked.ok) {
      setErrors(checked.errors);
      setTouched(Object.fromEntries(Object.keys(words.labels).map((k) => [k, true])));
      setFormError(words.fixErrors);
      const first = Object.keys(checked.errors)[0];
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSubmitting(true);
    setFormError(null);
    try {
      const { siteId: _siteId, ...input } = checked.data;
      const visit = readVisit();
      if (visit) Object.assign(input, visit);
      const answer = await siteClient.callAction(createCustomerIntentionSALEPPublic, input, {
        skipErrorHandler: true,
      });
      setResult((answer as { message?: string }).message ?? null);
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

  const field = (name: Field, control: React.ReactNode) => (
    <div className={`field${errors[name] ? ' has-error' : ''}${name === 'message' ? ' field-wide' : ''}`}>
      <label htmlFor={`lead-${name}`}>
        {words.labels[name]}
        {name !== 'message' && (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {control}
      {/* Always there, empty when the field is fine: a message appearing on blur must not move the
          submit button away from under the finger that just pressed it (the tap would be lost). */}
      <p className="field-error" id={`lead-${name}-error`}>
        {errors[name]}
      </p>
    </div>
  );

  const input = (name: Exclude<Field, 'schoolType' | 'message'>, type = 'text', extra = {}) => (
    <input
      id={`lead-${name}`}
      name={name}
      type={type}
      value={values[name] ?? ''}
      placeholder={words.placeholders[name]}
      aria-invalid={errors[name] ? true : undefined}
      aria-describedby={errors[name] ? `lead-${name}-error` : undefined}
      onChange={(e) => change(name, e.target.value)}
      onBlur={() => blur(name)}
      {...extra}
    />
  );

  return (
    <section className="lead" id="lead" aria-labelledby="lead-heading">
      <h2 id="lead-heading">{props.heading ?? words.title}</h2>
      <p className="lead-intro">{props.intro ?? words.intro}</p>
      {result && (
        <p ref={resultRef} className="banner banner-success" role="status" tabIndex={-1}>
          {result}
        </p>
      )}
      {formError && (
        <p ref={errorRef} className="banner banner-error" role="alert" tabIndex={-1}>
          {formError}
        </p>
      )}
      <form ref={formRef} method="post" action={props.action} noValidate onSubmit={submit}>
        <div className="lead-grid">
          {field('contactName', input('contactName', 'text', { autoComplete: 'name', maxLength: 30 }))}
          {field(
            'phone',
            input('phone', 'tel', { autoComplete: 'tel', inputMode: 'numeric', maxLength: 11 }),
          )}
          {field('schoolName', input('schoolName', 'text', { autoComplete: 'organization', maxLength: 60 }))}
          {field('region', input('region', 'text', { maxLength: 60 }))}
          {field(
            'schoolType',
            <select
              id="lead-schoolType"
              name="schoolType"
              value={values.schoolType ?? ''}
              aria-invalid={errors.schoolType ? true : undefined}
              aria-describedby={errors.schoolType ? 'lead-schoolType-error' : undefined}
              onChange={(e) => change('schoolType', e.target.value)}
              onBlur={() => blur('schoolType')}
            >
              <option value="">{words.choose}</option>
              {SCHOOL_TYPES.map((type) => (
                <option key={type} value={type}>
                  {words.schoolTypes[type]}
                </option>
              ))}
            </select>,
          )}
          {field('role', input('role', 'text', { autoComplete: 'organization-title', maxLength: 30 }))}
          {field(
            'message',
            <textarea
              id="lead-message"
              name="message"
              rows={3}
              value={values.message ?? ''}
              placeholder={words.placeholders.message}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? 'lead-message-error' : undefined}
              onChange={(e) => change('message', e.target.value)}
              onBlur={() => blur('message')}
            />,
          )}
        </div>
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
