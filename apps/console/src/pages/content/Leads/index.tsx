/**
 * Sales leads: search by phone, school or company; filter by status, kind, source, campaign, region and
 * submission day; follow up in a drawer; export CSV of the same filters. Opened with a query (an alert's
 * link `?keyword=<phone>`, the source view's `?source=baidu`), the table starts filtered by it.
 */
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import {
  type ActionType,
  PageContainer,
  type ProColumns,
  type ProFormInstance,
  ProTable,
} from '@ant-design/pro-components';
import {
  type AdminLead,
  DEFAULT_PAGE_SIZE,
  LEAD_FOLLOW_UP_FILTERS,
  LEAD_KINDS,
  LEAD_STATUSES,
  type LeadKind,
  type LeadStatus,
  type LeadView,
  leadOrganisation,
  sourceLabel,
} from '@yuexun/contract';
import { Button, Grid, Tag, Typography } from 'antd';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useInitialState } from '../../../app/initial-state';
import { actionColumn, RowButton } from '../../../components/RowActions';
import { tableRequest } from '../../../components/table-request';
import { TimeText } from '../../../components/time/TimeText';
import { dayRangeInstants, instantsDayRange } from '../../../components/time/time';
import { useIntl } from '../../../locales/intl';
import {
  type LeadFilters,
  leadCsvUrl,
  leadFilters,
  listFormChoices,
  listLeadOwners,
  listLeadPage,
} from '../../../services/leads';
import { LeadViews } from './LeadViews';
import { LazyLeadDrawer, LazyPersonalDataModal, prefetchLeadDrawer } from './lazy-parts';
import { scoreColumns, sortOf } from './score-columns';

export const STATUS_COLORS: Record<LeadStatus, string> = {
  new: 'blue',
  contacted: 'cyan',
  qualified: 'gold',
  won: 'green',
  lost: 'default',
};

export const KIND_COLORS: Record<LeadKind, string> = { sales: 'geekblue', agent: 'purple' };

/** Filters a link may carry in the page's query. */
const LINKED_FILTERS = [
  'keyword',
  'status',
  'kind',
  'formId',
  'source',
  'campaign',
  'region',
  'owner',
  'followUp',
] as const;

