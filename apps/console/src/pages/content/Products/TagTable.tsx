import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { type ActionType, ProTable } from '@ant-design/pro-components';
import type { AdminProductTag } from '@yuexun/contract';
import { Button, Form, Input } from 'antd';
import { useRef, useState } from 'react';
import { useInitialState } from '../../../app/initial-state';
import { EditModal } from '../../../components/EditModal';
import { actionColumn, DeleteButton, RowButton } from '../../../components/RowActions';
import { tableRequest } from '../../../components/table-request';
import { useRequestKey } from '../../../components/useSubmit';
import { useIntl } from '../../../locales/intl';
import { createTag, deleteTag, listTags, renameTag } from '../../../services/products';
import { tagLimits } from './limits';

export function TagTable() {
  const { t } = useIntl();
  const canEdit = useInitialState().access.canEditProducts;
  const action = useRef<ActionType>(null);
  const [editing, setEditing] = useState<AdminProductTag | 'new' | null>(null);
  return (
    <>
      <ProTable<AdminProductTag>
        rowKey="id"
        actionRef={action}
        search={false}
        pagination={false}
        columns={[
          { title: t('tags.name'), dataIndex: 'name' },
          { title: t('tags.products'), dataIndex: 'productCount', width: 100 },
          { title: t('content.sort'), dataIndex: 'sort', width: 80 },
          actionColumn<AdminProductTag>(t('common.operation'), 120, (tag) => [
            canEdit ? (
              <RowButton key="edit" onClick={() => setEditing(tag)}>
                {t('common.edit')}
              </RowButton>
            ) : null,
            canEdit ? (
              <DeleteButton
                key="delete"
                confirm={t('tags.deleteConfirm', { name: tag.name })}
                remove={() => deleteTag(tag)}
                onSettled={() => action.current?.reload()}
              />
            ) : null,
          ]),
        ]}
        toolBarRender={() => [
          canEdit && (
            <Button key="new" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('tags.new')}
            </Button>
          ),
        ]}
        request={tableRequest(listTags)}
      />
      {editing && (
        <TagDialog
          tag={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            action.current?.reload();
          }}
        />
      )}
    </>
  );
}

function TagDialog({
  tag,
  onClose,
  onSaved,
}: {
  tag: AdminProductTag | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useIntl();
  const [form] = Form.useForm<{ name: string }>();
  const requestKey = useRequestKey();
  const save = async ({ name }: { name: string }) => {
    if (tag) await renameTag(tag, name);
    else await createTag(name, requestKey);
    onSaved();
  };
  return (
    <EditModal<{ name: string }>
      title={tag ? t('common.edit') : t('tags.new')}
      okText={t('common.confirm')}
      form={form}
      save={save}
      onClose={onClose}
      initialValues={{ name: tag?.name ?? '' }}
    >
      <Form.Item name="name" label={t('tags.name')} rules={tagLimits.name.rules}>
        <Input maxLength={tagLimits.name.maxLength} autoFocus />
      </Form.Item>
    </EditModal>
  );
}
