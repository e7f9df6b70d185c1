/** A timeline's entries, newest first, each with who and when: the lead drawer's and the 客户 page's. */
import type { LeadTimelineEntry } from '@yuexun/contract';
import { Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { describeEntry } from '../../../components/leads/timeline-text';
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
            <div style={{ whiteSpace: 'pre-wrap' }}>{describeEntry(t, e)}</div>
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
