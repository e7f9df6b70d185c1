/**
 * 从素材库选择 (issue 35 item 1): a picture chosen from the library, searched by name, folder and tag, a page
 * at a time with thumbnails, or uploaded in place (into the chosen folder). A picture placed in content must have
 * alt text: one without it asks for it (LibraryAltPrompt), saved on the picture (updateFilePictureAdmin) before it
 * is chosen.
 */
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { type AdminFile, measuredSize, objectPositionOf } from '@yuexun/contract';
import { App, Button, Empty, Input, Modal, Pagination, Space, Spin, Typography, Upload } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useIntl } from '../locales/intl';
import { listFiles, previewUrl, setPicture } from '../services/file-admin';
import { moveFiles } from '../services/file-library';
import { errorOf, uploadedOf } from '../services/files';
import { LibraryAltPrompt } from './LibraryAltPrompt';
import { type LibraryFilter, LibraryFilters } from './LibraryFilters';
import { publicUpload } from './upload';

/** 从素材库选择 as a button beside a picture field; `label` names the field for the button's accessible name. */
export function LibraryButton({
  label,
  size,
  minWidth,
  onChoose,
}: {
  label?: string;
  size?: 'small';
  /** The width (px) the place needs to be sharp on a large screen: narrower pictures are marked 偏小. */
  minWidth?: number;
  onChoose: (file: AdminFile) => void;
}) {
  const { t } = useIntl();
  const [picking, setPicking] = useState(false);
  return (
    <>
      <Button
        size={size}
        onClick={() => setPicking(true)}
        {...(label ? { 'aria-label': `${t('library.open')} ${label}` } : {})}
      >
        {t('library.open')}
      </Button>
      <LibraryPicker
        open={picking}
        onClose={() => setPicking(false)}
        onChoose={onChoose}
        minWidth={minWidth}
      />
    </>
  );
}
const PAGE_SIZE = 12;

/** A card's size line: the picture's pixels, marked 偏小 when narrower than the place needs. */
function PicturePixels({ file, narrow }: { file: AdminFile; narrow: boolean }) {
  const { t } = useIntl();
  const pixels = measuredSize(file);
  if (!pixels) return null;
  return (
    <Typography.Text type={narrow ? 'warning' : 'secondary'} style={{ display: 'block', fontSize: 12 }}>
      {t('files.picture.pixels', pixels)}
      {narrow && ` · ${t('files.picture.small')}`}
    </Typography.Text>
  );
}

