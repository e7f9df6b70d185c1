/** What a timeline entry says (the drawer's timeline, the 客户 page's and the phone lead page's). */
import type { LeadTimelineEntry } from '@yuexun/contract';
import type { MessageId } from '../../locales/intl';

type T = (id: MessageId, values?: Record<string, string | number>) => string;

export const describeEntry = (t: T, e: LeadTimelineEntry) => {
  if (e.kind === 'status' && e.statusTo)
    return t('leads.timeline.moved', {
      from: e.statusFrom ? t(`leads.status.${e.statusFrom}`) : '-',
      to: t(`leads.status.${e.statusTo}`),
    });
  if (e.kind === 'assign')
    return e.ownerName
      ? e.ruleName
        ? t('leads.timeline.assignedByRule', { name: e.ownerName, rule: e.ruleName })
        : t('leads.timeline.assigned', { name: e.ownerName })
      : t('leads.timeline.unassigned');
  if (e.kind === 'pool') return t('leads.timeline.pooledFrom', { name: e.ownerName ?? '-', reason: e.note });
  if (e.kind === 'claim') return t('leads.timeline.claimedBy', { name: e.ownerName ?? '-' });
  return e.note;
};
