/** The 保存 of a page edited whole (site settings, the home layout), with the saved version beside it. */
import { Button, Space } from 'antd';
import { useIntl } from '../locales/intl';

export function SaveBar({
  saving,
  onSave,
  version,
}: {
  saving: boolean;
  onSave: () => void;
  version: string;
}) {
  const { t } = useIntl();
  return (
    <Space style={{ marginBottom: 24 }}>
      <Button type="primary" loading={saving} onClick={onSave}>
        {t('common.save')}
      </Button>
      <span style={{ color: 'rgba(0,0,0,0.45)' }}>{version}</span>
    </Space>
  );
}
