/**
 * One save at a time: a second click while the first is on its way does nothing (the server's
 * request key makes a repeated create harmless anyway). Field messages of a 400 land on the form;
 * a 409 offers to reload.
 */
import { BusinessCode } from '@yuexun/contract';
import { BusinessError } from '@yuexun/request';
import type { FormInstance } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { fieldErrors } from '../../../services/client';

export const isConflict = (error: unknown) =>
  error instanceof BusinessError && Number(error.errorCode) === BusinessCode.CONFLICT;

export const useSubmit = (form?: FormInstance) => {
  const busy = useRef(false);
  const [saving, setSaving] = useState(false);
  const run = useCallback(
    async <T>(save: () => Promise<T>): Promise<T | undefined> => {
      if (busy.current) return undefined;
      busy.current = true;
      setSaving(true);
      try {
        return await save();
      } catch (error) {
        const errors = fieldErrors(error);
        if (form && errors.length > 0) {
          // The user's input stays; each message appears under its field.
          form.setFields(errors.map((e) => ({ name: e.field.split('.')[0] as string, errors: [e.message] })));
        }
        return undefined;
      } finally {
        busy.current = false;
        setSaving(false);
      }
    },
    [form],
  );
  return { saving, run };
};
