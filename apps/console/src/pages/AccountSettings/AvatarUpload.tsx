/**
 * Avatar upload with the spec's rules (§5): jpg/jpeg/png only ("You can only upload Image file!"), below a
 * size limit ("Image must smaller than {n}MB!"), both localised; the upload list keeps items whose response
 * flag is SUCCESS or that have no response yet (§4).
 */
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { IMAGE_TYPES } from '@yuexun/contract/constants';
import { App, Avatar, Button, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useIntl } from '../../locales/intl';
import { avatarUrl, UPLOAD_URL } from '../../services/files';

export const AVATAR_MAX_MB = 2;

interface UploadResponse {
  flag?: string;
  datas?: { fileUuid: string }[];
}

const isImageName = (name: string) =>
  (IMAGE_TYPES as readonly string[]).includes(name.split('.').pop()?.toLowerCase() ?? '');

export const keepUploadItem = (file: UploadFile<UploadResponse>) =>
  !file.response || file.response.flag === 'SUCCESS';

export const AvatarUpload = ({
  value,
  onChange,
}: {
  value?: string | null;
  onChange?: (uuid: string) => void;
}) => {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [list, setList] = useState<UploadFile<UploadResponse>[]>([]);

  return (
    // Under its label, at the start of the column (the right in Arabic), not floating mid-column.
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 16,
        width: 'fit-content',
      }}
    >
      <Avatar size={144} src={avatarUrl(value)} icon={<UserOutlined />} alt={t('settings.basic.avatar')} />
      <Upload<UploadResponse>
        name="file"
        action={UPLOAD_URL}
        withCredentials
        accept=".jpg,.jpeg,.png,image/jpeg,image/png"
        showUploadList={false}
        fileList={list}
        beforeUpload={(file) => {
          const typeOk = ['image/jpeg', 'image/png'].includes(file.type) || isImageName(file.name);
          if (!typeOk) {
            message.error(t('settings.upload.type'));
            return Upload.LIST_IGNORE;
          }
          if (file.size / 1024 / 1024 >= AVATAR_MAX_MB) {
            message.error(t('settings.upload.size', { n: AVATAR_MAX_MB }));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        onChange={({ file, fileList }) => {
          setList(fileList.filter(keepUploadItem));
          if (file.status === 'done') {
            const uuid = file.response?.datas?.[0]?.fileUuid;
            if (file.response?.flag === 'SUCCESS' && uuid) onChange?.(uuid);
            else
              message.error(
                (file.response as { errorMessage?: string })?.errorMessage ?? t('settings.upload.type'),
              );
          }
          if (file.status === 'error') message.error(t('app.chunk.failed'));
        }}
      >
        <Button icon={<UploadOutlined />}>{t('settings.basic.change-avatar')}</Button>
      </Upload>
    </div>
  );
};
