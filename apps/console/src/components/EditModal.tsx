/**
 * The console's create/edit dialog: a vertical form in a modal whose 保存 runs the save through useSubmit
 * (one at a time, field messages under their fields, the conflict warning, a quiet call's refusal said),
 * then hands over to the page (close, reload). The page gives the title, the fields and the save.
 */
import { Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useIntl } from '../locales/intl';
import { type SubmitOptions, useSubmit } from './useSubmit';

export interface EditModalProps<V> extends Omit<SubmitOptions, 'done'> {
  /** Said once saved: 保存成功 unless the page has its own line; false where the dialog goes on (MFA codes). */
  done?: string | false;
  title: ReactNode;
  form: FormInstance<V>;
  initialValues?: Partial<V>;
  /** Stores the values (create or update); a throw is a refusal, answered as useSubmit does. */
  save: (values: V) => Promise<unknown>;
  onClose: () => void;
  width?: number;
  /** The button's word when the dialog does more than save (确定 to name a view, to move). */
  okText?: ReactNode;
  children: ReactNode;
}

export function EditModal<V>({
  title,
  form,
  initialValues,
  save,
  onClose,
  width,
  okText,
  children,
  done,
  ...options
}: EditModalProps<V>) {
  const { t } = useIntl();
  const { saving, run } = useSubmit(form, {
    ...options,
    done: done === false ? undefined : (done ?? t('common.saved')),
  });
  return (
    <Modal
      open
      title={title}
      okText={okText ?? t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={width}
    >
      <Form<V>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => run(() => save(values))}
      >
        {children}
      </Form>
    </Modal>
  );
}
