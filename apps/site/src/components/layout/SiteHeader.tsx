/**
 * Header rendered on the server from the session: navigation (a <details> menu on phones, so it
 * opens without JavaScript), the platform-home link and the user menu or a login link.
 */

import type { PublicSiteSettings, SiteNavEntry, SiteUser, TenantOption } from '@yuexun/contract';
import { FILES_BASE, fileUrls } from '@yuexun/contract';
import { href, LOGIN_PATH } from '../../lib/href';
import { search, t } from '../../locales/zh-CN';

interface Props {
  basePath: string;
  currentPath: string;
  currentUrl: string;
  user: SiteUser | null;
  tenants: TenantOption[];
  settings: Pick<PublicSiteSettings, 'shortName' | 'logoLightFileUuid'>;
  /** The menu as saved in the console (站点管理 → 导航菜单): visible entries, in order. */
  nav: SiteNavEntry[];
}

const isCurrent = (currentPath: string, match: string) =>
  currentPath === match || currentPath.startsWith(`${match}/`) || (match === '/home' && currentPath === '/');

export const loginHref = (currentUrl: string) =>
  `${LOGIN_PATH}#/login?redirect=${encodeURIComponent(currentUrl)}`;

export default function SiteHeader({
  basePath,
  currentPath,
  currentUrl,
  user,
  tenants,
  settings,
  nav,
}: Props) {
  // An outside link opens in a new tab without handing it this page (window.opener).
  const links = nav.map((item) => (
    <li key={`${item.path}|${item.label}`}>
      {item.external ? (
        <a href={item.path} target="_blank" rel="noopener">
          {item.label}
        </a>
      ) : (
        <a
          href={href(basePath, item.path)}
          aria-current={isCurrent(currentPath, item.match) ? 'page' : undefined}
        >
          {item.label}
        </a>
      )}
    </li>
  ));
  return (
    <header className="site-header">
      <div className="container header-bar">
        <a className="brand" href={href(basePath, '/home')}>
          {settings.logoLightFileUuid ? (
            <img
              className="brand-logo"
              src={fileUrls.viewPic(settings.logoLightFileUuid, { width: 320 })}
              alt={settings.shortName}
              height="32"
            />
          ) : (
            <>
              <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true" width="32" height="32">
                <rect width="32" height="32" rx="8" fill="#1890ff" />
                <path
                  d="M8 10l8 6 8-6M8 16l8 6 8-6"
                  stroke="#fff"
                  strokeWidth="2.5"
                  fill="none"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <span>{settings.shortName}</span>
            </>
          )}
        </a>
        <nav className="nav-wide" aria-label={t.mainNav}>
          <ul>{links}</ul>
        </nav>
        <div className="header-actions">
          <details className="header-search">
            <summary aria-label={search.label}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
                <path d="M15.5 15.5L21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </summary>
            <search className="search-panel">
              <form className="search-form" action={href(basePath, '/search')} method="get">
                <input
                  type="search"
                  name="q"
                  aria-label={search.label}
                  placeholder={search.placeholder}
                  maxLength={100}
                  enterKeyHint="search"
                />
                <button type="submit" className="button button-primary">
                  {search.submit}
                </button>
              </form>
            </search>
          </details>
          <a className="platform-link" href={LOGIN_PATH}>
            {t.platformHome}
          </a>
          {user ? (
            <details className="user-menu">
              <summary aria-label={t.userMenu}>
                {user.photoId ? (
                  <img
                    className="avatar"
                    src={`${FILES_BASE}v1.0/viewPic.file?fileUuid=${encodeURIComponent(user.photoId)}`}
                    alt=""
                    width="28"
                    height="28"
                  />
                ) : (
                  <span className="avatar avatar-letter" aria-hidden="true">
                    {[...user.name][0] ?? '?'}
                  </span>
                )}
                <span className="user-name">{user.name}</span>
              </summary>
              <div className="menu-panel">
                <a href={`${LOGIN_PATH}#/account/settings`}>{t.personalInfo}</a>
                <a href={`${LOGIN_PATH}#/account/settings?tab=security`}>{t.securityCenter}</a>
                {tenants.length > 0 && (
                  <form method="post" action={href(basePath, '/site/switch-unit')} className="switch-unit">
                    <p className="menu-heading">{t.switchUnit}</p>
                    {tenants.map((tenant) => (
                      <button
                        key={tenant.tenantId}
                        type="submit"
                        name="tenantId"
                        value={tenant.tenantId}
                        aria-current={tenant.current ? 'true' : undefined}
                        disabled={tenant.current}
                      >
                        {tenant.tenantName}
                      </button>
                    ))}
                  </form>
                )}
                <form method="post" action={href(basePath, '/site/logout')}>
                  <button type="submit" className="logout">
                    {t.logout}
                  </button>
                </form>
              </div>
            </details>
          ) : (
            <a className="login-link" href={loginHref(currentUrl)}>
              {t.login}
            </a>
          )}
          <details className="nav-narrow">
            <summary aria-label={t.menu}>
              <span className="burger" aria-hidden="true" />
            </summary>
            <nav aria-label={t.phoneNav}>
              <ul>{links}</ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
