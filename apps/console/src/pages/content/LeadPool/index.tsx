/**
 * 公海 (decision 058): leads nobody followed up in time, or whose owner left, waiting to be claimed; 领取 makes the
 * caller their owner (one claim wins; a daily limit each). Admins see the pool's age, where leads leak, and set
 * the days and the limit.
 */
import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import { isOneOf, LEAD_KINDS, type PoolLead } from '@yuexun/contract';
import { App, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useInitialState } from '../../../app/initial-state';
import { RowButton } from '../../../components/RowActions';
import { tableRequest } from '../../../components/table-request';
import { TimeText } from '../../../components/time/TimeText';
import { useIntl } from '../../../locales/intl';
import { claimPoolLead, listPool } from '../../../services/lead-pool';
import { KIND_COLORS } from '../Leads';
import { PoolSettingsCard } from './PoolSettingsCard';
import { PoolStatsCards } from './PoolStatsCards';

export default function LeadPool() {
  const { t } = useIntl();
  const { message } = App.useApp();
  const { access } = useInitialState();
  const table = useRef<ActionType>(null);
  const [claiming, setClaiming] = useState<number | null>(null);
  const [changed, setChanged] = useState(0);

  const claim = async (lead: PoolLead) => {
    setClaiming(lead.id);
    try {
      const done = await claimPoolLead(lead.id);
      message.success(t('pool.claimed', { n: done.claimedToday, limit: done.dailyClaimLimit }));
    } catch {
      // The request layer said why (taken by a colleague, the daily limit).
    } finally {
      setClaiming(null);
      setChanged((n) => n + 1);
      table.current?.reload();
    }
  };

  const columns: ProColumns<PoolLead>[] = [
    { title: t('pool.search'), dataIndex: 'keyword', hideInTable: true },
    {
      title: t('pool.kind'),
      dataIndex: 'kind',
      width: 110,
      responsive: ['sm'],
      valueType: 'select',
      fieldProps: { options: LEAD_KINDS.map((k) => ({ value: k, label: t(`leads.kind.${k}`) })) },
      render: (_, row) => <Tag color={KIND_COLORS[row.kind]}>{t(`leads.kind.${row.kind}`)}</Tag>,
    },
    { title: t('pool.organisation'), dataIndex: 'organisation', search: false, ellipsis: true },
    {
      title: t('pool.region'),
      dataIndex: 'region',
      search: false,
      width: 140,
      ellipsis: true,
      responsive: ['md'],
    },
    {
      title: t('pool.contact'),
      dataIndex: 'contactName',
      search: false,
      width: 150,
      responsive: ['sm'],
      render: (_, row) => `${row.contactName} ${row.phone}`,
    },
    {
      title: t('pool.reason'),
      dataIndex: 'reason',
      search: false,
      width: 120,
      responsive: ['lg'],
      render: (_, row) => t(`pool.reason.${row.reason}`),
    },
    {
      title: t('pool.previousOwner'),
      dataIndex: 'previousOwnerName',
      search: false,
      width: 110,
      responsive: ['lg'],
      render: (_, row) => row.previousOwnerName ?? '-',
    },
    {
      title: t('pool.days'),
      dataIndex: 'poolDays',
      search: false,
      width: 96,
      render: (_, row) => <span title={row.pooledAt}>{t('pool.daysValue', { n: row.poolDays })}</span>,
    },
    {
      title: t('leads.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      width: 170,
      responsive: ['xl'],
      render: (_, row) => <TimeText iso={row.createdAt} />,
    },
    {
      title: '',
      key: 'claim',
      search: false,
      width: 72,
      fixed: 'right',
      render: (_, row) =>
        access.canLeadPool && (
          <RowButton loading={claiming === row.id} onClick={() => claim(row)}>
            {t('pool.claim')}
          </RowButton>
        ),
    },
  ];

  return (
    <PageContainer content={t('pool.intro')}>
      {access.canLeadPoolManage && (
        <>
          <PoolStatsCards reloadKey={changed} />
          <PoolSettingsCard />
        </>
      )}
      <ProTable<PoolLead>
        rowKey="id"
        actionRef={table}
        headerTitle={t('menu.content.lead-pool')}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        scroll={{ x: 'max-content' }}
        request={tableRequest(async (params) =>
          listPool({
            pageIndex: params.pageIndex,
            pageSize: params.pageSize,
            kind: isOneOf(LEAD_KINDS, params.kind) ? params.kind : undefined,
            keyword:
              typeof params.keyword === 'string' && params.keyword.trim() ? params.keyword.trim() : undefined,
          }),
        )}
      />
    </PageContainer>
  );
}
