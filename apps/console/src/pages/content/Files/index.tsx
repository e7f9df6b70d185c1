/**
 * 素材库 (decision 066): folders beside the list, search by name, type, tag and format (paged on the server),
 * bulk upload with a progress bar per file into the chosen folder, bulk move and tag of the selected files,
 * and per file: preview, download, where it is used, alt text and focal point, delete.
 */
import { type ActionType, PageContainer, ProTable } from '@ant-design/pro-components';
import { type AdminFile, DEFAULT_PAGE_SIZE, type FileFolder, type FileKindName } from '@yuexun/contract';
import { Button, Card, Col, Grid, Image, Row } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useInitialState } from '../../../app/initial-state';
import { actionColumn, DeleteButton, RowButton } from '../../../components/RowActions';
import { tableRequest } from '../../../components/table-request';
import { useIntl } from '../../../locales/intl';
import { deleteFile, downloadUrl, listFiles, previewUrl } from '../../../services/file-admin';
import { listFolders, listTags } from '../../../services/file-library';
import { BulkActions } from './BulkActions';
import { useBulkUpload } from './BulkUpload';
import { FileRevisions } from './FileRevisions';
import { FolderTree } from './FolderTree';
import { fileColumns, IMAGE_FORMATS } from './file-columns';
import { OrphanFiles } from './OrphanFiles';
import { PictureDialog } from './PictureDialog';

/** Links beside the row buttons keep their two characters on one line. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

type Search = { keyword?: string; format?: string; kind?: FileKindName; tag?: string; folderId?: number };

export default function Files() {
  const { t } = useIntl();
  // Uploading, filing and deleting are files.write; a read-only role browses and downloads.
  const canEdit = useInitialState().access.canEditFiles;
  const action = useRef<ActionType>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [orphans, setOrphans] = useState(false);
  const [picture, setPicture] = useState<AdminFile | null>(null);
  const [revisions, setRevisions] = useState<AdminFile | null>(null);
  const [folderId, setFolderId] = useState<number | undefined>();
  const [folders, setFolders] = useState<FileFolder[]>([]);
  const [tags, setTags] = useState<string[]>([]);
  const [selected, setSelected] = useState<string[]>([]);
  // Phones: one cell per file (name, size, upload time), no sideways scrolling.
  const phone = Grid.useBreakpoint().sm === false;

  const loadFacets = useCallback(() => {
    listFolders().then(setFolders, () => undefined);
    listTags().then(
      (list) => setTags(list.map((x) => x.tag)),
      () => undefined,
    );
  }, []);
  useEffect(loadFacets, [loadFacets]);
  const reload = useCallback(() => {
    action.current?.reload();
    loadFacets();
  }, [loadFacets]);

  const folderName = folders.find((f) => f.folderId === folderId)?.name ?? t('files.library.topLevel');
  const upload = useBulkUpload({ folderId, folderName, onUploaded: reload });

  const actions = actionColumn<AdminFile>(
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
          onSettled={reload}
        />
      ) : null,
    ],
    { stacked: phone },
  );

  return (
    <PageContainer>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={7} xl={5}>
          <Card size="small">
            <FolderTree
              folders={folders}
              selected={folderId}
              onSelect={(id) => {
                setFolderId(id);
                setSelected([]);
              }}
              canEdit={canEdit}
              onChanged={reload}
            />
          </Card>
        </Col>
        <Col xs={24} md={17} xl={19}>
          {upload.panel}
          <ProTable<AdminFile, Search>
            rowKey="fileUuid"
            actionRef={action}
            headerTitle={t('menu.content.files')}
            columns={fileColumns(t, tags, actions)}
            params={{ folderId }}
            search={{ labelWidth: 'auto', defaultCollapsed: phone }}
            pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE, showSizeChanger: true }}
            scroll={phone ? undefined : { x: 1410 }}
            rowSelection={
              canEdit
                ? {
                    selectedRowKeys: selected,
                    preserveSelectedRowKeys: true,
                    onChange: (keys) => setSelected(keys.map(String)),
                  }
                : undefined
            }
            tableAlertRender={() => t('files.library.selected', { n: selected.length })}
            tableAlertOptionRender={({ onCleanSelected }) => (
              <BulkActions
                selected={selected}
                folders={folders}
                tags={tags}
                onDone={() => {
                  onCleanSelected();
                  reload();
                }}
              />
            )}
            toolBarRender={() =>
              canEdit
                ? [
                    <Button key="orphans" onClick={() => setOrphans(true)}>
                      {t('files.orphans.open')}
                    </Button>,
                    upload.button,
                  ]
                : []
            }
            request={tableRequest((criteria) => listFiles(criteria))}
          />
        </Col>
      </Row>
      {picture && <PictureDialog picture={picture} onClose={() => setPicture(null)} onSaved={reload} />}
      {orphans && <OrphanFiles onClose={() => setOrphans(false)} onRemoved={reload} />}
      {revisions && (
        <FileRevisions
          file={revisions}
          canEdit={canEdit}
          onClose={() => setRevisions(null)}
          onChanged={reload}
        />
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
