/** Shows an invitation or reset link, or an initial password, exactly once, with copy buttons. */
import type { StaffCredential } from '@yuexun/contract';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { showTime } from '../../components/time/time';
import { useIntl } from '../../locales/intl';
import { passwordLinkUrl } from '../../services/staff';

export function OnceModal({ made, onClose }: { made: StaffCredential; onClose: () => void }) {
  const { t } = useIntl();
  const { member } = made;
  const link = made.linkToken ? passwordLinkUrl(made.linkToken) : null;
  const expires = showTime(made.linkExpiresAt);
  const copyable = (text: string) => (
    <Typography.Paragraph
      copyable={{ text, tooltips: [t('staff.once.copy'), t('staff.once.copied')] }}
      code
      style={{ wordBreak: 'break-all', marginBottom: 8 }}
      data-testid="once-value"
    >
      {text}
    </Typography.Paragraph>
  );
  return (
    <Modal
      open
      title={t('staff.once.title', { name: member.name })}
      closable={false}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('staff.once.done')}
        </Button>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {made.credential === 'existing' ? (
          <Alert type="info" showIcon message={t('staff.once.existing')} />
        ) : (
          <Alert type="warning" showIcon message={t('staff.once.hint')} />
        )}
        {link ? (
          <>
            <Typography.Text strong>
              {t(made.credential === 'reset' ? 'staff.once.reset' : 'staff.once.invite', { expires })}
            </Typography.Text>
            {copyable(link)}
          </>
        ) : null}
        {made.initialPassword ? (
          <>
            <Typography.Text strong>{t('staff.once.password')}</Typography.Text>
            {copyable(member.username)}
            {copyable(made.initialPassword)}
          </>
        ) : null}
      </Space>
    </Modal>
  );
}
