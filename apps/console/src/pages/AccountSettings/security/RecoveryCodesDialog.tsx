/** 重新生成恢复码: a current code replaces the recovery codes, and the new ones are shown once. */
import { Form } from 'antd';
import { useState } from 'react';
import { EditModal } from '../../../components/EditModal';
import { useIntl } from '../../../locales/intl';
import { regenerateRecoveryCodes } from '../../../services/settings';
import type { SecurityDialogProps } from './dialog-props';
import { MfaCodeField, RecoveryCodesShown } from './mfa-parts';

export function RecoveryCodesDialog({ onClose, reload }: SecurityDialogProps) {
  const { t } = useIntl();
  const [form] = Form.useForm<{ code: string }>();
  const [codes, setCodes] = useState<string[]>();
  const save = async ({ code }: { code: string }) => {
    const done = await regenerateRecoveryCodes(code);
    await reload();
    setCodes(done?.recoveryCodes);
  };
  if (codes) return <RecoveryCodesShown codes={codes} onClose={onClose} />;
  return (
    <EditModal<{ code: string }>
      title={t('mfa.recovery.title')}
      form={form}
      save={save}
      done={false}
      quiet
      onClose={onClose}
    >
      <MfaCodeField extra={t('mfa.recovery.renew-note')} />
    </EditModal>
  );
}
