/** A "type it again" field (a new password's confirmation): required, and equal to `field`, else `mismatch`. */
import type { FormRule } from 'antd';

export const confirmRules = (field: string, mismatch: string): FormRule[] => [
  { required: true },
  ({ getFieldValue }) => ({
    validator: (_, value) =>
      !value || value === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(mismatch)),
  }),
];
