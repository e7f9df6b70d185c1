/** 绑定两步验证: the authenticator's QR code and secret, a first code to confirm, then the recovery codes. */
import type { MfaEnrolment } from '@yuexun/contract';
import { App, Form } from 'antd';
import { useState } from 'react';
import { EditModal } from '../../../components/EditModal';
import { EnrolmentPanel } from '../../../components/mfa/EnrolmentPanel';
import { useIntl } from '../../../locales/intl';
import { confirmMfaEnrolment } from '../../../services/settings';
import type { SecurityDialogProps } from './dialog-props';
import { MfaCodeField, RecoveryCodesShown } from './mfa-parts';

export function MfaBindDialog({
  enrolment,
  onClose,
  reload,
}: SecurityDialogProps & {
  /** Started by the page as the dialog opens; absent while it is on its way. */
  enrolment: MfaEnrolment | undefined;
}) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ code: string }>();
  const [codes, setCodes] = useState<string[]>();
  const save = async ({ code }: { code: string }) => {
    const done = await confirmMfaEnrolment(code);
    await reload();
    message.success(t('mfa.bound'));
    setCodes(done?.recoveryCodes);
  };
  if (codes) return <RecoveryCodesShown codes={codes} onClose={onClose} />;
  return (
    <EditModal<{ code: string }>
      title={t('mfa.enrol.title')}
      form={form}
      save={save}
      done={false}
      quiet
      onClose={onClose}
    >
      {enrolment && <EnrolmentPanel enrolment={enrolment} />}
      <MfaCodeField />
    </EditModal>
  );
}
