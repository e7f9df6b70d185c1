/**
 * The dashboard's spider summary: crawler visits of the period per search engine. While the overview
 * loads it shows a skeleton, like the figures above it: the table's own loading veil (a half-white
 * layer fading out) left the card looking greyed out, as if disabled, in screenshots of the loaded page.
 */
import type { StatsOverview } from '@yuexun/contract';
import { Card, Skeleton, Table } from 'antd';
import { Link } from 'react-router';
import { useIntl } from '../../locales/intl';
import { spiderLabel } from './labels';

export function SpiderCard({ overview }: { overview: StatsOverview | null }) {
  const { t } = useIntl();
  return (
    <Card
      size="small"
      title={t('stats.spiderSummary')}
      style={{ height: '100%' }}
      role="region"
      aria-label={t('stats.spiderSummary')}
      extra={<Link to={`/stats/spiders?range=${overview?.range ?? '7d'}`}>{t('stats.more')}</Link>}
    >
      {overview === null ? (
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      ) : (
        <Table
          size="small"
          rowKey="spider"
          dataSource={overview.spiders}
          pagination={false}
          locale={{ emptyText: t('stats.empty') }}
          columns={[
            {
              title: t('stats.spiders.spider'),
              dataIndex: 'spider',
              ellipsis: true,
              render: (spider: string) => spiderLabel(t, spider),
            },
            { title: t('stats.spiders.hits'), dataIndex: 'hits', align: 'right', width: 90 },
          ]}
        />
      )}
    </Card>
  );
}
