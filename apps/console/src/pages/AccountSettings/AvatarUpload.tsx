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
import { avatarUrl, errorOf, uploadRequest } from '../../services/files';

export const AVATAR_MAX_MB = 2;
const avatarUpload = uploadRequest();

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
        customRequest={avatarUpload}
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
          const uuid = file.response?.datas?.[0]?.fileUuid;
          if (file.status === 'done' && uuid) onChange?.(uuid);
          // A refusal carries the server's envelope (its message); a dropped connection has none.
          if (file.status === 'error') message.error(errorOf(file.response) ?? t('app.chunk.failed'));
        }}
      >
        <Button icon={<UploadOutlined />}>{t('settings.basic.change-avatar')}</Button>
      </Upload>
    </div>
  );
};
