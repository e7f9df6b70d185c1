/** What the three two-step verification dialogs share: the code field and the new recovery codes shown once. */
import { TOTP_DIGITS } from '@yuexun/contract';
import { Form, Input, Modal } from 'antd';
import { RecoveryCodesPanel } from '../../../components/mfa/EnrolmentPanel';
import { useIntl } from '../../../locales/intl';

export const MfaCodeField = ({ extra }: { extra?: string }) => {
  const { t } = useIntl();
  return (
    <Form.Item
      name="code"
      label={t('mfa.code')}
      extra={extra}
      rules={[
        { required: true, message: t('mfa.code.required') },
        { pattern: /^\d{6}$/, message: t('mfa.code.format') },
      ]}
    >
      <Input
        inputMode="numeric"
        autoComplete="one-time-code"
        dir="ltr"
        maxLength={TOTP_DIGITS}
        aria-label={t('mfa.code')}
      />
    </Form.Item>
  );
};

/** The recovery codes, once: the only way out is 我已保存 (or the close button). */
export const RecoveryCodesShown = ({ codes, onClose }: { codes: string[]; onClose: () => void }) => {
  const { t } = useIntl();
  return (
    <Modal
      open
      title={t('mfa.recovery.title')}
      okText={t('mfa.recovery.saved')}
      cancelButtonProps={{ style: { display: 'none' } }}
      onOk={onClose}
      onCancel={onClose}
      destroyOnHidden
    >
      <RecoveryCodesPanel codes={codes} />
    </Modal>
  );
};
