/**
 * The audit log: who changed what and when, in words (describe.ts), filtered by person, kind of
 * record, action and a range of days in Beijing time.
 */
import { PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditEntry, DEFAULT_PAGE_SIZE } from '@yuexun/contract';
import { Grid, Typography } from 'antd';
import { actionText, detailLines, type Lookup, targetText } from '../../../components/audit/describe';
import { tableRequest } from '../../../components/table-request';
import { TimeText } from '../../../components/time/TimeText';
import { dayRangeInstants } from '../../../components/time/time';
import { type MessageId, useIntl } from '../../../locales/intl';
import { listAuditLog, listAuditPeople } from '../../../services/audit';

interface Filters {
  action?: string;
  targetType?: string;
  targetId?: string;
  accountId?: number;
  from?: string;
  to?: string;
}

/** The people who appear in the log, by account. */
const personOptions = async () =>
  (await listAuditPeople()).map((p) => ({ label: p.name, value: p.accountId }));

function Lines({ lines }: { lines: string[] }) {
  return (
    <>
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </>
  );
}

export default function AuditLog() {
  const { t } = useIntl();
  const phone = Grid.useBreakpoint().sm === false;
  const lookup: Lookup = (id, values) => {
    const text = t(id as MessageId, values);
    return text === id ? undefined : text;
  };

  const columns: ProColumns<AuditEntry>[] = [
    {
      title: t('audit.detail'),
      key: 'entry',
      search: false,
      responsive: ['xs'],
      render: (_, e) => (
        <>
          <Typography.Text strong>
            {actionText(lookup, e.action)} · {targetText(lookup, e)}
          </Typography.Text>
          <Lines lines={detailLines(lookup, e)} />
          <Typography.Text type="secondary">
            <TimeText iso={e.at} /> · {e.accountName ?? '-'}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('audit.at'),
      dataIndex: 'at',
      search: false,
      width: 150,
      responsive: ['sm'],
      render: (_, e) => <TimeText iso={e.at} />,
    },
    {
      title: t('audit.range'),
      dataIndex: 'range',
      valueType: 'dateRange',
      hideInTable: true,
      order: 3,
      search: { transform: (days: [string, string]) => dayRangeInstants(days) },
    },
    {
      title: t('audit.person'),
      dataIndex: 'accountId',
      valueType: 'select',
      order: 4,
      width: 110,
      responsive: ['sm'],
      request: personOptions,
      fieldProps: { showSearch: true, optionFilterProp: 'label' },
      render: (_, e) => e.accountName ?? '-',
    },
    {
      title: t('audit.action'),
      dataIndex: 'action',
      order: 2,
      width: 120,
      responsive: ['sm'],
      valueEnum: Object.fromEntries(AUDIT_ACTIONS.map((a) => [a, { text: t(`audit.action.${a}`) }])),
    },
    {
      title: t('audit.target'),
      dataIndex: 'targetType',
      order: 5,
      width: 220,
      responsive: ['sm'],
      valueEnum: Object.fromEntries(AUDIT_TARGET_TYPES.map((a) => [a, { text: t(`audit.target.${a}`) }])),
      render: (_, e) => targetText(lookup, e),
    },
    { title: t('audit.targetId'), dataIndex: 'targetId', hideInTable: true },
    {
      title: t('audit.detail'),
      dataIndex: 'detail',
      search: false,
      responsive: ['sm'],
      render: (_, e) => <Lines lines={detailLines(lookup, e)} />,
    },
  ];
  return (
    <PageContainer>
      <ProTable<AuditEntry, Filters>
        rowKey="id"
        headerTitle={t('menu.content.audit')}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE, showSizeChanger: true }}
        scroll={phone ? undefined : { x: 900 }}
        request={tableRequest(({ pageIndex, pageSize, action, targetType, targetId, accountId, from, to }) =>
          listAuditLog({ pageIndex, pageSize, action, targetType, targetId, accountId, from, to }),
        )}
      />
    </PageContainer>
  );
}
