import {
  changePasswordAccount,
  EMAIL_CODE_LENGTH,
  type MfaEnrolment,
  saveAccountPreferencesAccount,
  TOTP_DIGITS,
} from '@yuexun/contract';
import { BusinessError } from '@yuexun/request';
import { App, Button, Form, Input, List, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { confirmRules } from '../../components/confirm-rule';
import { limitsOf } from '../../components/form-limits';
import { EnrolmentPanel, RecoveryCodesPanel } from '../../components/mfa/EnrolmentPanel';
import { useIntl } from '../../locales/intl';
import { RichMessage } from '../../locales/RichMessage';
import { fieldErrors } from '../../services/client';
import {
  changePassword,
  confirmMfaEnrolment,
  disableMfa,
  querySettings,
  regenerateRecoveryCodes,
  savePreferences,
  sendBackupEmailCode,
  startMfaEnrolment,
  verifyBackupEmail,
} from '../../services/settings';
import { useCountdown } from '../Login/countdown';
import type { SettingsViewProps } from './preferences';

const limits = limitsOf(saveAccountPreferencesAccount.input);
const passwordLimits = limitsOf(changePasswordAccount.input);

type Dialog = 'password' | 'question' | 'email' | 'mfa-bind' | 'mfa-unbind' | 'mfa-codes' | undefined;

const STRENGTH_COLOR = { strong: '#52c41a', medium: '#faad14', weak: '#ff4d4f' } as const;

export const SecurityView = ({ settings, onSaved }: SettingsViewProps) => {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<Dialog>();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  const [enrolment, setEnrolment] = useState<MfaEnrolment>();
  const [codes, setCodes] = useState<string[]>();
  const countdown = useCountdown();
  const { security } = settings;

  /** A refusal on a field goes under it; any other (locked, too soon) is said once. */
  const showFailure = (error: unknown) => {
    const fields = fieldErrors(error);
    if (fields.length > 0) form.setFields(fields.map((f) => ({ name: f.field, errors: [f.message] })));
    else if (error instanceof BusinessError) message.error(error.errorMessage);
  };

  const reload = async () => {
    const fresh = await querySettings();
    if (fresh) onSaved(fresh);
  };

  const submit = async () => {
    if (dialog === 'mfa-codes' && codes) {
      setDialog(undefined);
      return;
    }
    const values = await form.validateFields();
    if (busy) return;
    setBusy(true);
    try {
      if (dialog === 'password') {
        const res = await changePassword(values.oldPassword, values.newPassword);
        const strength = res.datas[0]?.passwordStrength ?? security.passwordStrength;
        onSaved({ ...settings, security: { ...security, passwordStrength: strength } });
        message.success(t('settings.password.changed'));
      } else if (dialog === 'question') {
        const res = await savePreferences({
          securityQuestion: values.question,
          securityAnswer: values.answer,
        });
        if (res.datas[0]) onSaved(res.datas[0]);
        message.success(t('common.saved'));
      } else if (dialog === 'email') {
        await verifyBackupEmail(values.code);
        await reload();
        message.success(t('settings.security.email-verified'));
      } else if (dialog === 'mfa-bind') {
        const done = await confirmMfaEnrolment(values.code);
        await reload();
        message.success(t('mfa.bound'));
        setCodes(done?.recoveryCodes);
        setDialog('mfa-codes');
        return;
      } else if (dialog === 'mfa-unbind') {
        await disableMfa(values.code);
        await reload();
        message.success(t('mfa.unbound'));
      } else if (dialog === 'mfa-codes') {
        const done = await regenerateRecoveryCodes(values.code);
        await reload();
        setCodes(done?.recoveryCodes);
        return;
      }
      setDialog(undefined);
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const sendEmailCode = async () => {
    const { email } = await form.validateFields(['email']);
    try {
      const sent = await sendBackupEmailCode(String(email));
      message.success(t('settings.security.email-sent'));
      countdown.start(sent?.resendInSeconds ?? 60);
    } catch (error) {
      showFailure(error);
    }
  };

  const openBind = async () => {
    form.resetFields();
    setEnrolment(undefined);
    setCodes(undefined);
    setDialog('mfa-bind');
    try {
      setEnrolment(await startMfaEnrolment());
    } catch {
      setDialog(undefined);
    }
  };

  const open = (which: Dialog) => {
    form.resetFields();
    setCodes(undefined);
    setDialog(which);
  };

  const items = [
    {
      key: 'password',
      title: t('settings.security.password'),
      description: (
        <RichMessage
          id="settings.security.password-description"
          values={{
            strength: (
              <span style={{ color: STRENGTH_COLOR[security.passwordStrength] }}>
                {t(`settings.security.${security.passwordStrength}`)}
              </span>
            ),
          }}
        />
      ),
      action: (
        <Button type="link" size="small" onClick={() => open('password')}>
          {t('settings.security.modify')}
        </Button>
      ),
    },
    {
      key: 'phone',
      title: t('settings.security.phone'),
      description: security.boundPhone
        ? t('settings.security.phone-description', { phone: security.boundPhone })
        : t('settings.security.phone-none'),
      action: null,
    },
    {
      key: 'question',
      title: t('settings.security.question'),
      description: security.securityQuestion
        ? t('settings.security.question-set', { question: security.securityQuestion })
        : t('settings.security.question-description'),
      action: (
        <Button type="link" size="small" onClick={() => open('question')}>
          {security.securityQuestion ? t('settings.security.modify') : t('settings.security.set')}
        </Button>
      ),
    },
    {
      key: 'email',
      title: t('settings.security.email'),
      description: security.backupEmail
        ? t('settings.security.email-description', { email: security.backupEmail })
        : t('settings.security.email-none'),
      action: (
        <Button type="link" size="small" onClick={() => open('email')}>
          {security.backupEmail ? t('settings.security.modify') : t('settings.security.set')}
        </Button>
      ),
    },
    {
      key: 'mfa',
      title: t('settings.security.mfa'),
      description: security.mfa.enabled ? (
        <Space size={[8, 4]} wrap>
          <span>{t('mfa.bound-description', { left: security.mfa.recoveryCodesLeft })}</span>
          {security.mfa.required && <Tag color="blue">{t('mfa.required-tag')}</Tag>}
        </Space>
      ) : security.mfa.required ? (
        t('mfa.required-description')
      ) : (
        t('settings.security.mfa-description')
      ),
      action: security.mfa.enabled ? (
        <Space orientation="vertical" size={0} align="end">
          <Button type="link" size="small" onClick={() => open('mfa-codes')}>
            {t('mfa.recovery.renew')}
          </Button>
          {!security.mfa.required && (
            <Button type="link" size="small" onClick={() => open('mfa-unbind')}>
              {t('settings.security.unbind')}
            </Button>
          )}
        </Space>
      ) : (
        <Button type="link" size="small" onClick={() => void openBind()}>
          {t('settings.security.bind')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Typography.Title level={4} style={{ paddingInline: 8 }}>
        {t('settings.menu.security')}
      </Typography.Title>
      <List
        itemLayout="horizontal"
        dataSource={items}
        renderItem={(item) => (
          <List.Item actions={item.action ? [item.action] : []} style={{ paddingInline: 8 }}>
            <List.Item.Meta title={item.title} description={item.description} />
          </List.Item>
        )}
      />
      <Modal
        open={dialog !== undefined}
        title={
          dialog === 'password'
            ? t('settings.password.title')
            : dialog === 'question'
              ? t('settings.security.question')
              : dialog === 'email'
                ? t('settings.security.email')
                : dialog === 'mfa-bind'
                  ? t('mfa.enrol.title')
                  : dialog === 'mfa-unbind'
                    ? t('mfa.unbind.title')
                    : t('mfa.recovery.title')
        }
        okText={
          codes
            ? t('mfa.recovery.saved')
            : dialog === 'mfa-unbind'
              ? t('settings.security.unbind')
              : t('common.save')
        }
        cancelButtonProps={{ style: codes ? { display: 'none' } : undefined }}
        cancelText={t('common.cancel')}
        okButtonProps={{ loading: busy }}
        onOk={() => void submit().catch(() => undefined)}
        onCancel={() => setDialog(undefined)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          {dialog === 'password' && (
            <>
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
            </>
          )}
          {dialog === 'question' && (
            <>
              <Form.Item
                name="question"
                label={t('settings.security.question-label')}
                rules={[{ required: true }, ...limits.securityQuestion.rules]}
              >
                <Input maxLength={limits.securityQuestion.maxLength} />
              </Form.Item>
              <Form.Item
                name="answer"
                label={t('settings.security.answer-label')}
                rules={[{ required: true }, ...limits.securityAnswer.rules]}
              >
                <Input maxLength={limits.securityAnswer.maxLength} />
              </Form.Item>
            </>
          )}
          {dialog === 'email' && (
            <>
              <Form.Item label={t('settings.security.email')} required>
                <Space.Compact style={{ width: '100%' }}>
                  <Form.Item name="email" noStyle rules={[{ required: true, type: 'email' }]}>
                    <Input autoComplete="email" dir="ltr" aria-label={t('settings.security.email')} />
                  </Form.Item>
                  <Button disabled={countdown.left > 0} onClick={() => void sendEmailCode()}>
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
                <Input
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  dir="ltr"
                  maxLength={EMAIL_CODE_LENGTH}
                />
              </Form.Item>
            </>
          )}
          {dialog === 'mfa-bind' && enrolment && <EnrolmentPanel enrolment={enrolment} />}
          {codes && <RecoveryCodesPanel codes={codes} />}
          {(dialog === 'mfa-bind' || dialog === 'mfa-unbind' || dialog === 'mfa-codes') && !codes && (
            <Form.Item
              name="code"
              label={t('mfa.code')}
              extra={dialog === 'mfa-codes' ? t('mfa.recovery.renew-note') : undefined}
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
          )}
        </Form>
      </Modal>
    </>
  );
};
