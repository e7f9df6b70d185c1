/**
 * 客户 (decision 058): the schools leads belong to, with their leads, owners and latest status; a salesperson
 * limited to their own leads sees their schools only. A row opens the school's page.
 */
import { PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import type { SchoolAccount } from '@yuexun/contract';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { tableRequest } from '../../../components/table-request';
import { TimeText } from '../../../components/time/TimeText';
import { useIntl } from '../../../locales/intl';
import { listSchoolAccounts } from '../../../services/school-accounts';
import { STATUS_COLORS } from '../Leads';

export default function Accounts() {
  const { t } = useIntl();
  const columns: ProColumns<SchoolAccount>[] = [
    {
      title: t('accounts.search'),
      dataIndex: 'keyword',
      hideInTable: true,
    },
    {
      title: t('accounts.name'),
      dataIndex: 'name',
      search: false,
      ellipsis: true,
      render: (_, row) => <Link to={`/content/accounts/${row.id}`}>{row.name}</Link>,
    },
    {
      title: t('accounts.region'),
      dataIndex: 'region',
      search: false,
      ellipsis: true,
      width: 140,
      responsive: ['sm'],
    },
    { title: t('accounts.leads'), dataIndex: 'leadCount', search: false, width: 72 },
    { title: t('accounts.open'), dataIndex: 'openLeadCount', search: false, width: 80, responsive: ['md'] },
    {
      title: t('accounts.owners'),
      dataIndex: 'owners',
      search: false,
      width: 160,
      responsive: ['sm'],
      render: (_, row) => row.owners.join('、') || '-',
    },
    {
      title: t('accounts.latestStatus'),
      dataIndex: 'latestStatus',
      search: false,
      width: 100,
      render: (_, row) =>
        row.latestStatus ? (
          <Tag color={STATUS_COLORS[row.latestStatus]}>{t(`leads.status.${row.latestStatus}`)}</Tag>
        ) : (
          '-'
        ),
    },
    {
      title: t('accounts.lastActivity'),
      dataIndex: 'lastActivityAt',
      search: false,
      width: 170,
      responsive: ['lg'],
      render: (_, row) => (row.lastActivityAt ? <TimeText iso={row.lastActivityAt} /> : '-'),
    },
  ];
  return (
    <PageContainer content={t('accounts.intro')}>
      <ProTable<SchoolAccount>
        rowKey="id"
        headerTitle={t('menu.content.accounts')}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        scroll={{ x: 'max-content' }}
        request={tableRequest(async (params) =>
          listSchoolAccounts({
            pageIndex: params.pageIndex,
            pageSize: params.pageSize,
            keyword:
              typeof params.keyword === 'string' && params.keyword.trim() ? params.keyword.trim() : undefined,
          }),
        )}
      />
    </PageContainer>
  );
}
