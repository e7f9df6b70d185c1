/**
 * A picture of the site (logo, favicon, QR code, banner): upload as a public file, preview, remove.
 * The server checks the content and size again when the form is saved (400 with the reason).
 */
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { App, Button, Space, Upload } from 'antd';
import { useState } from 'react';
import { LibraryButton } from '../../../components/LibraryPicker';
import { imageUrl, publicUpload } from '../../../components/upload';
import { useIntl } from '../../../locales/intl';
import { errorOf, uploadedOf } from '../../../services/files';

export const PICTURE_ACCEPT = '.png,.jpg,.jpeg,.webp,.gif,image/png,image/jpeg,image/webp,image/gif';

export function PictureField({
  value,
  onChange,
  label,
  previewHeight = 64,
  minWidth,
}: {
  value?: string;
  onChange?: (uuid: string) => void;
  /** The field's name, for the buttons' accessible names. */
  label: string;
  previewHeight?: number;
  /** The width (px) the picture needs to be sharp where the site shows it (the library marks narrower ones). */
  minWidth?: number;
}) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  return (
    <Space align="center" wrap>
      {value ? (
        <img
          src={imageUrl(value)}
          alt={label}
          style={{ height: previewHeight, maxWidth: 240, objectFit: 'contain', background: '#f5f5f5' }}
        />
      ) : (
        <span style={{ color: 'rgba(0,0,0,0.45)' }}>{t('site.picture.none')}</span>
      )}
      <Upload
        name="file"
        customRequest={publicUpload}
        accept={PICTURE_ACCEPT}
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
        <Button
          icon={<UploadOutlined />}
          loading={uploading}
          aria-label={`${t('site.picture.upload')} ${label}`}
        >
          {t('site.picture.upload')}
        </Button>
      </Upload>
      <LibraryButton label={label} minWidth={minWidth} onChoose={(f) => onChange?.(f.fileUuid)} />
      {value && (
        <Button
          icon={<DeleteOutlined />}
          onClick={() => onChange?.('')}
          aria-label={`${t('site.picture.remove')} ${label}`}
        >
          {t('site.picture.remove')}
        </Button>
      )}
    </Space>
  );
}
