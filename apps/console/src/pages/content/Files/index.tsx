/** Stored files: search, upload (public, for covers and pictures), preview, download, delete. */
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import { type AdminFile, DEFAULT_PAGE_SIZE, formatFileSize } from '@yuexun/contract';
import { App, Button, Grid, Image, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useInitialState } from '../../../app/initial-state';
import { actionColumn, DeleteButton, RowButton } from '../../../components/RowActions';
import { tableRequest } from '../../../components/table-request';
import { TimeText } from '../../../components/time/TimeText';
import { publicUpload } from '../../../components/upload';
import { useIntl } from '../../../locales/intl';
import { deleteFile, downloadUrl, listFiles, previewUrl } from '../../../services/file-admin';
import { errorOf, uploadedOf } from '../../../services/files';
import { FileRevisions } from './FileRevisions';
import { FileUsages } from './FileUsages';
import { OrphanFiles } from './OrphanFiles';
import { PictureDialog } from './PictureDialog';

/** Links beside the row buttons keep their two characters on one line. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

const IMAGE_FORMATS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp']);

export default function Files() {
  const { t } = useIntl();
  const { message } = App.useApp();
  // Uploading and deleting are files.write; a read-only role browses and downloads.
  const canEdit = useInitialState().access.canEditFiles;
  const action = useRef<ActionType>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [orphans, setOrphans] = useState(false);
  const [picture, setPicture] = useState<AdminFile | null>(null);
  const [revisions, setRevisions] = useState<AdminFile | null>(null);
  // Phones: one cell per file (name, size, upload time), no sideways scrolling.
  const phone = Grid.useBreakpoint().sm === false;

  const columns: ProColumns<AdminFile>[] = [
    { title: t('files.name'), dataIndex: 'keyword', hideInTable: true },
    {
      title: t('files.name'),
      key: 'entry',
      search: false,
      responsive: ['xs'],
      render: (_, f) => (
        <>
          <Typography.Text strong style={{ wordBreak: 'break-all' }}>
            {f.fileName}
          </Typography.Text>
          <br />
          <Typography.Text type="secondary">
            {formatFileSize(f.fileSize)} · <TimeText iso={f.createdAt} />
          </Typography.Text>
          <br />
          <FileUsages fileUuid={f.fileUuid} count={f.usedBy} />
        </>
      ),
    },
    {
      title: t('files.name'),
      dataIndex: 'fileName',
      search: false,
      ellipsis: true,
      responsive: ['sm'],
      render: (_, f) =>
        IMAGE_FORMATS.has(f.format) ? (
          <span>
            <img
              src={previewUrl(f.fileUuid)}
              alt=""
              width={32}
              height={32}
              style={{ objectFit: 'cover', marginInlineEnd: 8, verticalAlign: 'middle' }}
            />
            {f.fileName}
            {!f.altText && (
              <Typography.Text type="warning" style={{ marginInlineStart: 8 }}>
                {t('files.picture.noAlt')}
              </Typography.Text>
            )}
          </span>
        ) : (
          f.fileName
        ),
    },
    { title: t('files.format'), dataIndex: 'format', width: 90, responsive: ['sm'] },
    {
      title: t('files.size'),
      dataIndex: 'fileSize',
      search: false,
      width: 100,
      responsive: ['sm'],
      render: (_, f) => formatFileSize(f.fileSize),
    },
    {
      title: t('files.owner'),
      dataIndex: 'ownerName',
      search: false,
      width: 110,
      responsive: ['lg'],
      render: (_, f) => f.ownerName ?? '-',
    },
    {
      title: t('files.usedBy'),
      dataIndex: 'usedBy',
      search: false,
      width: 100,
      responsive: ['sm'],
      render: (_, f) => <FileUsages fileUuid={f.fileUuid} count={f.usedBy} />,
    },
    {
      title: t('files.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      width: 150,
      responsive: ['sm'],
      render: (_, f) => <TimeText iso={f.createdAt} />,
    },
    actionColumn<AdminFile>(
      t('common.operation'),
      phone ? undefined : 330,
      (f) => [
        canEdit && IMAGE_FORMATS.has(f.format) ? (
          <RowButton key="picture" onClick={() => setPicture(f)}>
            {t('files.picture.open')}
          </RowButton>
        ) : null,
        IMAGE_FORMATS.has(f.format) ? (
          <RowButton key="preview" onClick={() => setPreview(previewUrl(f.fileUuid))}>
            {t('files.preview')}
          </RowButton>
        ) : (
          <a
            key="preview"
            style={NO_WRAP}
            href={downloadUrl(f.fileUuid, f.fileName, true)}
            target="_blank"
            rel="noopener"
          >
            {t('files.preview')}
          </a>
        ),
        <a key="download" style={NO_WRAP} href={downloadUrl(f.fileUuid, f.fileName)}>
          {t('files.download')}
        </a>,
        <RowButton key="revisions" onClick={() => setRevisions(f)}>
          {t('files.revisions.open')}
        </RowButton>,
        canEdit ? (
          <DeleteButton
            key="delete"
            confirm={t('files.deleteConfirm', { name: f.fileName })}
            description={f.usedBy > 0 ? t('files.deleteUsed', { n: f.usedBy }) : undefined}
            remove={() => deleteFile(f.fileUuid)}
            onSettled={() => action.current?.reload()}
          />
        ) : null,
      ],
      { stacked: phone },
    ),
  ];

  return (
    <PageContainer>
      <ProTable<AdminFile, { keyword?: string; format?: string }>
        rowKey="fileUuid"
        actionRef={action}
        headerTitle={t('menu.content.files')}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE, showSizeChanger: true }}
        scroll={phone ? undefined : { x: 800 }}
        toolBarRender={() => [
          ...(canEdit
            ? [
                <Button key="orphans" onClick={() => setOrphans(true)}>
                  {t('files.orphans.open')}
                </Button>,
                <Upload
                  key="upload"
                  name="file"
                  customRequest={publicUpload}
                  multiple
                  showUploadList={false}
                  onChange={({ file }) => {
                    if (file.status !== 'done' && file.status !== 'error') return;
                    if (uploadedOf(file.response)) {
                      message.success(t('files.uploaded', { name: file.name }));
                      action.current?.reload();
                    } else {
                      message.error(
                        `${t('files.uploadFailed', { name: file.name })} ${errorOf(file.response) ?? ''}`,
                      );
                    }
                  }}
                >
                  <Button type="primary" icon={<UploadOutlined />}>
                    {t('files.upload')}
                  </Button>
                </Upload>,
              ]
            : []),
        ]}
        request={tableRequest(({ keyword, format, ...paging }) => listFiles({ ...paging, keyword, format }))}
      />
      {picture && (
        <PictureDialog
          picture={picture}
          onClose={() => setPicture(null)}
          onSaved={() => action.current?.reload()}
        />
      )}
      {revisions && (
        <FileRevisions
          file={revisions}
          canEdit={canEdit}
          onClose={() => setRevisions(null)}
          onChanged={() => action.current?.reload()}
        />
      )}
      {orphans && (
        <OrphanFiles onClose={() => setOrphans(false)} onRemoved={() => action.current?.reload()} />
      )}
      <Image
        style={{ display: 'none' }}
        src={preview ?? undefined}
        preview={{
          open: preview !== null,
          src: preview ?? undefined,
          onOpenChange: (open) => !open && setPreview(null),
        }}
      />
    </PageContainer>
  );
}
