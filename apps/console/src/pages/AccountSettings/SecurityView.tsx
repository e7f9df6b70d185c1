import { changePasswordAccount, saveAccountPreferencesAccount } from '@yuexun/contract';
import { App, Button, Form, Input, List, Modal, Typography } from 'antd';
import { useState } from 'react';
import { confirmRules } from '../../components/confirm-rule';
import { limitsOf } from '../../components/form-limits';
import { useIntl } from '../../locales/intl';
import { RichMessage } from '../../locales/RichMessage';
import { fieldErrors } from '../../services/client';
import { changePassword, savePreferences } from '../../services/settings';
import { type SettingsViewProps, useSavePreferences } from './preferences';

const limits = limitsOf(saveAccountPreferencesAccount.input);
const passwordLimits = limitsOf(changePasswordAccount.input);

type Dialog = 'password' | 'question' | 'email' | undefined;

const STRENGTH_COLOR = { strong: '#52c41a', medium: '#faad14', weak: '#ff4d4f' } as const;

export const SecurityView = ({ settings, onSaved }: SettingsViewProps) => {
  const { t } = useIntl();
  const { message } = App.useApp();
  const save = useSavePreferences(onSaved);
  const [dialog, setDialog] = useState<Dialog>();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  const { security } = settings;

  const submit = async () => {
    const values = await form.validateFields();
    if (busy) return;
    setBusy(true);
    try {
      if (dialog === 'password') {
        const res = await changePassword(values.oldPassword, values.newPassword);
        const strength = res.datas[0]?.passwordStrength ?? security.passwordStrength;
        onSaved({ ...settings, security: { ...security, passwordStrength: strength } });
        message.success(t('settings.password.changed'));
      } else {
        const res = await savePreferences(
          dialog === 'question'
            ? { securityQuestion: values.question, securityAnswer: values.answer }
            : { backupEmail: values.email },
        );
        if (res.datas[0]) onSaved(res.datas[0]);
        message.success(t('common.saved'));
      }
      setDialog(undefined);
    } catch (error) {
      form.setFields(fieldErrors(error).map((f) => ({ name: f.field, errors: [f.message] })));
    } finally {
      setBusy(false);
    }
  };

  const toggleMfa = () => save({ mfaBound: !security.mfaBound });

  const open = (which: Dialog) => {
    form.resetFields();
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
          {t('settings.security.modify')}
        </Button>
      ),
    },
    {
      key: 'mfa',
      title: t('settings.security.mfa'),
      description: security.mfaBound
        ? t('settings.security.mfa-bound')
        : t('settings.security.mfa-description'),
      action: (
        <Button type="link" size="small" onClick={toggleMfa}>
          {security.mfaBound ? t('settings.security.unbind') : t('settings.security.bind')}
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
              : t('settings.security.email')
        }
        okText={t('common.save')}
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
            <Form.Item
              name="email"
              label={t('settings.security.email')}
              rules={[{ required: true, type: 'email' }]}
            >
              <Input autoComplete="email" dir="ltr" />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
};
