/** A timeline's entries, newest first, each with who and when: the lead drawer's and the 客户 page's. */
import type { LeadTimelineEntry } from '@yuexun/contract';
import { Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { TimeText } from '../../../components/time/TimeText';
import { useIntl } from '../../../locales/intl';

const COLORS: Record<LeadTimelineEntry['kind'], string> = {
  call: 'blue',
  visit: 'green',
  wechat: 'green',
  email: 'blue',
  note: 'gray',
  status: 'orange',
  assign: 'purple',
  pool: 'red',
  claim: 'purple',
  merge: 'gray',
  account: 'gray',
  wecom: 'green',
};

export function TimelineEntries<E extends LeadTimelineEntry>({
  entries,
  extra,
}: {
  entries: E[];
  /** Shown after the kind (the 客户 page names the lead). */
  extra?: (entry: E) => ReactNode;
}) {
  const { t } = useIntl();
  const describe = (e: LeadTimelineEntry) => {
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
    if (e.kind === 'pool')
      return t('leads.timeline.pooledFrom', { name: e.ownerName ?? '-', reason: e.note });
    if (e.kind === 'claim') return t('leads.timeline.claimedBy', { name: e.ownerName ?? '-' });
    return e.note;
  };
  return (
    <Timeline
      items={entries.map((e) => ({
        key: e.id,
        color: COLORS[e.kind],
        children: (
          <div data-testid="timeline-entry">
            <Typography.Text strong>{t(`leads.timeline.${e.kind}`)}</Typography.Text>
            {extra?.(e)}
            {' · '}
            <Typography.Text type="secondary">
              <TimeText iso={e.createdAt} /> · {e.accountName ?? t('leads.timeline.system')}
            </Typography.Text>
            <div style={{ whiteSpace: 'pre-wrap' }}>{describe(e)}</div>
            {e.nextAt && (
              <Typography.Text type="secondary">
                {t('leads.nextFollowUp')}：<TimeText iso={e.nextAt} />
              </Typography.Text>
            )}
          </div>
        ),
      }))}
    />
  );
}
