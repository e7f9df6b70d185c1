/**
 * The archives, newest first: when, by whom (the schedule or 立即备份), size, status with a failure's reason,
 * and 下载 for a successful one. 立即备份 sits above the list; while a run is queued or running the button
 * waits and the page refreshes the list (index.tsx).
 */
import CloudUploadOutlined from '@ant-design/icons/CloudUploadOutlined';
import { type ProColumns, ProTable } from '@ant-design/pro-components';
import { type BackupRunView, formatFileSize } from '@yuexun/contract';
import { Button, Grid, Tag, Typography } from 'antd';
import { TimeText } from '../../../components/time/TimeText';
import { useIntl } from '../../../locales/intl';
import { backupDownloadUrl } from '../../../services/backups';

const STATUS_COLORS: Record<BackupRunView['status'], string> = {
  queued: 'default',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
};

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

export function RunTable({
  runs,
  busy,
  starting,
  onStart,
}: {
  runs: BackupRunView[];
  /** A run is queued or running: another 立即备份 would be refused. */
  busy: boolean;
  starting: boolean;
  onStart: () => void;
}) {
  const { t } = useIntl();
  const phone = Grid.useBreakpoint().sm === false;

  const trigger = (r: BackupRunView) =>
    r.trigger === 'manual'
      ? t('backups.trigger.manual', { name: r.requestedBy ?? '-' })
      : t('backups.trigger.schedule');
  const size = (r: BackupRunView) =>
    r.sizeBytes === null ? (
      '-'
    ) : (
      <span style={NO_WRAP}>
        {formatFileSize(r.sizeBytes)}
        {r.files !== null && (
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {t('backups.files', { n: r.files })}
          </Typography.Text>
        )}
      </span>
    );

  const columns: ProColumns<BackupRunView>[] = [
    {
      title: t('backups.time'),
      dataIndex: 'createdAt',
      width: phone ? undefined : 160,
      render: (_, r) => (
        <>
          <span style={NO_WRAP}>
            <TimeText iso={r.createdAt} />
          </span>
          {phone && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {trigger(r)}
              {r.sizeBytes !== null && ` · ${formatFileSize(r.sizeBytes)}`}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: t('backups.trigger'),
      dataIndex: 'trigger',
      responsive: ['sm'],
      render: (_, r) => trigger(r),
    },
    {
      title: t('backups.size'),
      dataIndex: 'sizeBytes',
      width: 120,
      responsive: ['sm'],
      render: (_, r) => size(r),
    },
    {
      title: t('backups.status'),
      dataIndex: 'status',
      render: (_, r) => (
        <>
          <Tag color={STATUS_COLORS[r.status]}>{t(`backups.status.${r.status}`)}</Tag>
          {r.error && (
            <Typography.Paragraph
              type="danger"
              ellipsis={{ rows: 3, tooltip: r.error }}
              style={{ margin: '4px 0 0', fontSize: 12, wordBreak: 'break-all' }}
            >
              {t('backups.error', { error: r.error })}
            </Typography.Paragraph>
          )}
        </>
      ),
    },
    {
      title: t('common.operation'),
      key: 'download',
      width: phone ? 64 : 90,
      render: (_, r) =>
        r.status === 'succeeded' && r.fileName ? (
          <a href={backupDownloadUrl(r.id)} download={r.fileName} style={NO_WRAP}>
            {t('backups.download')}
          </a>
        ) : null,
    },
  ];

  return (
    <ProTable<BackupRunView>
      rowKey="id"
      headerTitle={t('backups.list')}
      columns={columns}
      dataSource={runs}
      search={false}
      options={false}
      pagination={{ defaultPageSize: 10, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      toolBarRender={() => [
        <Button
          key="start"
          type="primary"
          icon={<CloudUploadOutlined />}
          loading={starting || busy}
          disabled={busy}
          onClick={onStart}
        >
          {t('backups.start')}
        </Button>,
      ]}
      locale={{ emptyText: t('backups.empty') }}
    />
  );
}
