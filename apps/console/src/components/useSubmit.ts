/**
 * The console's one way to save: one save at a time (a second click while the first is on its way does
 * nothing; the server's request key makes a repeated create harmless anyway), then the same answers to a
 * refusal everywhere: field messages of a 400 land under their fields, a 409 says someone else changed the
 * record first (content.conflict), and a quiet call's other refusals are said here.
 */
import { BusinessCode } from '@yuexun/contract';
import { BusinessError } from '@yuexun/request';
import { App, type FormInstance } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useIntl } from '../locales/intl';
import { fieldErrors, newRequestKey } from '../services/client';

export const isConflict = (error: unknown) =>
  error instanceof BusinessError && Number(error.errorCode) === BusinessCode.CONFLICT;

/** antd's refusal of a form that failed its own rules: the fields already show why. */
const isValidationFailure = (error: unknown) =>
  typeof error === 'object' && error !== null && 'errorFields' in error;

export interface SubmitOptions {
  /** Said once the save succeeded (t('common.saved'), or the page's own line). */
  done?: string;
  /**
   * The save's calls are quiet (the request layer said nothing about a refusal): a refusal that is neither
   * about fields nor a conflict is said here, in the server's words.
   */
  quiet?: boolean;
  /**
   * Some fields may be out of sight (a folded list): the first field message is said as well, so a refusal
   * is never silent.
   */
  sayFieldErrors?: boolean;
  /**
   * false where a 409 is not someone else's change (a taken name: the server's words are said if quiet)
   * or the page answers it itself (the article editor's conflict panel).
   */
  warnConflict?: boolean;
}

export const useSubmit = (
  form?: FormInstance,
  { done, quiet = false, sayFieldErrors = false, warnConflict = true }: SubmitOptions = {},
) => {
  const { t } = useIntl();
  const { message } = App.useApp();
  const busy = useRef(false);
  const [saving, setSaving] = useState(false);
  const run = useCallback(
    async <T>(save: () => Promise<T>): Promise<T | undefined> => {
      if (busy.current) return undefined;
      busy.current = true;
      setSaving(true);
      try {
        const result = await save();
        if (done !== undefined) message.success(done);
        return result;
      } catch (error) {
        if (isValidationFailure(error)) return undefined;
        const errors = fieldErrors(error);
        if (form && errors.length > 0) {
          // The user's input stays; each message appears under its field.
          form.setFields(errors.map((e) => ({ name: e.field.split('.')[0] as string, errors: [e.message] })));
        }
        if (warnConflict && isConflict(error)) message.warning(t('content.conflict'));
        else if (errors.length > 0) {
          if (sayFieldErrors) message.error(errors[0]?.message ?? '');
        } else if (quiet) message.error(error instanceof Error ? error.message : String(error));
        return undefined;
      } finally {
        busy.current = false;
        setSaving(false);
      }
    },
    [form, done, quiet, sayFieldErrors, warnConflict, message, t],
  );
  return { saving, run };
};

/** One key per opened create form: a double click or a retry of the same form creates one record. */
export const useRequestKey = () => useState(newRequestKey)[0];
