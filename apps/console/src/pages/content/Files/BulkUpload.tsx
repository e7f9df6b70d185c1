/**
 * 素材库's upload (decision 066): many files at once, three at a time, each in chunks with its own progress bar.
 * A file cut off by the network keeps its upload id, so 重试 continues from what the server already holds; a file
 * the server refuses (its content, its size) says why and is not retried.
 */
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { App, Button, Card, Progress, Space, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from '../../../locales/intl';
import { UploadRefused, uploadInChunks } from '../../../services/file-library';

const AT_ONCE = 3;
/** Bars side by side as the width allows: 20 files fit a screen at 1440 px, one column on a phone. */
const GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  gap: '4px 24px',
  listStyle: 'none',
  margin: '8px 0 0',
  padding: 0,
} as const;

interface Item {
  key: string;
  file: File;
  uploadId: string;
  folderId?: number;
  sent: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed' | 'refused';
  error?: string;
}

/** The upload button (for the toolbar) and the progress panel (above the list), sharing one queue. */
export function useBulkUpload({
  folderId,
  folderName,
  onUploaded,
}: {
  folderId?: number;
  folderName: string;
  onUploaded: () => void;
}) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Item[]>([]);
  // Where the latest files went: the folder chosen when they were picked, not the one browsed since.
  const [target, setTarget] = useState(folderName);
  const running = useRef(new Set<string>());

  const patch = useCallback(
    (key: string, change: Partial<Item>) =>
      setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item))),
    [],
  );

  const run = useCallback(
    async (item: Item) => {
      running.current.add(item.key);
      patch(item.key, { state: 'uploading', error: undefined });
      try {
        await uploadInChunks({
          file: item.file,
          uploadId: item.uploadId,
          folderId: item.folderId,
          onProgress: (sent) => patch(item.key, { sent }),
        });
        patch(item.key, { state: 'done', sent: item.file.size });
        message.success(t('files.uploaded', { name: item.file.name }));
        onUploaded();
      } catch (error) {
        const reason = (error as Error).message;
        patch(item.key, { state: error instanceof UploadRefused ? 'refused' : 'failed', error: reason });
        message.error(`${t('files.uploadFailed', { name: item.file.name })} ${reason}`);
      } finally {
        running.current.delete(item.key);
        // The queue looks again for waiting files once this one's place is free.
        setItems((list) => [...list]);
      }
    },
    [message, onUploaded, patch, t],
  );

  // Starts waiting files while fewer than AT_ONCE are on their way.
  useEffect(() => {
    const free = AT_ONCE - running.current.size;
    const next = items.filter((i) => i.state === 'waiting' && !running.current.has(i.key)).slice(0, free);
    for (const item of next) void run(item);
  }, [items, run]);

  const add = (files: FileList | null) => {
    if (!files) return;
    const added = [...files].map(
      (file): Item => ({
        key: crypto.randomUUID(),
        file,
        uploadId: crypto.randomUUID(),
        folderId,
        sent: 0,
        state: 'waiting',
      }),
    );
    setTarget(folderName);
    setItems((list) => [...list, ...added]);
  };

  const done = items.filter((i) => i.state === 'done').length;
  const button = (
    <span key="upload">
      <input
        ref={input}
        type="file"
        multiple
        hidden
        onChange={(e) => {
          add(e.target.files);
          e.target.value = '';
        }}
      />
      <Button type="primary" icon={<UploadOutlined />} onClick={() => input.current?.click()}>
        {t('files.upload')}
      </Button>
    </span>
  );
  const panel = items.length > 0 && (
    <Card
      size="small"
      data-testid="upload-progress"
      title={`${t('files.library.uploads')} · ${t('files.library.uploadSummary', { done, total: items.length })}`}
      extra={
        <Button
          size="small"
          type="link"
          onClick={() => setItems((list) => list.filter((i) => i.state !== 'done'))}
        >
          {t('files.library.clearDone')}
        </Button>
      }
      style={{ marginBlockEnd: 16 }}
      styles={{ body: { maxHeight: 320, overflowY: 'auto' } }}
    >
      <Typography.Text type="secondary">{t('files.library.uploadInto', { folder: target })}</Typography.Text>
      <ul aria-label={t('files.library.uploads')} style={GRID}>
        {items.map((item) => (
          <li key={item.key} aria-label={item.file.name} style={{ minWidth: 0 }}>
            <Space style={{ width: '100%', justifyContent: 'space-between' }}>
              <Typography.Text ellipsis style={{ maxWidth: 200 }}>
                {item.file.name}
              </Typography.Text>
              {item.state === 'failed' && (
                <Button size="small" onClick={() => run(item)}>
                  {t('files.library.retry')}
                </Button>
              )}
            </Space>
            <Progress
              percent={Math.floor((item.sent / Math.max(item.file.size, 1)) * 100)}
              size="small"
              status={
                item.state === 'done'
                  ? 'success'
                  : item.state === 'failed' || item.state === 'refused'
                    ? 'exception'
                    : 'active'
              }
            />
            {item.error && <Typography.Text type="danger">{item.error}</Typography.Text>}
          </li>
        ))}
      </ul>
    </Card>
  );
  return { button, panel };
}
