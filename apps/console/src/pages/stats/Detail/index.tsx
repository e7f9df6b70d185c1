/** One statistics table in full (?table=&range=): paged, most first, with its CSV. */
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import {
  DEFAULT_PAGE_SIZE,
  STATS_TABLES,
  type StatsRow,
  type StatsTable,
  statsTableColumns,
} from '@yuexun/contract';
import { Button, Select, Space } from 'antd';
import { keyLabel } from '../../../components/stats/labels';
import { RangeSwitch } from '../../../components/stats/RangeSwitch';
import { useRange } from '../../../components/stats/range';
import { tableRequest } from '../../../components/table-request';
import { useIntl } from '../../../locales/intl';
import { listStatsTable, statsCsvUrl } from '../../../services/stats';

const isTable = (value: string | null): value is StatsTable =>
  (STATS_TABLES as readonly string[]).includes(value ?? '');

export default function Detail() {
  const { t } = useIntl();
  const [range, setRange, params] = useRange();
  const given = params.get('table');
  const table: StatsTable = isTable(given) ? given : 'pages';
  const setTable = (next: StatsTable) => {
    const copy = new URLSearchParams(params);
    copy.set('table', next);
    window.location.hash = `/stats/detail?${copy}`;
  };
  const columns: ProColumns<StatsRow>[] = [
    {
      title: t('stats.column.key'),
      dataIndex: 'key',
      ellipsis: true,
      render: (_, row) => <span title={row.key}>{keyLabel(t, table, row.key)}</span>,
    },
    ...statsTableColumns[table].metrics.map(
      (metric): ProColumns<StatsRow> => ({
        title: t(`stats.metric.${metric}`),
        dataIndex: metric,
        align: 'right',
        width: 90,
      }),
    ),
  ];
  return (
    <PageContainer title={t(`stats.table.${table}`)}>
      <ProTable<StatsRow>
        rowKey="key"
        search={false}
        options={false}
        params={{ table, range }}
        columns={columns}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE, showSizeChanger: true }}
        headerTitle={
          <Space wrap>
            <Select<StatsTable>
              value={table}
              onChange={setTable}
              style={{ minWidth: 180 }}
              aria-label={t('menu.stats.detail')}
              options={STATS_TABLES.map((name) => ({ value: name, label: t(`stats.table.${name}`) }))}
            />
            <RangeSwitch value={range} onChange={setRange} />
          </Space>
        }
        toolBarRender={() => [
          <Button key="csv" icon={<DownloadOutlined />} href={statsCsvUrl(table, range)} download>
            {t('stats.csv')}
          </Button>,
        ]}
        request={tableRequest(({ pageIndex, pageSize }) => listStatsTable(table, range, pageIndex, pageSize))}
      />
    </PageContainer>
  );
}