export function LibraryPicker({
  open,
  onClose,
  onChoose,
  minWidth,
}: {
  open: boolean;
  onClose: () => void;
  onChoose: (file: AdminFile) => void;
  minWidth?: number;
}) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [filter, setFilter] = useState<LibraryFilter>({});
  /** Bumped to read the list again with the same search (after an upload). */
  const [reads, setReads] = useState(0);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<{ items: AdminFile[]; total: number } | null>(null);
  const [chosen, setChosen] = useState<AdminFile | null>(null);
  const [saving, setSaving] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reads asks for a fresh read after an upload
  const load = useCallback(async () => {
    setRows(null);
    // kind 'picture' on the server, so that every page holds PAGE_SIZE pictures and the total counts pictures only.
    const answer = await listFiles({
      keyword: keyword || undefined,
      kind: 'picture',
      ...filter,
      pageIndex: page,
      pageSize: PAGE_SIZE,
    });
    setRows({ items: answer.datas, total: answer.totalRecordCount });
  }, [keyword, filter, page, reads]);
  useEffect(() => {
    if (open) load().catch(() => setRows({ items: [], total: 0 }));
  }, [open, load]);

  /** The picture's width when it is narrower than the place needs. */
  const narrowWidth = (file: AdminFile) => {
    const pixels = measuredSize(file);
    return minWidth && pixels && pixels.width < minWidth ? pixels.width : null;
  };
  const choose = (file: AdminFile) => {
    const narrow = narrowWidth(file);
    if (narrow && minWidth)
      message.warning(t('files.picture.tooNarrow', { width: narrow, wanted: minWidth }));
    if (file.altText) {
      onChoose(file);
      onClose();
      return;
    }
    setChosen(file);
  };
  const saveAlt = async (alt: string) => {
    if (!chosen) return;
    setSaving(true);
    try {
      await setPicture({
        fileUuid: chosen.fileUuid,
        altText: alt,
        focusX: chosen.focusX,
        focusY: chosen.focusY,
      });
      onChoose({ ...chosen, altText: alt });
      setChosen(null);
      onClose();
    } catch {
      // The request layer has shown the server's reason.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('library.title')}
      onCancel={onClose}
      footer={null}
      width={820}
      destroyOnHidden
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('library.search')}
          aria-label={t('library.search')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
          style={{ width: 200 }}
        />
        <LibraryFilters
          value={filter}
          onChange={(value) => {
            setFilter(value);
            setPage(1);
          }}
        />
        <Upload
          name="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          customRequest={publicUpload}
          showUploadList={false}
          onChange={({ file }) => {
            if (file.status !== 'done' && file.status !== 'error') return;
            const uploaded = uploadedOf(file.response);
            if (!uploaded) {
              message.error(
                `${t('files.uploadFailed', { name: file.name })} ${errorOf(file.response) ?? ''}`,
              );
              return;
            }
            // Uploaded while a folder is chosen: the picture belongs there (a refusal is shown by the request
            // layer). The list is read again once it is there, showing that folder without the other filters.
            const into = filter.folderId;
            const refresh = () => {
              setKeyword('');
              setFilter(into ? { folderId: into } : {});
              setPage(1);
              setReads((n) => n + 1);
            };
            if (into) moveFiles([uploaded.fileUuid], into).then(refresh, refresh);
            else refresh();
            choose({
              fileUuid: uploaded.fileUuid,
              fileName: uploaded.fileName,
              fileSize: uploaded.fileSize,
              format: uploaded.format,
              contentType: '',
              visibility: 'public',
              ownerName: null,
              createdAt: new Date().toISOString(),
              usedBy: 0,
              altText: '',
              focusX: 0.5,
              focusY: 0.5,
              width: null,
              height: null,
              folderId: into ?? null,
              tags: [],
            });
          }}
        >
          <Button icon={<UploadOutlined />}>{t('library.upload')}</Button>
        </Upload>
      </Space>
      {chosen && <LibraryAltPrompt key={chosen.fileUuid} file={chosen} saving={saving} onSave={saveAlt} />}
      {rows === null ? (
        <Spin />
      ) : rows.items.length === 0 ? (
        <Empty description={t('library.none')} />
      ) : (
        <div
          style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: 12 }}
        >
          {rows.items.map((f) => (
            <button
              key={f.fileUuid}
              type="button"
              onClick={() => choose(f)}
              aria-label={f.fileName}
              style={{
                border: chosen?.fileUuid === f.fileUuid ? '2px solid #1677ff' : '1px solid #f0f0f0',
                borderRadius: 6,
                padding: 4,
                background: '#fff',
                cursor: 'pointer',
                textAlign: 'start',
              }}
            >
              <img
                src={previewUrl(f.fileUuid)}
                alt={f.altText}
                style={{
                  width: '100%',
                  aspectRatio: '4 / 3',
                  objectFit: 'cover',
                  objectPosition: objectPositionOf(f),
                  display: 'block',
                }}
              />
              <Typography.Text ellipsis style={{ display: 'block', fontSize: 12 }}>
                {f.fileName}
              </Typography.Text>
              <PicturePixels file={f} narrow={narrowWidth(f) !== null} />
              {!f.altText && (
                <Typography.Text type="warning" style={{ fontSize: 12 }}>
                  {t('files.picture.noAlt')}
                </Typography.Text>
              )}
            </button>
          ))}
        </div>
      )}
      <Pagination
        style={{ marginTop: 12, textAlign: 'end' }}
        size="small"
        current={page}
        pageSize={PAGE_SIZE}
        total={rows?.total ?? 0}
        showSizeChanger={false}
        onChange={setPage}
      />
    </Modal>
  );
}
