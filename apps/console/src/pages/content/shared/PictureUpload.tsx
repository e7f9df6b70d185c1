/**
 * Picture fields of the content forms, as antd form controls (value/onChange): one cover that can
 * be replaced or removed, and an ordered gallery. Uploads are public files checked by the server.
 */
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { App, Button, Space, Upload, type UploadFile } from 'antd';
import { useRef } from 'react';
import { LibraryButton } from '../../../components/LibraryPicker';
import { imageUrl, isImage, publicUpload, type UploadChange } from '../../../components/upload';
import { useIntl } from '../../../locales/intl';
import { errorOf, uploadedOf } from '../../../services/files';

const useUploadProps = (onUploaded: (uuid: string) => void) => {
  const { t } = useIntl();
  const { message } = App.useApp();
  return {
    name: 'file',
    customRequest: publicUpload,
    accept: 'image/png,image/jpeg',
    listType: 'picture-card' as const,
    beforeUpload: (file: File) => {
      if (isImage(file)) return true;
      message.error(t('articles.editor.imageOnly'));
      return Upload.LIST_IGNORE;
    },
    onChange: ({ file }: UploadChange) => {
      if (file.status !== 'done' && file.status !== 'error') return;
      const uploaded = uploadedOf(file.response);
      if (uploaded) onUploaded(uploaded.fileUuid);
      else message.error(t('files.uploadFailed', { name: `${file.name} ${errorOf(file.response) ?? ''}` }));
    },
  };
};

/** One picture; removing it sets null, which a save sends as an explicit "clear". */
export function CoverUpload({
  value,
  onChange,
  label,
}: {
  value?: string | null;
  onChange?: (uuid: string | null) => void;
  label: string;
}) {
  const { t } = useIntl();
  const props = useUploadProps((uuid) => onChange?.(uuid));
  return (
    <Space align="start" wrap>
      <Upload {...props} showUploadList={false}>
        {value ? (
          <img
            src={imageUrl(value)}
            alt={label}
            style={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : (
          <div>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t('articles.editor.coverUpload')}</div>
          </div>
        )}
      </Upload>
      <LibraryButton size="small" label={label} onChoose={(f) => onChange?.(f.fileUuid)} />
      {value && (
        <Button size="small" icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
          {t('content.removePicture')}
        </Button>
      )}
    </Space>
  );
}

/** Several pictures in order: added at the end, removed one by one. */
export function GalleryUpload({
  value = [],
  onChange,
  max,
}: {
  value?: string[];
  onChange?: (uuids: string[]) => void;
  max: number;
}) {
  const { t } = useIntl();
  // Several uploads may finish before a re-render: append to the latest list, not the rendered one.
  const latest = useRef(value);
  latest.current = value;
  const props = useUploadProps((uuid) => {
    latest.current = [...latest.current, uuid];
    onChange?.(latest.current);
  });
  const fileList: UploadFile[] = value.map((uuid, i) => ({
    uid: uuid,
    name: `${t('products.gallery')} ${i + 1}`,
    status: 'done',
    url: imageUrl(uuid),
  }));
  return (
    <Space direction="vertical">
      <Upload
        {...props}
        multiple
        fileList={fileList}
        onRemove={(file) => {
          onChange?.(value.filter((uuid) => uuid !== file.uid));
          return false;
        }}
        showUploadList={{ showPreviewIcon: false }}
      >
        {value.length < max && (
          <div>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t('products.galleryUpload')}</div>
          </div>
        )}
      </Upload>
      {value.length < max && (
        <LibraryButton
          size="small"
          onChoose={(f) => {
            latest.current = [...latest.current.filter((uuid) => uuid !== f.fileUuid), f.fileUuid];
            onChange?.(latest.current);
          }}
        />
      )}
    </Space>
  );
}
