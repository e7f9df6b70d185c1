/**
 * Create or edit a custom role: its name and permission checkboxes grouped as the menu is. Field messages of
 * the server land under their fields; any other refusal (too many roles, a school, a changed role) is shown.
 */
import { type Permission, ROLE_NAME_MAX, type RoleView } from '@yuexun/contract';
import { Checkbox, Flex, Form, Input, Typography } from 'antd';
import { EditModal } from '../../components/EditModal';
import { useIntl } from '../../locales/intl';
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
  const [form] = Form.useForm<Values>();

  const save = async (values: Values) => {
    // Sent in the editor's order, so the audit line and the list read the same way.
    const permissions = ORDERED_PERMISSIONS.filter((p) => values.permissions?.includes(p));
    if (role) await updateRole(role, { name: values.name, permissions });
    else await createRole({ name: values.name, permissions });
    onSaved(role === null);
  };

  return (
    <EditModal<Values>
      title={role ? t('roles.edit') : t('roles.new')}
      form={form}
      save={save}
      done={false}
      quiet
      warnConflict={false}
      onClose={onClose}
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
    </EditModal>
  );
}
