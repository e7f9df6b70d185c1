/** 修改密码: the old password, a new one by the contract's rule, typed twice. */
import { changePasswordAccount } from '@yuexun/contract';
import { Form, Input } from 'antd';
import { confirmRules } from '../../../components/confirm-rule';
import { EditModal } from '../../../components/EditModal';
import { limitsOf } from '../../../components/form-limits';
import { useIntl } from '../../../locales/intl';
import { changePassword } from '../../../services/settings';
import type { SecurityDialogProps } from './dialog-props';

const passwordLimits = limitsOf(changePasswordAccount.input);

interface Values {
  oldPassword: string;
  newPassword: string;
}

export function PasswordDialog({ settings, onSaved, onClose }: SecurityDialogProps) {
  const { t } = useIntl();
  const [form] = Form.useForm<Values>();
  const { security } = settings;
  const save = async (values: Values) => {
    const res = await changePassword(values.oldPassword, values.newPassword);
    const strength = res.datas[0]?.passwordStrength ?? security.passwordStrength;
    onSaved({ ...settings, security: { ...security, passwordStrength: strength } });
    onClose();
  };
  return (
    <EditModal<Values>
      title={t('settings.password.title')}
      form={form}
      save={save}
      done={t('settings.password.changed')}
      quiet
      onClose={onClose}
    >
      <Form.Item name="oldPassword" label={t('settings.password.old')} rules={[{ required: true }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('settings.password.new')}
        extra={t('settings.password.rule')}
        rules={[
          ...passwordLimits.newPassword.rules,
          { pattern: /^(?=.*[A-Za-z])(?=.*\d).+$/, message: t('settings.password.rule') },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('settings.password.confirm')}
        dependencies={['newPassword']}
        rules={confirmRules('newPassword', t('settings.password.mismatch'))}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </EditModal>
  );
}
