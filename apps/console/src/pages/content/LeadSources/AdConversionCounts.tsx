/**
 * 广告转化回传 on 线索来源 (decision 053): per platform and event, how many conversions were sent, failed or wait.
 * Counted over all leads, so shown to those who see all leads (leads.read.all).
 */
import { AD_EVENTS, type AdConversionCountRow } from '@yuexun/contract';
import { Card, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useIntl } from '../../../locales/intl';
import { listAdConversionCounts } from '../../../services/ad-conversions';

export function AdConversionCounts({ canSettings }: { canSettings: boolean }) {
  const { t } = useIntl();
  const [rows, setRows] = useState<AdConversionCountRow[] | null>(null);
  useEffect(() => {
    let live = true;
    listAdConversionCounts()
      .then((list) => live && setRows(list))
      .catch(() => live && setRows([]));
    return () => {
      live = false;
    };
  }, []);
  const count = (value: number, type?: 'danger' | 'secondary') =>
    value > 0 ? (
      <Typography.Text type={type}>{value}</Typography.Text>
    ) : (
      <Typography.Text type="secondary">0</Typography.Text>
    );

  return (
    <Card
      title={t('adConversions.counts')}
      size="small"
      style={{ marginTop: 16 }}
      extra={canSettings ? <Link to="/site/ad-conversions">{t('adConversions.counts.settings')}</Link> : null}
    >
      <Table<AdConversionCountRow>
        size="small"
        loading={rows === null}
        pagination={false}
        rowKey={(r) => `${r.platform}:${r.event}`}
        dataSource={rows ?? []}
        columns={[
          {
            title: t('adConversions.counts.platform'),
            dataIndex: 'platform',
            render: (_, r) => t(`adConversions.platform.${r.platform}`),
            // The server answers each platform's three events in order: one cell per platform.
            onCell: (r) => ({ rowSpan: r.event === 'submitted' ? AD_EVENTS.length : 0 }),
          },
          {
            title: t('adConversions.counts.event'),
            dataIndex: 'event',
            render: (_, r) => t(`adConversions.event.${r.event}`),
          },
          { title: t('adConversions.counts.sent'), dataIndex: 'sent', render: (_, r) => count(r.sent) },
          {
            title: t('adConversions.counts.failed'),
            dataIndex: 'failed',
            render: (_, r) => count(r.failed, 'danger'),
          },
          {
            title: t('adConversions.counts.pending'),
            dataIndex: 'pending',
            // Phones keep 已回传 and 失败 in sight without scrolling sideways.
            responsive: ['sm'],
            render: (_, r) => count(r.pending, 'secondary'),
          },
        ]}
      />
    </Card>
  );
}
