/** How a table's key reads in the console: crawlers and width bands by name, 'direct' in words. */
import { type StatsTable, type WidthBand, widthBandLabels } from '@yuexun/contract';
import type { MessageId } from '../../locales/intl';

type Translate = (id: MessageId, values?: Record<string, string | number>) => string;

export const keyLabel = (t: Translate, table: StatsTable, key: string) => {
  if (table === 'widths' && key in widthBandLabels) return widthBandLabels[key as WidthBand];
  if (table === 'leadSources' && key === 'direct') return t('stats.direct');
  return key;
};

export const spiderLabel = (t: Translate, spider: string) => t(`stats.spider.${spider}` as MessageId);
