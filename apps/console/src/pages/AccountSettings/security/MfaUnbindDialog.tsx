/** 解绑两步验证: a current code confirms it. */
import { Form } from 'antd';
import { EditModal } from '../../../components/EditModal';
import { useIntl } from '../../../locales/intl';
import { disableMfa } from '../../../services/settings';
import type { SecurityDialogProps } from './dialog-props';
import { MfaCodeField } from './mfa-parts';

export function MfaUnbindDialog({ onClose, reload }: SecurityDialogProps) {
  const { t } = useIntl();
  const [form] = Form.useForm<{ code: string }>();
  const save = async ({ code }: { code: string }) => {
    await disableMfa(code);
    await reload();
    onClose();
  };
  return (
    <EditModal<{ code: string }>
      title={t('mfa.unbind.title')}
      okText={t('settings.security.unbind')}
      form={form}
      save={save}
      done={t('mfa.unbound')}
      quiet
      onClose={onClose}
    >
      <MfaCodeField />
    </EditModal>
  );
}
