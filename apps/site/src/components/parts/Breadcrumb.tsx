/** The trail above a detail page: each step a link (the page itself is its h1, not a step). */
import { Fragment } from 'react';
import { href, type TrailStep } from '../../lib/href';
import { t } from '../../locales/zh-CN';

export default function Breadcrumb({ basePath, steps }: { basePath: string; steps: TrailStep[] }) {
  return (
    <nav className="breadcrumb" aria-label={t.breadcrumb}>
      {steps.map((step, i) => (
        <Fragment key={step.path}>
          {i > 0 && <span aria-hidden="true">/</span>}
          <a href={href(basePath, step.path)}>{step.name}</a>
        </Fragment>
      ))}
    </nav>
  );
}
