/**
 * Uploads older than a day that nothing refers to (dropped from an article or product, abandoned):
 * listed in a drawer and removed in one confirmed action. The server re-checks each file's
 * references while deleting, so a file that is used again is kept.
 */
import { type AdminFile, formatFileSize, ORPHAN_MIN_AGE_HOURS } from '@yuexun/contract';
import { Alert, App, Button, Drawer, Empty, Grid, List, Popconfirm, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { TimeText } from '../../../components/time/TimeText';
import { useIntl } from '../../../locales/intl';
import { deleteOrphanFiles, listOrphanFiles } from '../../../services/file-admin';

export function OrphanFiles({ onClose, onRemoved }: { onClose: () => void; onRemoved: () => void }) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const narrow = !Grid.useBreakpoint().md;
  const [files, setFiles] = useState<AdminFile[] | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    listOrphanFiles().then(setFiles, () => setFiles([]));
  }, []);
  useEffect(load, [load]);

  const removeAll = async (list: AdminFile[]) => {
    setBusy(true);
    try {
      const removed = await deleteOrphanFiles(list.map((f) => f.fileUuid));
      const kept = list.length - removed.length;
      message.success(
        kept > 0
          ? t('files.orphans.removedSomeKept', { n: removed.length, kept })
          : t('files.orphans.removed', { n: removed.length }),
      );
      onRemoved();
    } finally {
      setBusy(false);
      load();
    }
  };

  const total = files?.reduce((sum, f) => sum + f.fileSize, 0) ?? 0;
  return (
    <Drawer
      open
      title={t('files.orphans.title')}
      onClose={onClose}
      size={narrow ? '100%' : 640}
      destroyOnHidden
      extra={
        files && files.length > 0 ? (
          <Popconfirm
            title={t('files.orphans.confirm', { n: files.length, size: formatFileSize(total) })}
            onConfirm={() => removeAll(files)}
          >
            <Button danger loading={busy}>
              {t('files.orphans.removeAll', { n: files.length })}
            </Button>
          </Popconfirm>
        ) : null
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('files.orphans.hint', { hours: ORPHAN_MIN_AGE_HOURS })}
      />
      {files && files.length === 0 ? (
        <Empty description={t('files.orphans.none')} />
      ) : (
        <List
          loading={files === null}
          dataSource={files ?? []}
          rowKey="fileUuid"
          renderItem={(f) => (
            <List.Item>
              <List.Item.Meta
                title={<Typography.Text ellipsis>{f.fileName}</Typography.Text>}
                description={
                  <>
                    {formatFileSize(f.fileSize)} · <TimeText iso={f.createdAt} /> · {f.ownerName ?? '-'}
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
