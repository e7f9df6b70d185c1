import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { type ActionType, ProTable } from '@ant-design/pro-components';
import type { AdminProductTag } from '@yuexun/contract';
import { App, Button, Form, Input, Modal } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useInitialState } from '../../../app/initial-state';
import { useIntl } from '../../../locales/intl';
import { newRequestKey } from '../../../services/client';
import { createTag, deleteTag, listTags, renameTag } from '../../../services/products';
import { actionColumn, DeleteButton, RowButton } from '../shared/RowActions';
import { isConflict, useSubmit } from '../shared/useSubmit';
import { tagLimits } from './limits';

export function TagTable() {
  const { t } = useIntl();
  const canEdit = useInitialState().access.canEditProducts;
  const { message } = App.useApp();
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
        request={async () => ({ data: await listTags(), success: true })}
      />
      {editing && (
        <TagDialog
          tag={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            message.success(t('common.saved'));
            action.current?.reload();
          }}
          onConflict={() => message.warning(t('content.conflict'))}
        />
      )}
    </>
  );
}

function TagDialog({
  tag,
  onClose,
  onSaved,
  onConflict,
}: {
  tag: AdminProductTag | null;
  onClose: () => void;
  onSaved: () => void;
  onConflict: () => void;
}) {
  const { t } = useIntl();
  const [form] = Form.useForm<{ name: string }>();
  const { saving, run } = useSubmit(form);
  const requestKey = useMemo(() => newRequestKey(), []);
  const submit = () =>
    run(async () => {
      const { name } = await form.validateFields();
      try {
        if (tag) await renameTag(tag, name);
        else await createTag(name, requestKey);
        onSaved();
      } catch (error) {
        if (isConflict(error)) onConflict();
        throw error;
      }
    });
  return (
    <Modal
      open
      title={tag ? t('common.edit') : t('tags.new')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
    >
      <Form form={form} layout="vertical" initialValues={{ name: tag?.name ?? '' }} onFinish={submit}>
        <Form.Item name="name" label={t('tags.name')} rules={tagLimits.name.rules}>
          <Input maxLength={tagLimits.name.maxLength} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
