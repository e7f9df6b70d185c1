/** 爬虫日志: per day, crawler, page and status served, with DNS verification; filter and CSV. */
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import { DEFAULT_PAGE_SIZE, SPIDER_VERIFICATION, SPIDERS, type SpiderLogEntry } from '@yuexun/contract';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { spiderLabel } from '../../../components/stats/labels';
import { RangeSwitch } from '../../../components/stats/RangeSwitch';
import { useRange } from '../../../components/stats/range';
import { tableRequest } from '../../../components/table-request';
import { TimeText } from '../../../components/time/TimeText';
import { useIntl } from '../../../locales/intl';
import { listSpiderLog, statsCsvUrl } from '../../../services/stats';

const VERIFIED_COLORS = { yes: 'success', no: 'error', unverified: 'default' } as const;

export default function Spiders() {
  const { t } = useIntl();
  const [range, setRange] = useRange();
  // The filters of the last search, so the CSV holds what the list shows.
  const [filters, setFilters] = useState<{ spider?: string; path?: string; verified?: string }>({});
  const columns: ProColumns<SpiderLogEntry>[] = [
    { title: t('stats.spiders.day'), dataIndex: 'day', search: false, width: 110 },
    {
      title: t('stats.spiders.spider'),
      dataIndex: 'spider',
      valueEnum: Object.fromEntries(SPIDERS.map((s) => [s, { text: spiderLabel(t, s) }])),
      ellipsis: true,
    },
    { title: t('stats.spiders.path'), dataIndex: 'path', ellipsis: true },
    {
      title: t('stats.spiders.status'),
      dataIndex: 'status',
      search: false,
      width: 80,
      render: (_, e) => <Tag color={e.status >= 400 ? 'error' : 'default'}>{e.status}</Tag>,
    },
    {
      title: t('stats.spiders.verified'),
      dataIndex: 'verified',
      width: 90,
      responsive: ['md'],
      valueEnum: Object.fromEntries(SPIDER_VERIFICATION.map((v) => [v, { text: t(`stats.verified.${v}`) }])),
      render: (_, e) => <Tag color={VERIFIED_COLORS[e.verified]}>{t(`stats.verified.${e.verified}`)}</Tag>,
    },
    { title: t('stats.spiders.hits'), dataIndex: 'hits', search: false, align: 'right', width: 90 },
    {
      title: t('stats.spiders.lastAt'),
      dataIndex: 'lastAt',
      search: false,
      width: 150,
      responsive: ['lg'],
      render: (_, e) => <TimeText iso={e.lastAt} />,
    },
  ];
  return (
    <PageContainer content={t('stats.spiders.intro')}>
      <ProTable<SpiderLogEntry, { spider?: string; path?: string; verified?: string; range?: string }>
        rowKey={(e) => `${e.day}|${e.spider}|${e.path}|${e.status}|${e.verified}`}
        search={{ labelWidth: 'auto' }}
        options={false}
        params={{ range }}
        columns={columns}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE, showSizeChanger: true }}
        headerTitle={<RangeSwitch value={range} onChange={setRange} />}
        toolBarRender={() => [
          <Button
            key="csv"
            icon={<DownloadOutlined />}
            href={statsCsvUrl('spiders', range, filters)}
            download
          >
            {t('stats.csv')}
          </Button>,
        ]}
        request={tableRequest(({ pageIndex, pageSize, spider, path, verified }) => {
          setFilters({ spider, path, verified });
          return listSpiderLog({
            range,
            pageIndex,
            pageSize,
            spider: spider as SpiderLogEntry['spider'] | undefined,
            path,
            verified: verified as SpiderLogEntry['verified'] | undefined,
          });
        })}
      />
    </PageContainer>
  );
}
