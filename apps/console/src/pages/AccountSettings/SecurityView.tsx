/**
 * 安全设置: password, phone, security question, backup e-mail and two-step verification, each changed in its
 * own dialog (security/).
 */
import type { MfaEnrolment } from '@yuexun/contract';
import { Button, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useIntl } from '../../locales/intl';
import { RichMessage } from '../../locales/RichMessage';
import { querySettings, startMfaEnrolment } from '../../services/settings';
import type { SettingsViewProps } from './preferences';
import type { SecurityDialogProps } from './security/dialog-props';
import { EmailDialog } from './security/EmailDialog';
import { MfaBindDialog } from './security/MfaBindDialog';
import { MfaUnbindDialog } from './security/MfaUnbindDialog';
import { PasswordDialog } from './security/PasswordDialog';
import { QuestionDialog } from './security/QuestionDialog';
import { RecoveryCodesDialog } from './security/RecoveryCodesDialog';

type Dialog = 'password' | 'question' | 'email' | 'mfa-bind' | 'mfa-unbind' | 'mfa-codes';

/** The open dialog, one file each. */
function OpenDialog({
  which,
  enrolment,
  ...props
}: SecurityDialogProps & { which: Dialog; enrolment: MfaEnrolment | undefined }) {
  switch (which) {
    case 'password':
      return <PasswordDialog {...props} />;
    case 'question':
      return <QuestionDialog {...props} />;
    case 'email':
      return <EmailDialog {...props} />;
    case 'mfa-bind':
      return <MfaBindDialog {...props} enrolment={enrolment} />;
    case 'mfa-unbind':
      return <MfaUnbindDialog {...props} />;
    case 'mfa-codes':
      return <RecoveryCodesDialog {...props} />;
  }
}

const STRENGTH_COLOR = { strong: '#52c41a', medium: '#faad14', weak: '#ff4d4f' } as const;

export const SecurityView = ({ settings, onSaved }: SettingsViewProps) => {
  const { t } = useIntl();
  const [dialog, setDialog] = useState<Dialog>();
  const [enrolment, setEnrolment] = useState<MfaEnrolment>();
  const { security } = settings;

  const reload = async () => {
    const fresh = await querySettings();
    if (fresh) onSaved(fresh);
  };

  const openBind = async () => {
    setEnrolment(undefined);
    setDialog('mfa-bind');
    try {
      setEnrolment(await startMfaEnrolment());
    } catch {
      setDialog(undefined);
    }
  };

  const open = (which: Dialog) => setDialog(which);
  const dialogProps = { settings, onSaved, reload, enrolment, onClose: () => setDialog(undefined) };

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
      {dialog && <OpenDialog key={dialog} which={dialog} {...dialogProps} />}
    </>
  );
};
