/** A dashboard card with the first rows of one statistics table, 查看全部 (its detail list) and CSV. */
import { type StatsRange, type StatsRow, type StatsTable, statsTableColumns } from '@yuexun/contract';
import { Card, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useIntl } from '../../locales/intl';
import { listStatsTable, statsCsvUrl } from '../../services/stats';
import { keyLabel } from './labels';

const ROWS = 6;

export function TopCard({ table, range }: { table: StatsTable; range: StatsRange }) {
  const { t } = useIntl();
  const [rows, setRows] = useState<StatsRow[] | null>(null);
  useEffect(() => {
    let live = true;
    void listStatsTable(table, range, 1, ROWS).then((page) => {
      if (live) setRows(page.datas);
    });
    return () => {
      live = false;
    };
  }, [table, range]);
  const title = t(`stats.table.${table}`);
  return (
    <Card
      size="small"
      title={title}
      style={{ height: '100%' }}
      role="region"
      aria-label={title}
      extra={
        <Space size="small">
          <Link to={`/stats/detail?table=${table}&range=${range}`}>{t('stats.more')}</Link>
          <Typography.Link href={statsCsvUrl(table, range)} download>
            CSV
          </Typography.Link>
        </Space>
      }
    >
      <Table<StatsRow>
        size="small"
        rowKey="key"
        loading={rows === null}
        dataSource={rows ?? []}
        pagination={false}
        locale={{ emptyText: t('stats.empty') }}
        columns={[
          {
            title: t('stats.column.key'),
            dataIndex: 'key',
            ellipsis: true,
            render: (key: string) => <span title={key}>{keyLabel(t, table, key)}</span>,
          },
          ...statsTableColumns[table].metrics.map((metric) => ({
            title: t(`stats.metric.${metric}`),
            dataIndex: metric,
            align: 'right' as const,
            width: 72,
          })),
        ]}
      />
    </Card>
  );
}
