/** Category tabs as links (each tab is its own URL, so it is shareable and indexable). */
import { href } from '../../lib/href';

interface Props {
  basePath: string;
  label: string;
  items: { id: number | string; name: string; path: string }[];
  currentId: number | string;
}

export default function Tabs({ basePath, label, items, currentId }: Props) {
  return (
    <nav className="tabs" aria-label={label}>
      {items.map((item) => (
        <a
          key={item.id}
          href={href(basePath, item.path)}
          aria-current={item.id === currentId ? 'page' : undefined}
        >
          {item.name}
        </a>
      ))}
    </nav>
  );
}
