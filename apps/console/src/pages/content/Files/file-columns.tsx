/** 素材库's list columns: search fields (name, type, tag, format) and the cells, a phone cell included. */
import type { ProColumns } from '@ant-design/pro-components';
import { type AdminFile, FILE_KINDS, formatFileSize, measuredSize } from '@yuexun/contract';
import { Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { TimeText } from '../../../components/time/TimeText';
import type { useIntl } from '../../../locales/intl';
import { previewUrl } from '../../../services/file-admin';
import { FileUsages } from './FileUsages';

export const IMAGE_FORMATS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp']);

const tagsOf = (f: AdminFile) =>
  f.tags.map((tag) => (
    <Tag key={tag} color="blue" style={{ marginInlineEnd: 4 }}>
      {tag}
    </Tag>
  ));

const pixelsText = (t: ReturnType<typeof useIntl>['t'], f: AdminFile) => {
  const pixels = measuredSize(f);
  return pixels ? `${t('files.picture.pixels', pixels)} · ` : '';
};

export const fileColumns = (
  t: ReturnType<typeof useIntl>['t'],
  tags: string[],
  actions: ProColumns<AdminFile>,
): ProColumns<AdminFile>[] => [
  { title: t('files.name'), dataIndex: 'keyword', hideInTable: true },
  {
    title: t('files.library.kind'),
    dataIndex: 'kind',
    hideInTable: true,
    valueType: 'select',
    valueEnum: Object.fromEntries(FILE_KINDS.map((k) => [k, { text: t(`files.library.kind.${k}`) }])),
  },
  {
    title: t('files.library.tag'),
    dataIndex: 'tag',
    hideInTable: true,
    valueType: 'select',
    fieldProps: { showSearch: true, options: tags.map((tag) => ({ value: tag, label: tag })) },
  },
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
          {formatFileSize(f.fileSize)} · {pixelsText(t, f)}
          <TimeText iso={f.createdAt} />
        </Typography.Text>
        <br />
        {tagsOf(f)}
        <FileUsages fileUuid={f.fileUuid} count={f.usedBy} />
      </>
    ),
  },
  {
    title: t('files.name'),
    dataIndex: 'fileName',
    search: false,
    ellipsis: true,
    width: 280,
    responsive: ['sm'],
    render: (_, f): ReactNode =>
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
  {
    title: t('files.library.tags'),
    dataIndex: 'tags',
    search: false,
    width: 150,
    responsive: ['sm'],
    render: (_, f) => tagsOf(f),
  },
  { title: t('files.format'), dataIndex: 'format', width: 90, responsive: ['sm'] },
  {
    title: t('files.size'),
    dataIndex: 'fileSize',
    search: false,
    width: 130,
    responsive: ['sm'],
    render: (_, f) => {
      const pixels = measuredSize(f);
      return (
        <>
          {formatFileSize(f.fileSize)}
          {pixels && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {t('files.picture.pixels', pixels)}
            </Typography.Text>
          )}
        </>
      );
    },
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
  actions,
];
