/** The dashboard's spider summary: crawler visits of the period per search engine. */
import type { StatsOverview } from '@yuexun/contract';
import { Card, Table } from 'antd';
import { Link } from 'react-router';
import { useIntl } from '../../../locales/intl';
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
      <Table
        size="small"
        rowKey="spider"
        loading={overview === null}
        dataSource={overview?.spiders ?? []}
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
    </Card>
  );
}
