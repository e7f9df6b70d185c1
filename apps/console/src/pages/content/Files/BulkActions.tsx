/** 素材库's bulk move and tag of the selected files (decision 066); the server takes all or none. */
import { FILE_TAG_MAX, FILE_TAGS_PER_CALL_MAX, type FileFolder } from '@yuexun/contract';
import { App, Button, Form, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useIntl } from '../../../locales/intl';
import { moveFiles, tagFiles } from '../../../services/file-library';
import { FolderSelect } from './FolderTree';

type Open = 'move' | 'tag' | null;

export function BulkActions({
  selected,
  folders,
  tags,
  onDone,
}: {
  selected: string[];
  folders: FileFolder[];
  tags: string[];
  onDone: () => void;
}) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ folderId?: number; add?: string[]; remove?: string[] }>();
  const n = selected.length;

  const submit = async (values: { folderId?: number; add?: string[]; remove?: string[] }) => {
    setBusy(true);
    try {
      if (open === 'move') {
        await moveFiles(selected, values.folderId ? values.folderId : null);
        message.success(t('files.library.moved', { n }));
      } else {
        await tagFiles(selected, values.add ?? [], values.remove ?? []);
        message.success(t('files.library.tagged', { n }));
      }
      setOpen(null);
      onDone();
    } catch {
      // The request layer showed the server's reason; the dialog stays open.
    } finally {
      setBusy(false);
    }
  };
  const tagSelect = (label: string) => (
    <Select
      mode="tags"
      aria-label={label}
      maxCount={FILE_TAGS_PER_CALL_MAX}
      tokenSeparators={[',', '，']}
      options={tags.map((tag) => ({ value: tag, label: tag }))}
    />
  );

  return (
    <>
      <Space wrap>
        <Button size="small" onClick={() => setOpen('move')}>
          {t('files.library.move')}
        </Button>
        <Button size="small" onClick={() => setOpen('tag')}>
          {t('files.library.tags')}
        </Button>
      </Space>
      <Modal
        open={open !== null}
        title={open === 'move' ? t('files.library.moveTitle', { n }) : t('files.library.tagTitle', { n })}
        onCancel={() => setOpen(null)}
        onOk={() => form.submit()}
        confirmLoading={busy}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
          {open === 'move' ? (
            <Form.Item name="folderId" label={t('files.library.folders')} initialValue={0}>
              <FolderSelect folders={folders} />
            </Form.Item>
          ) : (
            <>
              <Form.Item
                name="add"
                label={t('files.library.tagAdd')}
                extra={t('files.library.tagHint', { max: FILE_TAG_MAX })}
              >
                {tagSelect(t('files.library.tagAdd'))}
              </Form.Item>
              <Form.Item name="remove" label={t('files.library.tagRemove')}>
                {tagSelect(t('files.library.tagRemove'))}
              </Form.Item>
            </>
          )}
        </Form>
      </Modal>
    </>
  );
}
