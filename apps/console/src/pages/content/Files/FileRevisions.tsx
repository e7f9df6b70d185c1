/**
 * 替换与历史版本 (decision 064): upload a new version of a file that keeps its address (a picture only by a
 * picture; the server checks the content as any upload), and the earlier versions with who replaced them
 * when, each restorable.
 */
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { type AdminFile, type FileRevision, formatFileSize } from '@yuexun/contract';
import {
  App,
  Button,
  Grid,
  Modal,
  Popconfirm,
  Space,
  Table,
  type TableColumnsType,
  Typography,
  Upload,
} from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { TimeText } from '../../../components/time/TimeText';
import { publicUpload } from '../../../components/upload';
import { useIntl } from '../../../locales/intl';
import { listFileRevisions, replaceFile, restoreFileRevision } from '../../../services/file-admin';
import { errorOf, uploadedOf } from '../../../services/files';

const IMAGE_FORMATS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp']);

export function FileRevisions({
  file,
  canEdit,
  onClose,
  onChanged,
}: {
  file: AdminFile;
  canEdit: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [rows, setRows] = useState<FileRevision[] | null>(null);
  const [busy, setBusy] = useState(false);
  const picture = IMAGE_FORMATS.has(file.format);
  // Phones: one cell per version (name, size, type, checksum, who and when, 恢复), no sideways scrolling.
  const phone = Grid.useBreakpoint().sm === false;

  const load = useCallback(
    () => listFileRevisions(file.fileUuid).then(setRows, () => setRows([])),
    [file.fileUuid],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const changed = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      message.success(done);
      onChanged();
      await load();
    } catch {
      // The request layer has shown the server's reason.
    } finally {
      setBusy(false);
    }
  };

  const restoreButton = (r: FileRevision) => (
    <Popconfirm
      title={t('files.revisions.restoreConfirm')}
      onConfirm={() => changed(() => restoreFileRevision(file.fileUuid, r.id), t('files.revisions.restored'))}
    >
      <Button type="link" size="small" disabled={busy} style={{ paddingInline: 0 }}>
        {t('files.revisions.restore')}
      </Button>
    </Popconfirm>
  );
  const columns: TableColumnsType<FileRevision> = [
    { title: t('files.name'), dataIndex: 'fileName', ellipsis: true },
    {
      title: t('files.size'),
      dataIndex: 'fileSize',
      width: 90,
      render: (_, r) => formatFileSize(r.fileSize),
    },
    { title: t('files.revisions.type'), dataIndex: 'contentType', width: 110, ellipsis: true },
    {
      title: t('files.revisions.checksum'),
      dataIndex: 'sha256',
      width: 110,
      render: (_, r) => <Typography.Text code>{r.sha256.slice(0, 8)}</Typography.Text>,
    },
    {
      title: t('files.revisions.replacedBy'),
      key: 'by',
      width: 150,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span>{r.replacedByName ?? '-'}</span>
          <TimeText iso={r.replacedAt} />
        </Space>
      ),
    },
    ...(canEdit
      ? [
          {
            title: t('common.operation'),
            key: 'restore',
            width: 80,
            render: (_: unknown, r: FileRevision) => restoreButton(r),
          },
        ]
      : []),
  ];
  const phoneColumns: TableColumnsType<FileRevision> = [
    {
      title: t('files.name'),
      key: 'entry',
      render: (_, r) => (
        <Space direction="vertical" size={0} style={{ width: '100%' }}>
          <Typography.Text strong style={{ wordBreak: 'break-all' }}>
            {r.fileName}
          </Typography.Text>
          <Typography.Text type="secondary">
            {formatFileSize(r.fileSize)} · {r.contentType} ·{' '}
            <Typography.Text code>{r.sha256.slice(0, 8)}</Typography.Text>
          </Typography.Text>
          <Typography.Text type="secondary">
            {r.replacedByName ?? '-'} · <TimeText iso={r.replacedAt} />
          </Typography.Text>
          {canEdit && restoreButton(r)}
        </Space>
      ),
    },
  ];

  return (
    <Modal
      open
      title={t('files.revisions.title', { name: file.fileName })}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('files.revisions.hint')}</Typography.Paragraph>
      {canEdit && (
        <Upload
          name="file"
          accept={picture ? 'image/png,image/jpeg,image/webp,image/gif' : undefined}
          customRequest={publicUpload}
          showUploadList={false}
          disabled={busy}
          onChange={({ file: up }) => {
            if (up.status === 'uploading') setBusy(true);
            if (up.status !== 'done' && up.status !== 'error') return;
            const uploaded = uploadedOf(up.response);
            if (!uploaded) {
              setBusy(false);
              message.error(`${t('files.uploadFailed', { name: up.name })} ${errorOf(up.response) ?? ''}`);
              return;
            }
            void changed(
              () => replaceFile(file.fileUuid, uploaded.fileUuid),
              t('files.revisions.replaced', { name: file.fileName }),
            );
          }}
        >
          <Button type="primary" icon={<UploadOutlined />} loading={busy}>
            {t('files.revisions.replace')}
          </Button>
        </Upload>
      )}
      <Table<FileRevision>
        style={{ marginTop: 16 }}
        size="small"
        rowKey="id"
        loading={rows === null}
        dataSource={rows ?? []}
        pagination={false}
        scroll={phone ? undefined : { x: 600 }}
        locale={{ emptyText: t('files.revisions.none') }}
        columns={phone ? phoneColumns : columns}
      />
    </Modal>
  );
}
