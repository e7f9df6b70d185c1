/**
 * Create or edit a custom role: its name and permission checkboxes grouped as the menu is. Field messages of
 * the server land under their fields; any other refusal (too many roles, a school, a changed role) is shown.
 */
import { type Permission, ROLE_NAME_MAX, type RoleView } from '@yuexun/contract';
import { BusinessError } from '@yuexun/request';
import { App, Checkbox, Flex, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useIntl } from '../../locales/intl';
import { fieldErrors } from '../../services/client';
import { createRole, updateRole } from '../../services/roles';
import { ORDERED_PERMISSIONS, PERMISSION_GROUPS } from './groups';

interface Values {
  name: string;
  permissions: Permission[];
}

export function RoleForm({
  role,
  onClose,
  onSaved,
}: {
  role: RoleView | null;
  onClose: () => void;
  onSaved: (created: boolean) => void;
}) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const values = await form.validateFields();
    // Sent in the editor's order, so the audit line and the list read the same way.
    const permissions = ORDERED_PERMISSIONS.filter((p) => values.permissions?.includes(p));
    setSaving(true);
    try {
      if (role) await updateRole(role, { name: values.name, permissions });
      else await createRole({ name: values.name, permissions });
      onSaved(role === null);
    } catch (error) {
      const errors = fieldErrors(error);
      if (errors.length > 0) {
        form.setFields(
          errors.map((e) => ({ name: e.field.split('.')[0] as keyof Values, errors: [e.message] })),
        );
      } else if (error instanceof BusinessError) {
        message.error(error.errorMessage);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={role ? t('roles.edit') : t('roles.new')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={
          role ? { name: role.name, permissions: role.permissions } : { name: '', permissions: [] }
        }
      >
        <Form.Item
          name="name"
          label={t('roles.name')}
          rules={[{ required: true, whitespace: true }, { max: ROLE_NAME_MAX }]}
        >
          <Input maxLength={ROLE_NAME_MAX} autoComplete="off" />
        </Form.Item>
        <Form.Item name="permissions" label={t('roles.permissions')}>
          <Checkbox.Group style={{ display: 'block' }}>
            {PERMISSION_GROUPS.map((group) => (
              <fieldset key={group.key} style={{ border: 0, margin: '0 0 12px', padding: 0 }}>
                <legend style={{ fontSize: 'inherit', marginBottom: 4, border: 0 }}>
                  <Typography.Text strong>{t(`roles.group.${group.key}`)}</Typography.Text>
                </legend>
                <Flex vertical gap={4}>
                  {group.permissions.map((p) => (
                    <Checkbox key={p} value={p}>
                      {t(`roles.permission.${p}`)}
                    </Checkbox>
                  ))}
                </Flex>
              </fieldset>
            ))}
          </Checkbox.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}
