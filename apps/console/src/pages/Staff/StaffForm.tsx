/** Create or edit one staff member in a modal; field messages of the server land under their fields. */
import {
  type BuiltinRoleKey,
  createStaffTenant,
  MOBILE_PHONE_PATTERN,
  type StaffCredential,
  type StaffMember,
} from '@yuexun/contract';
import { Form, Input, Radio, Select } from 'antd';
import { useEffect } from 'react';
import { EditModal } from '../../components/EditModal';
import { limitsOf } from '../../components/form-limits';
import { useIntl } from '../../locales/intl';
import { createStaff, type NewStaff, updateStaff } from '../../services/staff';

const limits = limitsOf(createStaffTenant.input);

type Values = Omit<NewStaff, 'credential'> & { credential?: NewStaff['credential'] };

/** A role the member can be given (the organisation's roles, named in the page's language). */
export interface RoleChoice {
  value: number;
  label: string;
  builtinKey: BuiltinRoleKey | null;
}

/** A new colleague starts with the least that is still useful: 只读 at the vendor, 教职工 at a school. */
const defaultRole = (roles: RoleChoice[]) =>
  (roles.find((r) => r.builtinKey === 'viewer') ?? roles.find((r) => r.builtinKey === 'staff'))?.value;

export function StaffForm({
  member,
  roles,
  onClose,
  onCreated,
  onSaved,
}: {
  member: StaffMember | null;
  roles: RoleChoice[];
  onClose: () => void;
  onCreated: (made: StaffCredential) => void;
  onSaved: () => void;
}) {
  const { t } = useIntl();
  const [form] = Form.useForm<Values>();
  // The roles may arrive after the form opened: a new colleague still starts with the default role.
  const fallback = member ? undefined : defaultRole(roles);
  useEffect(() => {
    if (fallback !== undefined && form.getFieldValue('roleId') === undefined)
      form.setFieldValue('roleId', fallback);
  }, [fallback, form]);

  const save = async (values: Values) => {
    const email = values.email || undefined;
    if (member) {
      // The role travels only when it changed: a member whose own role is locked (oneself) keeps it.
      const roleId = values.roleId !== member.roleId ? values.roleId : undefined;
      await updateStaff({ employeeId: member.employeeId, name: values.name, email, roleId });
      onSaved();
    } else {
      onCreated(await createStaff({ ...values, email, credential: values.credential ?? 'invite' }));
    }
  };

  return (
    <EditModal<Values>
      title={member ? t('staff.edit') : t('staff.new')}
      form={form}
      save={save}
      done={false}
      warnConflict={false}
      onClose={onClose}
      initialValues={
        member
          ? {
              name: member.name,
              phone: member.phone,
              email: member.email ?? '',
              roleId: member.roleId ?? undefined,
            }
          : { roleId: defaultRole(roles), credential: 'invite' }
      }
    >
      <Form.Item name="name" label={t('staff.name')} rules={[...limits.name.rules, { whitespace: true }]}>
        <Input maxLength={limits.name.maxLength} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('staff.phone')}
        extra={member ? undefined : t('staff.phone.extra')}
        rules={[...limits.phone.rules, { pattern: MOBILE_PHONE_PATTERN, message: t('login.phone.invalid') }]}
      >
        <Input
          disabled={member !== null}
          inputMode="tel"
          maxLength={limits.phone.maxLength}
          autoComplete="off"
        />
      </Form.Item>
      <Form.Item name="email" label={t('staff.email')} rules={[{ type: 'email' }, ...limits.email.rules]}>
        <Input inputMode="email" autoComplete="off" />
      </Form.Item>
      <Form.Item name="roleId" label={t('staff.access')} rules={[{ required: true }]}>
        <Select disabled={member?.isSelf} options={roles.map(({ value, label }) => ({ value, label }))} />
      </Form.Item>
      {member ? null : (
        <Form.Item name="credential" label={t('staff.credential')}>
          <Radio.Group
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            options={[
              { value: 'invite', label: t('staff.credential.invite') },
              { value: 'password', label: t('staff.credential.password') },
            ]}
          />
        </Form.Item>
      )}
    </EditModal>
  );
}
