/** The shape of a console route (routes.ts holds the table). */
import type { ComponentType } from 'react';
import type { MessageId } from '../locales/intl';

export type PageModule = { default: ComponentType };

export interface RouteConfig {
  path: string;
  /** Menu locale key. */
  name?: MessageId;
  /** Icon name of src/layouts/menu-icons.tsx (imported one by one, never the whole set). */
  icon?: string;
  access?: string;
  layout?: false;
  hideInMenu?: boolean;
  redirect?: string;
  component?: () => Promise<PageModule>;
  routes?: RouteConfig[];
}
