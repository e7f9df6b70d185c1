/**
 * 数据概览: visitors, views, leads and conversion against the previous period, the daily trend,
 * top pages, landing pages, sources, search terms, lead attribution, 404s, conversion by form and
 * crawlers. Every number links to its detail list. The chart's library loads lazily, after the numbers.
 */
import type { StatsOverview, StatsTable } from '@yuexun/contract';
import { Alert, Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useIntl } from '../../locales/intl';
import { loadOverview } from '../../services/stats';
import { FormConversionCard } from './FormConversionCard';
import { MetricCard } from './MetricCard';
import { RangeSwitch } from './RangeSwitch';
import { percent, useRange } from './range';
import { SpiderCard } from './SpiderCard';
import { TopCard } from './TopCard';

const TrendChart = lazy(() => import('./TrendChart'));

/** The tables shown as cards, in the order a marketing lead reads them. */
const CARDS: StatsTable[] = [
  'pages',
  'landing',
  'leadSources',
  'leadLanding',
  'engines',
  'keywords',
  'referrers',
  'utmSources',
  'leadCampaigns',
  'notFound',
];

const detail = (table: StatsTable, range: string) => `/stats/detail?table=${table}&range=${range}`;

export function Dashboard() {
  const { t } = useIntl();
  const [range, setRange] = useRange();
  const [overview, setOverview] = useState<StatsOverview | null>(null);
  useEffect(() => {
    let live = true;
    setOverview(null);
    void loadOverview(range).then((loaded) => {
      if (!live) return;
      setOverview(loaded);
    });
    return () => {
      live = false;
    };
  }, [range]);
  const current = overview?.current;
  const previous = overview?.previous;
  const hasTraffic = overview?.daily.some((d) => d.views > 0 || d.leads > 0) ?? false;
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <RangeSwitch value={range} onChange={setRange} />
        {overview && (
          <Typography.Text type="secondary">
            {overview.from === overview.to
              ? overview.from
              : t('stats.period', { from: overview.from, to: overview.to })}
          </Typography.Text>
        )}
      </Flex>
      {overview?.demo && <Alert type="warning" showIcon message={t('stats.demo')} />}
      <Row gutter={[12, 12]}>
        {current && previous ? (
          <>
            <Col xs={12} md={6}>
              <MetricCard
                title={t('stats.metric.visitors')}
                value={current.visitors}
                previous={previous.visitors}
                to={detail('landing', range)}
              />
            </Col>
            <Col xs={12} md={6}>
              <MetricCard
                title={t('stats.metric.views')}
                value={current.views}
                previous={previous.views}
                to={detail('pages', range)}
              />
            </Col>
            <Col xs={12} md={6}>
              <MetricCard
                title={t('stats.metric.leads')}
                value={current.leads}
                previous={previous.leads}
                to="/content/leads"
              />
            </Col>
            <Col xs={12} md={6}>
              <MetricCard
                title={t('stats.metric.conversion')}
                value={current.conversion}
                previous={previous.conversion}
                show={percent}
                to={detail('leadLanding', range)}
                hint={t('stats.metric.conversion.hint')}
              />
            </Col>
          </>
        ) : (
          <Col span={24}>
            <Skeleton active paragraph={{ rows: 2 }} />
          </Col>
        )}
      </Row>
      <Card
        size="small"
        title={t('stats.trend')}
        extra={
          overview && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('stats.notFound')} {overview.notFoundViews} · {t('stats.spiderHits')} {overview.spiderHits}
            </Typography.Text>
          )
        }
      >
        <div style={{ height: 260, position: 'relative' }}>
          {overview && hasTraffic && (
            <Suspense
              fallback={<Typography.Text type="secondary">{t('stats.chart.loading')}</Typography.Text>}
            >
              <TrendChart
                points={overview.daily}
                labels={{ views: t('stats.metric.views'), leads: t('stats.metric.leads') }}
              />
            </Suspense>
          )}
          {overview && !hasTraffic && (
            <Flex justify="center" align="center" style={{ height: '100%' }}>
              <Typography.Text type="secondary">{t('stats.trend.empty')}</Typography.Text>
            </Flex>
          )}
        </div>
      </Card>
      <Row gutter={[12, 12]}>
        {CARDS.map((table) => (
          <Col key={table} xs={24} lg={12}>
            <TopCard table={table} range={range} />
          </Col>
        ))}
        <Col xs={24} lg={12}>
          <FormConversionCard range={range} />
        </Col>
        <Col xs={24} lg={12}>
          <SpiderCard overview={overview} />
        </Col>
      </Row>
    </Flex>
  );
}
