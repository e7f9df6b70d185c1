/**
 * 个人信息请求 (PIPL): a person asks for their data or for it to be deleted. The admin types the phone
 * number, downloads their copy as CSV (every lead of it with its consent, then the timelines), or deletes
 * them all (with their timelines); both are audited.
 */
import { MOBILE_PHONE_PATTERN } from '@yuexun/contract';
import { App, Button, Form, Input, Modal, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useIntl } from '../../../locales/intl';
import { eraseLeadsOfPhone, leadCsvUrl } from '../../../services/leads';

interface Props {
  onClose: () => void;
  /** After an erasure: the table reloads. */
  onErased: () => void;
}

export function PersonalDataModal({ onClose, onErased }: Props) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState(false);
  const valid = MOBILE_PHONE_PATTERN.test(phone);

  const erase = async () => {
    setBusy(true);
    try {
      const answer = await eraseLeadsOfPhone(phone);
      message.success(answer.message ?? t('leads.privacy.erased'));
      onErased();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={t('leads.privacy.title')} onCancel={onClose} footer={null} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('leads.privacy.intro')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item
          label={t('leads.privacy.phone')}
          htmlFor="personal-data-phone"
          validateStatus={phone && !valid ? 'error' : undefined}
          help={phone && !valid ? t('leads.privacy.badPhone') : undefined}
        >
          <Input
            id="personal-data-phone"
            value={phone}
            inputMode="numeric"
            maxLength={11}
            onChange={(e) => setPhone(e.target.value.trim())}
            placeholder="13800000000"
          />
        </Form.Item>
        <Space wrap>
          <Button href={valid ? leadCsvUrl({ phone }) : undefined} disabled={!valid}>
            {t('leads.privacy.export')}
          </Button>
          <Popconfirm
            title={t('leads.privacy.confirm')}
            okText={t('leads.privacy.erase')}
            okButtonProps={{ danger: true }}
            onConfirm={erase}
            disabled={!valid}
          >
            <Button danger disabled={!valid} loading={busy}>
              {t('leads.privacy.erase')}
            </Button>
          </Popconfirm>
        </Space>
      </Form>
    </Modal>
  );
}
