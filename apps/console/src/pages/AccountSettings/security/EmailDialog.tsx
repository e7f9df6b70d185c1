/** 备用邮箱: send a code to the address, then verify it with the code. */
import { EMAIL_CODE_LENGTH } from '@yuexun/contract';
import { Button, Form, Input, Space } from 'antd';
import { useCountdown } from '../../../components/countdown';
import { EditModal } from '../../../components/EditModal';
import { useSubmit } from '../../../components/useSubmit';
import { useIntl } from '../../../locales/intl';
import { sendBackupEmailCode, verifyBackupEmail } from '../../../services/settings';
import type { SecurityDialogProps } from './dialog-props';

interface Values {
  email: string;
  code: string;
}

export function EmailDialog({ onClose, reload }: SecurityDialogProps) {
  const { t } = useIntl();
  const [form] = Form.useForm<Values>();
  const countdown = useCountdown();
  const sending = useSubmit(form, { done: t('settings.security.email-sent'), quiet: true });

  const sendCode = () =>
    sending.run(async () => {
      const { email } = await form.validateFields(['email']);
      const sent = await sendBackupEmailCode(String(email));
      countdown.start(sent?.resendInSeconds ?? 60);
    });

  const save = async (values: Values) => {
    await verifyBackupEmail(values.code);
    await reload();
    onClose();
  };

  return (
    <EditModal<Values>
      title={t('settings.security.email')}
      form={form}
      save={save}
      done={t('settings.security.email-verified')}
      quiet
      onClose={onClose}
    >
      <Form.Item label={t('settings.security.email')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="email" noStyle rules={[{ required: true, type: 'email' }]}>
            <Input autoComplete="email" dir="ltr" aria-label={t('settings.security.email')} />
          </Form.Item>
          <Button disabled={countdown.left > 0} onClick={() => void sendCode()}>
            {countdown.left > 0
              ? t('login.captcha.countdown', { n: countdown.left })
              : t('settings.security.email-send')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item
        name="code"
        label={t('settings.security.email-code')}
        rules={[{ required: true }, { len: EMAIL_CODE_LENGTH }]}
      >
        <Input inputMode="numeric" autoComplete="one-time-code" dir="ltr" maxLength={EMAIL_CODE_LENGTH} />
      </Form.Item>
    </EditModal>
  );
}
