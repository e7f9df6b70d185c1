import type { FriendlyLink, PublicSiteSettings, SiteNavEntry } from '@yuexun/contract';
import { fileUrls, ICP_FILING_URL, policeFilingLink } from '@yuexun/contract';
import { href } from '../../lib/href';
import { contact, footer } from '../../locales/zh-CN';
import ContactList from '../parts/ContactList';
import SectionLinks from '../parts/SectionLinks';

interface Props {
  basePath: string;
  settings: PublicSiteSettings;
  /** 友情链接 (enabled ones, in the console's order). */
  friendlyLinks: FriendlyLink[];
  /** The menu as saved in the console (visible entries, in order): the quick links repeat it. */
  nav: SiteNavEntry[];
}

export default function SiteFooter({ basePath, settings, friendlyLinks, nav }: Props) {
  const copyright = settings.copyright || footer.copyright(new Date().getFullYear(), settings.companyName);
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section>
          {/* The footer is dark: the logo made for dark backgrounds (站点设置), else the short name. */}
          <h2>
            {settings.logoDarkFileUuid ? (
              <img
                className="footer-logo"
                src={fileUrls.viewPic(settings.logoDarkFileUuid, { width: 320 })}
                alt={settings.shortName}
                height="32"
                loading="lazy"
              />
            ) : (
              settings.shortName
            )}
          </h2>
          <p>{footer.about}</p>
          {settings.wechatQrFileUuid && (
            <figure className="footer-qr">
              <img
                src={fileUrls.viewPic(settings.wechatQrFileUuid, { width: 160 })}
                alt={contact.wechatQr}
                width="96"
                height="96"
                loading="lazy"
              />
              <figcaption>{contact.wechatQr}</figcaption>
            </figure>
          )}
        </section>
        <section>
          <h2>{footer.quickLinks}</h2>
          <SectionLinks basePath={basePath} className="footer-links" nav={nav} />
        </section>
        <section>
          <h2>{contact.title}</h2>
          <ContactList settings={settings} className="footer-contact" />
        </section>
      </div>
      {friendlyLinks.length > 0 && (
        <nav className="footer-friends" aria-labelledby="footer-friends">
          <div className="container">
            <h2 id="footer-friends">{footer.friendlyLinks}</h2>
            <ul>
              {friendlyLinks.map((link) => (
                <li key={`${link.name}|${link.url}`}>
                  <a
                    href={link.url.startsWith('/') ? href(basePath, link.url) : link.url}
                    {...(link.url.startsWith('/') ? {} : { rel: 'noopener', target: '_blank' })}
                  >
                    {link.name}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </nav>
      )}
      <div className="footer-bottom">
        <div className="container">
          <span>{copyright}</span>
          {settings.icpNumber && (
            <a href={ICP_FILING_URL} rel="noopener" target="_blank">
              {settings.icpNumber}
            </a>
          )}
          {settings.policeNumber && (
            <a
              className="police-filing"
              href={policeFilingLink(settings.policeNumber)}
              rel="noopener"
              target="_blank"
            >
              <img
                src={href(basePath, '/police-badge.svg')}
                alt={footer.policeBadge}
                width="16"
                height="16"
              />
              {settings.policeNumber}
            </a>
          )}
        </div>
      </div>
    </footer>
  );
}
