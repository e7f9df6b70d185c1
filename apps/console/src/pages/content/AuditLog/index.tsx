/** The audit log: who changed what and when, filterable by record type, record id and action. */
import { PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditEntry, DEFAULT_PAGE_SIZE } from '@yuexun/contract';
import { Typography } from 'antd';
import { useIntl } from '../../../locales/intl';
import { listAuditLog } from '../../../services/audit';
import { TimeText } from '../shared/TimeText';

/** "title: …; status: draft → published" from the stored detail. */
const summarise = (detail: Record<string, unknown>) => {
  const parts: string[] = [];
  for (const key of ['title', 'name', 'schoolName'])
    if (typeof detail[key] === 'string') parts.push(detail[key] as string);
  const changes = detail.changes as Record<string, unknown> | undefined;
  if (changes)
    for (const [field, change] of Object.entries(changes))
      parts.push(
        Array.isArray(change) ? `${field}: ${String(change[0] ?? '∅')} → ${String(change[1] ?? '∅')}` : field,
      );
  if (typeof detail.rows === 'number') parts.push(`${detail.rows} rows`);
  return parts.join('；');
};

export default function AuditLog() {
  const { t } = useIntl();
  const columns: ProColumns<AuditEntry>[] = [
    {
      title: t('audit.at'),
      dataIndex: 'at',
      search: false,
      width: 150,
      render: (_, e) => <TimeText iso={e.at} />,
    },
    {
      title: t('audit.account'),
      dataIndex: 'accountName',
      search: false,
      width: 110,
      render: (_, e) => e.accountName ?? '-',
    },
    {
      title: t('audit.action'),
      dataIndex: 'action',
      width: 90,
      valueEnum: Object.fromEntries(AUDIT_ACTIONS.map((a) => [a, { text: t(`audit.action.${a}`) }])),
    },
    {
      title: t('audit.target'),
      dataIndex: 'targetType',
      width: 150,
      valueEnum: Object.fromEntries(AUDIT_TARGET_TYPES.map((a) => [a, { text: t(`audit.target.${a}`) }])),
      render: (_, e) => `${t(`audit.target.${e.targetType}` as never) ?? e.targetType} #${e.targetId}`,
    },
    { title: 'ID', dataIndex: 'targetId', hideInTable: true },
    {
      title: t('audit.detail'),
      dataIndex: 'detail',
      search: false,
      render: (_, e) => (
        <Typography.Text ellipsis={{ tooltip: JSON.stringify(e.detail, null, 1) }} style={{ maxWidth: 480 }}>
          {summarise(e.detail)}
        </Typography.Text>
      ),
    },
  ];
  return (
    <PageContainer>
      <ProTable<AuditEntry, { action?: string; targetType?: string; targetId?: string }>
        rowKey="id"
        headerTitle={t('menu.content.audit')}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE, showSizeChanger: true }}
        scroll={{ x: 800 }}
        request={async ({ current, pageSize, action, targetType, targetId }) => {
          const page = await listAuditLog({ pageIndex: current, pageSize, action, targetType, targetId });
          return { data: page.datas, total: page.totalRecordCount, success: true };
        }}
      />
    </PageContainer>
  );
}
