import { CONTACT, footer, SITE_NAME, t } from '../../locales/zh-CN';
import SectionLinks from '../parts/SectionLinks';

interface Props {
  basePath: string;
  icpNumber: string | null;
}

export default function SiteFooter({ basePath, icpNumber }: Props) {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section>
          <h2>{SITE_NAME}</h2>
          <p>{footer.about}</p>
        </section>
        <section>
          <h2>{footer.quickLinks}</h2>
          <SectionLinks basePath={basePath} className="footer-links" />
        </section>
        <section>
          <h2>{footer.contact}</h2>
          <address>
            <p>{CONTACT.company}</p>
            <p>
              {footer.phone}
              <a href={`tel:${CONTACT.phone}`}>{CONTACT.phone}</a>（{CONTACT.hours}）
            </p>
            <p>
              {footer.email}
              <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
            </p>
            <p>
              {footer.address}
              {CONTACT.address}
            </p>
          </address>
        </section>
      </div>
      <div className="footer-bottom">
        <div className="container">
          <span>{t.copyright(new Date().getFullYear())}</span>
          {icpNumber && (
            <a href={t.icpLink} rel="noopener" target="_blank">
              {icpNumber}
            </a>
          )}
        </div>
      </div>
    </footer>
  );
}
