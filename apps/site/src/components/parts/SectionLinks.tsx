import { href } from '../../lib/href';
import { NAV } from '../../lib/nav';

/** Every section but home, as plain links (footer, not-found page). */
export default function SectionLinks({ basePath, className }: { basePath: string; className: string }) {
  return (
    <ul className={className}>
      {NAV.slice(1).map((item) => (
        <li key={item.path}>
          <a href={href(basePath, item.path)}>{item.label}</a>
        </li>
      ))}
    </ul>
  );
}
