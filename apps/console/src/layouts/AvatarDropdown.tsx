import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { App, Avatar, Dropdown, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useInitialState } from '../app/initial-state';
import { useIntl } from '../locales/intl';
import { avatarUrl } from '../services/files';

export const AvatarDropdown = () => {
  const { currentUser, setCurrentUser } = useInitialState();
  const { t } = useIntl();
  const navigate = useNavigate();
  const { message } = App.useApp();
  if (!currentUser) return null;

  const onClick = async ({ key }: { key: string }) => {
    if (key === 'settings') navigate('/account/settings');
    if (key === 'logout') {
      const { logout } = await import('../services/account');
      await logout();
      setCurrentUser(undefined);
      message.success(t('app.logout.success'));
      // Spec §4: after logging out the browser goes to the site root.
      window.location.assign('/');
    }
  };

  return (
    <Dropdown
      menu={{
        onClick,
        items: [
          { key: 'settings', icon: <SettingOutlined />, label: t('app.header.settings') },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('app.header.logout') },
        ],
      }}
    >
      <Space style={{ cursor: 'pointer', paddingInline: 8 }} data-testid="current-user">
        <Avatar size="small" src={avatarUrl(currentUser.photoId)} icon={<UserOutlined />} alt="" />
        <span>{currentUser.name}</span>
      </Space>
    </Dropdown>
  );
};
