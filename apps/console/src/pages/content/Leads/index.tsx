/** Sales leads: search by phone or school, filter by status, follow up in a drawer, export CSV. */
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import { type AdminLead, DEFAULT_PAGE_SIZE, LEAD_STATUSES, type LeadStatus } from '@yuexun/contract';
import { Button, Grid, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { TimeText } from '../../../components/time/TimeText';
import { useIntl } from '../../../locales/intl';
import { leadCsvUrl, listLeads } from '../../../services/leads';
import { actionColumn, RowButton } from '../shared/RowActions';
import { LeadDrawer } from './LeadDrawer';

export const STATUS_COLORS: Record<LeadStatus, string> = {
  new: 'blue',
  contacted: 'cyan',
  qualified: 'gold',
  won: 'green',
  lost: 'default',
};

export default function Leads() {
  const { t } = useIntl();
  // Phones: one cell for the lead, columns as narrow as their content.
  const phone = Grid.useBreakpoint().sm === false;
  const action = useRef<ActionType>(null);
  const [criteria, setCriteria] = useState<{ keyword?: string; status?: string }>({});
  const [open, setOpen] = useState<AdminLead | null>(null);

  const statusEnum = Object.fromEntries(LEAD_STATUSES.map((s) => [s, { text: t(`leads.status.${s}`) }]));

  const columns: ProColumns<AdminLead>[] = [
    { title: t('leads.keyword'), dataIndex: 'keyword', hideInTable: true },
    {
      title: t('leads.lead'),
      key: 'lead',
      search: false,
      responsive: ['xs'],
      render: (_, r) => (
        <>
          <Typography.Text strong>{r.schoolName}</Typography.Text>
          <br />
          {r.contactName} · <a href={`tel:${r.phone}`}>{r.phone}</a>
          <br />
          <Typography.Text type="secondary">
            <TimeText iso={r.createdAt} />
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('leads.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      width: 150,
      responsive: ['sm'],
      render: (_, r) => <TimeText iso={r.createdAt} />,
    },
    {
      title: t('leads.school'),
      dataIndex: 'schoolName',
      search: false,
      ellipsis: true,
      responsive: ['sm'],
    },
    { title: t('leads.contact'), dataIndex: 'contactName', search: false, width: 100, responsive: ['sm'] },
    { title: t('leads.phone'), dataIndex: 'phone', search: false, width: 130, responsive: ['sm'] },
    { title: t('leads.region'), dataIndex: 'region', search: false, responsive: ['lg'] },
    {
      title: t('leads.status'),
      dataIndex: 'status',
      valueEnum: statusEnum,
      width: phone ? undefined : 120,
      render: (_, r) => <Tag color={STATUS_COLORS[r.status]}>{t(`leads.status.${r.status}`)}</Tag>,
    },
    {
      title: t('leads.owner'),
      dataIndex: 'owner',
      search: false,
      width: 100,
      responsive: ['sm'],
      render: (_, r) => r.owner ?? '-',
    },
    actionColumn<AdminLead>(t('common.operation'), phone ? undefined : 90, (r) => [
      <RowButton key="follow" onClick={() => setOpen(r)}>
        {t('leads.follow')}
      </RowButton>,
    ]),
  ];

  return (
    <PageContainer>
      <ProTable<AdminLead, { keyword?: string; status?: LeadStatus }>
        rowKey="id"
        actionRef={action}
        headerTitle={t('menu.content.leads')}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE, showSizeChanger: true }}
        scroll={phone ? undefined : { x: 900 }}
        toolBarRender={() => [
          <Button key="export" icon={<DownloadOutlined />} href={leadCsvUrl(criteria)}>
            {t('leads.export')}
          </Button>,
        ]}
        request={async ({ current, pageSize, keyword, status }) => {
          setCriteria({ keyword, status });
          const page = await listLeads({ pageIndex: current, pageSize, keyword, status });
          return { data: page.datas, total: page.totalRecordCount, success: true };
        }}
      />
      {open && (
        <LeadDrawer
          lead={open}
          onClose={() => setOpen(null)}
          onChanged={(lead) => {
            setOpen(lead);
            action.current?.reload();
          }}
        />
      )}
    </PageContainer>
  );
}
