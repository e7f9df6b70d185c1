/**
 * The download form's file (资料下载): uploaded as a public file (visitors get its link after sending the form),
 * shown by a link, removable. The server checks again on save that it is a stored public file.
 */
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { fileUrls } from '@yuexun/contract';
import { App, Button, Space, Upload } from 'antd';
import { useState } from 'react';
import { publicUpload } from '../../../components/upload';
import { useIntl } from '../../../locales/intl';
import { errorOf, uploadedOf } from '../../../services/files';

export function DownloadFileField({
  value,
  onChange,
}: {
  value?: string | null;
  onChange?: (uuid: string | null) => void;
}) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  return (
    <Space align="center" wrap>
      {value ? (
        <a href={fileUrls.download(value)} target="_blank" rel="noopener noreferrer">
          {t('forms.downloadFile.open')}
        </a>
      ) : (
        <span style={{ color: 'rgba(0,0,0,0.45)' }}>{t('forms.downloadFile.none')}</span>
      )}
      <Upload
        name="file"
        customRequest={publicUpload}
        showUploadList={false}
        onChange={({ file }) => {
          setUploading(file.status === 'uploading');
          if (file.status === 'done') {
            const uploaded = uploadedOf(file.response);
            if (uploaded) onChange?.(uploaded.fileUuid);
            else message.error(errorOf(file.response) ?? t('site.picture.failed'));
          }
          if (file.status === 'error') message.error(errorOf(file.response) ?? t('site.picture.failed'));
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading}>
          {t('forms.downloadFile.upload')}
        </Button>
      </Upload>
      {value && (
        <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
          {t('forms.downloadFile.remove')}
        </Button>
      )}
    </Space>
  );
}
