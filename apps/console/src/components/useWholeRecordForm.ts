/**
 * The form of a record edited whole (site settings, 登录方式, 广告转化): the record loaded into the form, 保存 checks the
 * fields and sends them with the version the record was loaded with, and the answer replaces the record.
 */
import { Form } from 'antd';
import { useCallback } from 'react';
import { useLoadedRecord } from './useLoadedRecord';
import { useSubmit } from './useSubmit';

export const useWholeRecordForm = <R, V>({
  load,
  valuesOf,
  save,
  done,
}: {
  /** Loads the record; a stable function (a service call), or the record is loaded again on every render. */
  load: () => Promise<R>;
  /** The form's values of the record; a stable function too. */
  valuesOf: (record: R) => V;
  /** Saves the checked values over the record as loaded; answers the saved record. */
  save: (values: V, loaded: R) => Promise<R>;
  /** The message after a save. */
  done: string;
}) => {
  const [form] = Form.useForm<V>();
  const { saving, run } = useSubmit(form, { done });
  const show = useCallback((record: R) => form.setFieldsValue(valuesOf(record)), [form, valuesOf]);
  const { loaded, keep } = useLoadedRecord(load, show);
  const submit = () =>
    run(async () => {
      if (!loaded) return;
      keep(await save(await form.validateFields(), loaded));
    });
  return { form, loaded, saving, submit };
};