export default function Leads() {
  const { t } = useIntl();
  const { access } = useInitialState();
  // Phones: one cell for the lead, columns as narrow as their content.
  const phone = Grid.useBreakpoint().sm === false;
  const action = useRef<ActionType>(null);
  const formRef = useRef<ProFormInstance>(undefined);
  const [params] = useSearchParams();
  const linked = Object.fromEntries(
    LINKED_FILTERS.flatMap((key) => (params.get(key) ? [[key, params.get(key)]] : [])),
  );
  const [criteria, setCriteria] = useState<LeadFilters>(linked);
  const [open, setOpen] = useState<AdminLead | null>(null);
  const [privacyOpen, setPrivacyOpen] = useState(false);
  useEffect(prefetchLeadDrawer, []);

  const statusEnum = Object.fromEntries(LEAD_STATUSES.map((s) => [s, { text: t(`leads.status.${s}`) }]));
  const kindEnum = Object.fromEntries(LEAD_KINDS.map((k) => [k, { text: t(`leads.kind.${k}`) }]));
  const followUpEnum = Object.fromEntries(
    LEAD_FOLLOW_UP_FILTERS.map((f) => [f, { text: t(`leads.followUp.${f}`) }]),
  );
  const ownerOptions = async () => [
    { value: 'none', label: t('leads.unassigned') },
    ...(await listLeadOwners()).map((o) => ({ value: String(o.accountId), label: o.name })),
  ];
  const formOptions = async () =>
    (await listFormChoices()).map((f) => ({ value: String(f.id), label: f.name }));
  /** A saved view: its filters replace the search form's, and the table searches with them. */
  const applyView = ({ from, to, ...rest }: LeadView['criteria']) => {
    const form = formRef.current;
    if (!form) return;
    form.resetFields();
    form.setFieldsValue({ ...rest, ...(from && to ? { range: instantsDayRange(from, to) } : {}) });
    form.submit();
  };
  const kindTag = (kind: LeadKind) => <Tag color={KIND_COLORS[kind]}>{t(`leads.kind.${kind}`)}</Tag>;

  const columns: ProColumns<AdminLead>[] = [
    { title: t('leads.keyword'), dataIndex: 'keyword', hideInTable: true, order: 10 },
    {
      title: t('leads.lead'),
      key: 'lead',
      search: false,
      responsive: ['xs'],
      render: (_, r) => (
        <>
          {kindTag(r.kind)}
          <Typography.Text strong>{leadOrganisation(r)}</Typography.Text>
          <br />
          {r.contactName} · <a href={`tel:${r.phone}`}>{r.phone}</a>
          <br />
          <Typography.Text type="secondary">
            <TimeText iso={r.createdAt} /> · {sourceLabel(r.source)} · {r.owner ?? t('leads.unassigned')}
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
      title: t('leads.range'),
      dataIndex: 'range',
      valueType: 'dateRange',
      hideInTable: true,
      order: 4,
      search: { transform: (days: [string, string]) => dayRangeInstants(days) },
    },
    {
      // A filter only: the table keeps its width (a 1440 px screen shows every column).
      title: t('leads.form'),
      dataIndex: 'formId',
      valueType: 'select',
      hideInTable: true,
      request: formOptions,
      fieldProps: { showSearch: true, optionFilterProp: 'label' },
    },
    ...scoreColumns(t),
    {
      title: t('leads.kind'),
      dataIndex: 'kind',
      valueEnum: kindEnum,
      order: 9,
      width: 110,
      responsive: ['sm'],
      render: (_, r) => kindTag(r.kind),
    },
    {
      title: t('leads.organisation'),
      key: 'organisation',
      search: false,
      ellipsis: true,
      width: 170,
      responsive: ['sm'],
      render: (_, r) => leadOrganisation(r),
    },
    {
      title: t('leads.contact'),
      dataIndex: 'contactName',
      search: false,
      width: 150,
      responsive: ['sm'],
      render: (_, r) => (
        <>
          {r.contactName}
          <br />
          <a href={`tel:${r.phone}`}>{r.phone}</a>
        </>
      ),
    },
    {
      title: t('leads.region'),
      dataIndex: 'region',
      order: 5,
      width: 140,
      ellipsis: true,
      responsive: ['lg'],
    },
    {
      title: t('leads.origin'),
      dataIndex: 'source',
      order: 7,
      width: 110,
      // Below 1600 px it is in the drawer and 线索来源: the table fits a 1440 px screen without scrolling.
      responsive: ['xxl'],
      render: (_, r) => sourceLabel(r.source),
    },
    { title: t('leads.campaign'), dataIndex: 'campaign', hideInTable: true, order: 6 },
    {
      title: t('leads.status'),
      dataIndex: 'status',
      valueEnum: statusEnum,
      order: 8,
      width: phone ? undefined : 120,
      render: (_, r) => <Tag color={STATUS_COLORS[r.status]}>{t(`leads.status.${r.status}`)}</Tag>,
    },
    {
      title: t('leads.owner'),
      dataIndex: 'owner',
      valueType: 'select',
      order: 8.5,
      width: 100,
      responsive: ['sm'],
      request: ownerOptions,
      fieldProps: { showSearch: true, optionFilterProp: 'label' },
      render: (_, r) =>
        r.owner ?? <Typography.Text type="secondary">{t('leads.unassigned')}</Typography.Text>,
    },
    {
      title: t('leads.nextFollowUp'),
      dataIndex: 'followUp',
      valueEnum: followUpEnum,
      order: 3,
      width: 150,
      responsive: ['xxl'],
      render: (_, r) =>
        r.nextFollowUpAt ? (
          <Typography.Text type={Date.parse(r.nextFollowUpAt) <= Date.now() ? 'danger' : undefined}>
            <TimeText iso={r.nextFollowUpAt} />
          </Typography.Text>
        ) : (
          '-'
        ),
    },
    actionColumn<AdminLead>(t('common.operation'), phone ? undefined : 90, (r) => [
      <RowButton key="follow" onClick={() => setOpen(r)}>
        {t('leads.follow')}
      </RowButton>,
    ]),
  ];

  return (
    <PageContainer>
      <ProTable<AdminLead, LeadFilters>
        rowKey="id"
        actionRef={action}
        formRef={formRef}
        tableExtraRender={() => <LeadViews current={criteria} onApply={applyView} />}
        headerTitle={t('menu.content.leads')}
        columns={columns}
        search={{ labelWidth: 'auto', defaultCollapsed: true }}
        form={{ initialValues: linked }}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE, showSizeChanger: true }}
        // The columns shown from 1200 px add up to 1140 px: a 1440 px screen shows them all at once.
        scroll={phone ? undefined : { x: 1100 }}
        toolBarRender={() => [
          access.canExportLeads ? (
            <Button key="export" icon={<DownloadOutlined />} href={leadCsvUrl(criteria)}>
              {t('leads.export')}
            </Button>
          ) : null,
          // A person's data request concerns every lead of their number: only for who sees all leads.
          access.canAllLeads && access.canEditLeads ? (
            <Button key="privacy" onClick={() => setPrivacyOpen(true)}>
              {t('leads.privacy.title')}
            </Button>
          ) : null,
        ]}
        request={tableRequest(({ pageIndex, pageSize, ...values }, sort) => {
          const chosen = leadFilters({ ...values, ...sortOf(sort) });
          setCriteria(chosen);
          return listLeadPage(pageIndex, pageSize, chosen);
        })}
      />
      <Suspense fallback={null}>
        {privacyOpen && (
          <LazyPersonalDataModal
            onClose={() => setPrivacyOpen(false)}
            onErased={() => action.current?.reload()}
          />
        )}
        {open && (
          <LazyLeadDrawer
            lead={open}
            onClose={() => setOpen(null)}
            onChanged={(lead) => {
              setOpen(lead);
              action.current?.reload();
            }}
            key={open.id}
          />
        )}
      </Suspense>
    </PageContainer>
  );
}
