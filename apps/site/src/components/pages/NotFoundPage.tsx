import { href } from '../../lib/href';
import { NAV } from '../../lib/nav';
import { t } from '../../lib/strings';

export default function NotFoundPage({ basePath }: { basePath: string }) {
  return (
    <div className="container section not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>{t.notFoundTitle}</h1>
      <p>{t.notFoundText}</p>
      <p>
        <a className="button button-primary" href={href(basePath, '/home')}>
          {t.backHome}
        </a>
      </p>
      <ul className="not-found-links">
        {NAV.slice(1).map((item) => (
          <li key={item.path}>
            <a href={href(basePath, item.path)}>{item.label}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
