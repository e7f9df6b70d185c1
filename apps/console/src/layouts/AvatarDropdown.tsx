import CheckOutlined from '@ant-design/icons/CheckOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import type { TenantOption } from '@yuexun/contract';
import { App, Avatar, Dropdown, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useInitialState } from '../app/initial-state';
import { useIntl } from '../locales/intl';
import { avatarUrl } from '../services/files';

export const AvatarDropdown = () => {
  const { currentUser, setCurrentUser, refresh } = useInitialState();
  const { t } = useIntl();
  const navigate = useNavigate();
  const { message } = App.useApp();
  // Someone on the staff of several organisations (the vendor and a school) chooses which one to manage:
  // its roles decide the menu (docs/decisions/021 and 032).
  const [tenants, setTenants] = useState<TenantOption[]>([]);
  const switching = useRef(false);
  const accountId = currentUser?.accountId;
  useEffect(() => {
    if (accountId === undefined) return;
    import('../services/account').then(({ queryTenantOptions }) => queryTenantOptions().then(setTenants));
  }, [accountId]);
  if (!currentUser) return null;

  const switchTo = async (tenantId: number) => {
    // One switch at a time: a second click while the first is on its way would switch again from the old
    // unit and send the page back to 欢迎 after the person had moved on.
    if (switching.current) return;
    switching.current = true;
    try {
      await switchOnce(tenantId);
    } finally {
      switching.current = false;
    }
  };

  const switchOnce = async (tenantId: number) => {
    const { switchTenant, queryTenantOptions } = await import('../services/account');
    await switchTenant(tenantId);
    const user = await refresh();
    setTenants(await queryTenantOptions());
    message.success(t('app.header.switched', { name: user?.tenantName ?? '' }));
    navigate('/welcome');
  };

  const onClick = async ({ key }: { key: string }) => {
    if (key === 'settings') navigate('/account/settings');
    if (key.startsWith('tenant:')) {
      const tenantId = Number(key.slice('tenant:'.length));
      if (tenantId !== currentUser.tenantId) await switchTo(tenantId);
    }
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
          ...(tenants.length > 1
            ? [
                {
                  key: 'tenants',
                  type: 'group' as const,
                  label: t('app.header.switchTenant'),
                  children: tenants.map((o) => ({
                    key: `tenant:${o.tenantId}`,
                    icon: o.current ? (
                      <CheckOutlined />
                    ) : (
                      <span style={{ display: 'inline-block', width: 14 }} />
                    ),
                    label: o.tenantName,
                  })),
                },
                { type: 'divider' as const },
              ]
            : []),
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
