/**
 * The frame of spec §9: ProLayout, light, mix, fluid, primary #1890ff, sider 200/80; menu from the route
 * table filtered by access; a watermark with the user's name over every page.
 */
import { ProLayout } from '@ant-design/pro-components';
import { Badge, Grid, Watermark } from 'antd';
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useInitialState } from '../app/initial-state';
import { PageLoading } from '../components/PageLoading';
import routes from '../config/routes';
import { layoutSettings } from '../config/settings';
import { useIntl } from '../locales/intl';
import { AvatarDropdown } from './AvatarDropdown';
import { LanguageMenu } from './LanguageMenu';
import { buildMenu, type MenuEntry } from './menu';
import { MenuContext } from './menu-context';
import { menuIcons } from './menu-icons';
import { NoticeBell } from './NoticeBell';
import { useLeadBadge } from './useLeadBadge';

/** The menu entry that carries the 新线索 badge. */
const LEADS_PATH = '/content/leads';

import './direction.css';

const withIcons = (entries: MenuEntry[]): object[] =>
  entries.map((e) => ({
    path: e.path,
    name: e.name,
    icon: e.icon ? menuIcons[e.icon] : undefined,
    children: e.children ? withIcons(e.children) : undefined,
  }));

export default function BasicLayout() {
  const { currentUser, access, loading } = useInitialState();
  const { t } = useIntl();
  const location = useLocation();
  const entries = buildMenu(routes, access, t);
  const menu = withIcons(entries);
  // Phones keep the page's width for the content: ProLayout's 40 px sides left a 295 px card at 375 px.
  const phone = Grid.useBreakpoint().md === false;
  const newLeads = useLeadBadge(access.canLeads, location.pathname);

  return (
    <ProLayout
      title={t('app.title')}
      logo={`${import.meta.env.BASE_URL}logo.svg`}
      layout={layoutSettings.layout}
      navTheme={layoutSettings.navTheme}
      contentWidth={layoutSettings.contentWidth}
      fixSiderbar={layoutSettings.fixSiderbar}
      siderWidth={layoutSettings.siderWidth}
      token={{
        colorPrimary: layoutSettings.colorPrimary,
        pageContainer: {
          paddingInlinePageContainerContent: phone ? 12 : 40,
          paddingBlockPageContainerContent: phone ? 16 : 32,
        },
      }}
      location={{ pathname: location.pathname }}
      route={{ path: '/', routes: menu }}
      menu={{ locale: false }}
      menuItemRender={(item, dom) =>
        item.path ? (
          <Link to={item.path}>
            {item.path === LEADS_PATH && newLeads > 0 ? (
              <Badge
                count={newLeads}
                size="small"
                offset={[12, 0]}
                title={t('leads.badge', { count: newLeads })}
              >
                {dom}
              </Badge>
            ) : (
              dom
            )}
          </Link>
        ) : (
          dom
        )
      }
      actionsRender={() => [
        <NoticeBell key="notices" />,
        <LanguageMenu key="lang" />,
        <AvatarDropdown key="avatar" />,
      ]}
      footerRender={false}
      loading={loading}
    >
      <Watermark content={currentUser?.name ?? ''}>
        <div style={{ minHeight: 'calc(100vh - 120px)' }}>
          <Suspense fallback={<PageLoading />}>
            <MenuContext.Provider value={entries}>
              <Outlet />
            </MenuContext.Provider>
          </Suspense>
        </div>
      </Watermark>
    </ProLayout>
  );
}
