/**
 * 访问轨迹 (decision 054): what the visitor read before sending the lead, in one line ("看了 3 次 价格商城，2 篇案例
 * （杭州）…") and as the list of pages by visit, with the time on each; the leads sent from the same browser.
 */
import { type LeadVisitPage, type LeadVisits, SEARCH_ENGINES } from '@yuexun/contract';
import { Tag, Timeline, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { TimeText } from '../../../components/time/TimeText';
import { type MessageId, useIntl } from '../../../locales/intl';
import { getLeadVisits } from '../../../services/leads';

type Translate = ReturnType<typeof useIntl>['t'];

const countOf = (pages: LeadVisitPage[], kind: LeadVisitPage['kind']) =>
  pages.filter((p) => p.kind === kind).length;

/** The summary line, from the pages viewed (the visit's own and the return visits). */
export const visitSummary = (pages: LeadVisitPage[], t: Translate) => {
  const parts: string[] = [];
  const add = (kind: LeadVisitPage['kind'], key: MessageId) => {
    const n = countOf(pages, kind);
    if (n > 0) parts.push(t(key, { n }));
  };
  add('price', 'leads.visits.price');
  const cases = pages.filter((p) => p.kind === 'case');
  const places = [...new Set(cases.map((p) => p.place).filter(Boolean))];
  if (cases.length > 0)
    parts.push(
      places.length > 0
        ? t('leads.visits.casePlaces', { n: cases.length, places: places.join('、') })
        : t('leads.visits.case', { n: cases.length }),
    );
  add('solution', 'leads.visits.solution');
  add('product', 'leads.visits.product');
  add('news', 'leads.visits.news');
  add('download', 'leads.visits.download');
  const returns = new Set(pages.filter((p) => p.visit > 1).map((p) => p.visit)).size;
  if (returns > 0) parts.push(t('leads.visits.returns', { n: returns }));
  parts.push(t('leads.visits.pages', { n: pages.length }));
  return parts.join(t('leads.visits.join'));
};

const sourceName = (source: string) => SEARCH_ENGINES.find((e) => e.id === source)?.label ?? source;

const dwell = (seconds: number | null, t: Translate) => {
  if (seconds === null) return null;
  return seconds < 60
    ? t('leads.visits.seconds', { s: seconds })
    : t('leads.visits.minutes', { m: Math.floor(seconds / 60), s: seconds % 60 });
};

const groupOf = (page: LeadVisitPage, t: Translate) =>
  page.visit > 1
    ? t('leads.visits.returnVisit', { n: page.visit })
    : page.afterSubmit
      ? t('leads.visits.afterSubmit')
      : t('leads.visits.thisVisit');

export function VisitTrail({ leadId }: { leadId: number }) {
  const { t } = useIntl();
  const [visits, setVisits] = useState<LeadVisits | null>(null);
  useEffect(() => {
    getLeadVisits(leadId).then(setVisits, () => setVisits(null));
  }, [leadId]);
  if (!visits) return null;
  const { pages } = visits;
  let lastGroup = '';
  return (
    <section aria-labelledby="lead-visits-title" data-testid="lead-visits" style={{ marginBottom: 24 }}>
      <Typography.Title level={5} id="lead-visits-title">
        {t('leads.visits.title')}
      </Typography.Title>
      {!visits.tracked ? (
        <Typography.Text type="secondary">{t('leads.visits.none')}</Typography.Text>
      ) : pages.length === 0 ? (
        <Typography.Text type="secondary">{t('leads.visits.empty')}</Typography.Text>
      ) : (
        <>
          <Typography.Paragraph strong data-testid="lead-visits-summary">
            {visitSummary(pages, t)}
          </Typography.Paragraph>
          <Timeline
            items={pages.map((page, i) => {
              const group = groupOf(page, t);
              const heading = group !== lastGroup ? group : null;
              lastGroup = group;
              const time = dwell(page.seconds, t);
              return {
                key: `${page.viewedAt}-${i}`,
                color: page.afterSubmit ? 'gray' : page.kind === 'price' ? 'red' : 'blue',
                children: (
                  <div>
                    {heading && (
                      <Typography.Text type="secondary" style={{ display: 'block' }}>
                        {heading}
                      </Typography.Text>
                    )}
                    <Typography.Text strong style={{ wordBreak: 'break-all' }}>
                      {page.title || page.path}
                    </Typography.Text>
                    {i === 0 && page.visit === 1 && (
                      <Tag style={{ marginInlineStart: 8 }}>{t('leads.visits.entry')}</Tag>
                    )}
                    <div>
                      <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
                        <TimeText iso={page.viewedAt} /> · {page.path}
                        {time && ` · ${time}`}
                        {page.source && ` · ${t('leads.visits.from', { source: sourceName(page.source) })}`}
                      </Typography.Text>
                    </div>
                  </div>
                ),
              };
            })}
          />
        </>
      )}
      {visits.previousLeadId !== null && (
        <Typography.Paragraph type="secondary">
          {t('leads.visits.previous', { id: visits.previousLeadId })}
        </Typography.Paragraph>
      )}
      {visits.nextLeadIds.length > 0 && (
        <Typography.Paragraph type="secondary">
          {t('leads.visits.next', { ids: visits.nextLeadIds.map((id) => `#${id}`).join('、') })}
        </Typography.Paragraph>
      )}
    </section>
  );
}
