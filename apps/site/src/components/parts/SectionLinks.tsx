import type { SiteNavEntry } from '@yuexun/contract';
import { href } from '../../lib/href';

/**
 * The menu as saved in the console (站点管理 → 导航菜单: its labels, order and visibility), as plain links
 * without the home entry: the footer's quick links and the ways on from the not-found, error and empty
 * search pages. An outside entry opens in a new tab without handing it this page.
 */
export default function SectionLinks({
  basePath,
  className,
  nav,
}: {
  basePath: string;
  className: string;
  nav: SiteNavEntry[];
}) {
  return (
    <ul className={className}>
      {nav
        .filter((item) => item.match !== '/home')
        .map((item) => (
          <li key={`${item.path}|${item.label}`}>
            {item.external ? (
              <a href={item.path} target="_blank" rel="noopener">
                {item.label}
              </a>
            ) : (
              <a href={href(basePath, item.path)}>{item.label}</a>
            )}
          </li>
        ))}
    </ul>
  );
}
