/**
 * 素材库's folders (decision 066): a tree with 全部文件 at its root; choosing a folder filters the list and is
 * where uploads go. New, rename or move, and delete act on the chosen folder; the server refuses a loop
 * (moving a folder into itself or below it) and a folder that is not empty, and says why.
 */
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import FolderAddOutlined from '@ant-design/icons/FolderAddOutlined';
import { type FileFolder, FOLDER_NAME_MAX } from '@yuexun/contract';
import { Button, Form, Input, Modal, Popconfirm, Space, Tree, TreeSelect, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useState } from 'react';
import { folderTree } from '../../../components/folder-tree';
import { useIntl } from '../../../locales/intl';
import { createFolder, deleteFolder, updateFolder } from '../../../services/file-library';

const ALL = 'all';
const TOP = 0;

/** A folder chooser with 最上层 first, for moves. */
export function FolderSelect({
  folders,
  without,
  ...props
}: {
  folders: FileFolder[];
  without?: number;
  value?: number;
  onChange?: (value: number) => void;
  id?: string;
}) {
  const { t } = useIntl();
  return (
    <TreeSelect
      {...props}
      treeDefaultExpandAll
      treeData={[
        { key: TOP, value: TOP, title: t('files.library.topLevel'), children: [] },
        ...folderTree(folders, false, without),
      ]}
    />
  );
}

interface Editing {
  folderId?: number;
  name: string;
  parentId: number;
}

export function FolderTree({
  folders,
  selected,
  onSelect,
  canEdit,
  onChanged,
}: {
  folders: FileFolder[];
  selected?: number;
  onSelect: (folderId?: number) => void;
  canEdit: boolean;
  onChanged: () => void;
}) {
  const { t } = useIntl();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [form] = Form.useForm<Editing>();
  const current = folders.find((f) => f.folderId === selected);
  const treeData: DataNode[] = [
    { key: ALL, title: t('files.library.allFiles'), children: folderTree(folders, true) as DataNode[] },
  ];

  const open = (value: Editing) => {
    setEditing(value);
    form.setFieldsValue(value);
  };
  const save = async ({ name, parentId }: Editing) => {
    const parent = parentId === TOP || parentId === undefined ? null : parentId;
    try {
      if (editing?.folderId) await updateFolder(editing.folderId, name, parent);
      else await createFolder(name, parent);
    } catch {
      return; // the request layer showed the server's reason; the dialog stays open
    }
    setEditing(null);
    onChanged();
  };

  return (
    <section aria-label={t('files.library.folders')}>
      <Space wrap style={{ marginBlockEnd: 8 }}>
        <Typography.Text strong>{t('files.library.folders')}</Typography.Text>
        {canEdit && (
          <>
            <Button
              size="small"
              icon={<FolderAddOutlined />}
              onClick={() => open({ name: '', parentId: selected ?? TOP })}
            >
              {t('files.library.newFolder')}
            </Button>
            {current && (
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={t('files.library.editFolder')}
                onClick={() =>
                  open({ folderId: current.folderId, name: current.name, parentId: current.parentId ?? TOP })
                }
              />
            )}
            {current && (
              <Popconfirm
                title={t('files.library.deleteFolderConfirm', { name: current.name })}
                onConfirm={() =>
                  deleteFolder(current.folderId).then(
                    () => {
                      onSelect(undefined);
                      onChanged();
                    },
                    () => undefined, // refused (not empty): the request layer showed why
                  )
                }
              >
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('files.library.deleteFolder')}
                />
              </Popconfirm>
            )}
          </>
        )}
      </Space>
      <Tree
        blockNode
        defaultExpandAll
        key={folders.length}
        selectedKeys={[selected ?? ALL]}
        treeData={treeData}
        onSelect={(keys) => {
          const key = keys[0];
          onSelect(key === undefined || key === ALL ? undefined : Number(key));
        }}
      />
      <Modal
        open={editing !== null}
        title={editing?.folderId ? t('files.library.editFolder') : t('files.library.newFolder')}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={save} preserve={false}>
          <Form.Item
            name="name"
            label={t('files.library.folderName')}
            rules={[{ required: true, whitespace: true }, { max: FOLDER_NAME_MAX }]}
          >
            <Input maxLength={FOLDER_NAME_MAX} autoFocus />
          </Form.Item>
          <Form.Item name="parentId" label={t('files.library.parent')}>
            <FolderSelect folders={folders} without={editing?.folderId} />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
