/** The delivery log of lead alerts: sent, retrying, failed with the last error, and 重发. */
import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { ALERT_DELIVERY_STATUSES, type AlertDelivery, DEFAULT_PAGE_SIZE } from '@yuexun/contract';
import { Grid, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { actionColumn, RowButton, useListChange } from '../../../components/RowActions';
import { tableRequest } from '../../../components/table-request';
import { TimeText } from '../../../components/time/TimeText';
import { useIntl } from '../../../locales/intl';
import { listDeliveries, resendDelivery } from '../../../services/alerts';

const STATUS_COLORS: Record<AlertDelivery['status'], string> = {
  pending: 'default',
  sending: 'processing',
  sent: 'success',
  retrying: 'warning',
  failed: 'error',
};

export function DeliveryLog() {
  const { t } = useIntl();
  const phone = Grid.useBreakpoint().sm === false;
  const action = useRef<ActionType>(null);
  const change = useListChange();
  const statusEnum = Object.fromEntries(
    ALERT_DELIVERY_STATUSES.map((s) => [s, { text: t(`alerts.status.${s}`) }]),
  );

  const columns: ProColumns<AlertDelivery>[] = [
    {
      title: t('alerts.log.time'),
      dataIndex: 'createdAt',
      search: false,
      width: 150,
      responsive: ['sm'],
      render: (_, d) => <TimeText iso={d.createdAt} />,
    },
    {
      title: t('alerts.log.message'),
      dataIndex: 'label',
      search: false,
      render: (_, d) => (
        <>
          {d.label}
          {phone && (
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              <TimeText iso={d.createdAt} />
            </Typography.Text>
          )}
          {d.lastError && (
            <Typography.Paragraph
              type={d.status === 'sent' ? 'secondary' : 'danger'}
              ellipsis={{ rows: 2, tooltip: d.lastError }}
              style={{ margin: 0, fontSize: 12 }}
            >
              {t('alerts.log.lastError')}：{d.lastError}
            </Typography.Paragraph>
          )}
        </>
      ),
    },
    {
      title: t('alerts.log.status'),
      dataIndex: 'status',
      valueEnum: statusEnum,
      width: phone ? undefined : 110,
      render: (_, d) => <Tag color={STATUS_COLORS[d.status]}>{t(`alerts.status.${d.status}`)}</Tag>,
    },
    {
      title: t('alerts.log.attempts'),
      dataIndex: 'attempts',
      search: false,
      width: 90,
      responsive: ['md'],
      render: (_, d) => `${d.attempts} / ${d.maxAttempts}`,
    },
    actionColumn<AlertDelivery>(t('common.operation'), phone ? undefined : 80, (d) =>
      d.status === 'failed' || d.status === 'retrying' || d.status === 'sent'
        ? [
            <RowButton
              key="resend"
              onClick={() =>
                change(
                  () => resendDelivery(d.id),
                  t('alerts.log.resent'),
                  () => action.current?.reload(),
                )
              }
            >
              {t('alerts.log.resend')}
            </RowButton>,
          ]
        : [],
    ),
  ];

  return (
    <ProTable<AlertDelivery, { status?: AlertDelivery['status'] }>
      rowKey="id"
      actionRef={action}
      headerTitle={t('alerts.tab.log')}
      columns={columns}
      search={{ labelWidth: 'auto' }}
      pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE, showSizeChanger: true }}
      request={tableRequest(({ pageIndex, pageSize, status }) =>
        listDeliveries({ pageIndex, pageSize, status }),
      )}
    />
  );
}
