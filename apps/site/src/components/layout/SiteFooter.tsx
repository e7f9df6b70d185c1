import { href } from '../../lib/href';
import { NAV } from '../../lib/nav';
import { CONTACT, SITE_NAME, t } from '../../lib/strings';

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
          <p>专注区域教育云与智慧校园建设，让老师少填一张表、让家长少一分担心、让管理者多一分清楚。</p>
        </section>
        <section>
          <h2>快速入口</h2>
          <ul className="footer-links">
            {NAV.slice(1).map((item) => (
              <li key={item.path}>
                <a href={href(basePath, item.path)}>{item.label}</a>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2>联系我们</h2>
          <address>
            <p>{CONTACT.company}</p>
            <p>
              电话：<a href={`tel:${CONTACT.phone}`}>{CONTACT.phone}</a>（{CONTACT.hours}）
            </p>
            <p>
              邮箱：<a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
            </p>
            <p>地址：{CONTACT.address}</p>
          </address>
        </section>
      </div>
      <div className="container footer-bottom">
        <span>{t.copyright(new Date().getFullYear())}</span>
        {icpNumber && (
          <a href={t.icpLink} rel="noopener" target="_blank">
            {icpNumber}
          </a>
        )}
      </div>
    </footer>
  );
}
