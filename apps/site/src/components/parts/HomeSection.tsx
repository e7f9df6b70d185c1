import type { ReactNode } from 'react';
import { href } from '../../lib/href';

interface Props {
  id: string;
  title: string;
  basePath: string;
  /** The section's own page and the words of the link to it. */
  more: { path: string; label: string };
  /** On the tinted background (alternating with white). */
  alt?: boolean;
  children: ReactNode;
}

/**
 * A band of the home page: heading with a link to the whole section, then its content. On a phone
 * the bands lie below the hero, so each is laid out only when it comes near the screen (below-fold).
 */
export default function HomeSection({ id, title, basePath, more, alt = false, children }: Props) {
  return (
    <section className={`section below-fold${alt ? ' section-alt' : ''}`} aria-labelledby={id}>
      <div className="container">
        <div className="section-head">
          <h2 id={id}>{title}</h2>
          <a href={href(basePath, more.path)}>{more.label}</a>
        </div>
        {children}
      </div>
    </section>
  );
}
