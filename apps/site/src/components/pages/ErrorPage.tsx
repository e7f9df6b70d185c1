import type { SiteNavEntry } from '@yuexun/contract';
import { href } from '../../lib/href';
import { t } from '../../locales/zh-CN';
import SectionLinks from '../parts/SectionLinks';

/** The not-found page and the error page of spec §2 (/exception): a code, what happened, ways on. */
export default function ErrorPage({
  basePath,
  code,
  title,
  text,
  nav,
}: {
  basePath: string;
  /** The menu as saved in the console: its entries are the ways on. */
  nav: SiteNavEntry[];
  code?: string;
  title: string;
  text: string;
}) {
  return (
    <div className="container section error-page">
      {code && (
        <p className="error-page-code" aria-hidden="true">
          {code}
        </p>
      )}
      <h1>{title}</h1>
      <p>{text}</p>
      <p>
        <a className="button button-primary" href={href(basePath, '/home')}>
          {t.backHome}
        </a>
      </p>
      <SectionLinks basePath={basePath} className="error-page-links" nav={nav} />
    </div>
  );
}
