/**
 * The login's second step (Ant Design Pro style, on the login card): the 6-digit code of the authenticator,
 * or a recovery code; when the organisation requires two-step verification and none is bound yet, the QR code
 * to bind one, its first code, then the ten recovery codes shown once. Loaded only when a login needs it.
 */
import KeyOutlined from '@ant-design/icons/KeyOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import { type MfaEnrolment, messages, TOTP_DIGITS } from '@yuexun/contract';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import { useEffect, useState } from 'react';
import { AntdScope } from '../../components/AntdScope';
import { EnrolmentPanel, RecoveryCodesPanel } from '../../components/mfa/EnrolmentPanel';
import styles from '../../components/sign-in/login.module.css';
import { useIntl } from '../../locales/intl';
import { loginFailure, startMfaEnrolmentLogin, verifyMfaLogin } from '../../services/account';

export interface MfaStepProps {
  mode: 'verify' | 'enrol';
  token: string;
  onDone: () => void | Promise<void>;
  onBack: () => void;
}

interface Values {
  code?: string;
  recoveryCode?: string;
}

/** The step inside antd's configuration: the login page around it has none (components/AntdScope.tsx). */
export default function MfaStep(props: MfaStepProps) {
  return (
    <AntdScope>
      <MfaForm {...props} />
    </AntdScope>
  );
}

function MfaForm({ mode, token, onDone, onBack }: MfaStepProps) {
  const { t } = useIntl();
  const [form] = Form.useForm<Values>();
  const [useRecovery, setUseRecovery] = useState(false);
  const [enrolment, setEnrolment] = useState<MfaEnrolment>();
  const [codes, setCodes] = useState<string[]>();
  const [failure, setFailure] = useState<string>();
  const [gone, setGone] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const fail = (error: unknown) => {
    const text = loginFailure(error).text ?? t('login.failure');
    setFailure(text);
    if (text.includes(messages.mfaChallengeGone)) setGone(true);
  };

  useEffect(() => {
    if (mode !== 'enrol') return;
    startMfaEnrolmentLogin(token).then(
      (res) => setEnrolment(res.datas[0]),
      (error: unknown) => {
        const text = loginFailure(error).text ?? t('login.failure');
        setFailure(text);
        if (text.includes(messages.mfaChallengeGone)) setGone(true);
      },
    );
  }, [mode, token, t]);

  const onFinish = async (values: Values) => {
    if (submitting) return;
    setSubmitting(true);
    setFailure(undefined);
    try {
      const res = await verifyMfaLogin(
        useRecovery
          ? { mfaToken: token, recoveryCode: values.recoveryCode ?? '' }
          : { mfaToken: token, code: values.code ?? '' },
      );
      const recoveryCodes = res.datas[0]?.recoveryCodes;
      if (recoveryCodes && recoveryCodes.length > 0) setCodes(recoveryCodes);
      else await onDone();
    } catch (error) {
      fail(error);
      form.setFieldsValue({ code: '', recoveryCode: '' });
    } finally {
      setSubmitting(false);
    }
  };

  if (codes)
    return (
      <div>
        <h2 className={styles.stepTitle}>{t('mfa.recovery.title')}</h2>
        <RecoveryCodesPanel codes={codes} />
        <Button type="primary" size="large" block onClick={() => void onDone()}>
          {t('mfa.step.continue')}
        </Button>
      </div>
    );

  return (
    <div>
      <h2 className={styles.stepTitle}>
        <SafetyOutlined /> {t('mfa.step.title')}
      </h2>
      <p className={styles.stepHint}>{t(mode === 'enrol' ? 'mfa.step.enrol' : 'mfa.step.verify')}</p>
      {mode === 'enrol' && enrolment && <EnrolmentPanel enrolment={enrolment} />}
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 24 }} />}
      {!gone && (
        <Form form={form} size="large" onFinish={onFinish} method="dialog">
          {useRecovery ? (
            <Form.Item
              name="recoveryCode"
              rules={[{ required: true, message: t('mfa.recoveryCode.required') }]}
            >
              <Input
                prefix={<KeyOutlined />}
                placeholder={t('mfa.recoveryCode.placeholder')}
                aria-label={t('mfa.recoveryCode')}
                autoComplete="off"
                dir="ltr"
                maxLength={11}
                autoFocus
              />
            </Form.Item>
          ) : (
            <Form.Item
              name="code"
              rules={[
                { required: true, message: t('mfa.code.required') },
                { pattern: /^\d{6}$/, message: t('mfa.code.format') },
              ]}
            >
              <Input
                prefix={<SafetyOutlined />}
                placeholder={t('mfa.code.placeholder')}
                aria-label={t('mfa.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                dir="ltr"
                maxLength={TOTP_DIGITS}
                autoFocus
              />
            </Form.Item>
          )}
          <Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting}>
              {t('mfa.step.submit')}
            </Button>
          </Form.Item>
        </Form>
      )}
      <p className={styles.stepLinks}>
        {mode === 'verify' && !gone && (
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => {
              setUseRecovery((v) => !v);
              setFailure(undefined);
            }}
          >
            {t(useRecovery ? 'mfa.step.useCode' : 'mfa.step.useRecovery')}
          </button>
        )}
        <button type="button" className={styles.linkButton} onClick={onBack}>
          {t('mfa.step.back')}
        </button>
      </p>
    </div>
  );
}
