/**
 * 线索来源: leads counted by where they came from (utm_source, else the search engine, else the referring site,
 * else 直接访问), by campaign, medium or landing page, for a kind and a range of days; each source and campaign
 * opens the lead list filtered by it.
 */
import { PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import {
  isOneOf,
  LEAD_KINDS,
  LEAD_SOURCE_GROUPS,
  type LeadKind,
  type LeadSourceGroup,
  type LeadSourceRow,
  sourceLabel,
} from '@yuexun/contract';
import { DatePicker, Grid, Progress, Segmented, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useInitialState } from '../../../app/initial-state';
import { tableRequest } from '../../../components/table-request';
import { dayRangeInstants } from '../../../components/time/time';
import { useIntl } from '../../../locales/intl';
import { listLeadSources } from '../../../services/leads';
import { AdConversionCounts } from './AdConversionCounts';

/** The lead list's filter for a group, when it has one. */
const LIST_FILTER: Partial<Record<LeadSourceGroup, string>> = { source: 'source', campaign: 'campaign' };

export default function LeadSources() {
  const { t } = useIntl();
  const { access } = useInitialState();
  // Phones: the name and the count side by side, the share as a number.
  const phone = Grid.useBreakpoint().sm === false;
  const [groupBy, setGroupBy] = useState<LeadSourceGroup>('source');
  const [kind, setKind] = useState<LeadKind | undefined>();
  const [days, setDays] = useState<[Dayjs, Dayjs] | null>(null);
  const range = useMemo(
    () => (days ? dayRangeInstants([days[0].format('YYYY-MM-DD'), days[1].format('YYYY-MM-DD')]) : {}),
    [days],
  );
  const [total, setTotal] = useState(0);

  const label = (key: string) =>
    key === '' ? t('leadSources.none') : groupBy === 'source' ? sourceLabel(key) : key;
  const columns: ProColumns<LeadSourceRow>[] = [
    {
      title: t(`leadSources.group.${groupBy}`),
      dataIndex: 'key',
      ellipsis: true,
      render: (_, row) => {
        const filter = LIST_FILTER[groupBy];
        return filter && row.key ? (
          <Link to={`/content/leads?${new URLSearchParams({ [filter]: row.key })}`} title={row.key}>
            {label(row.key)}
          </Link>
        ) : (
          <span title={row.key}>{label(row.key)}</span>
        );
      },
    },
    {
      title: t('leadSources.leads'),
      dataIndex: 'leads',
      width: phone ? 110 : 200,
      render: (_, row) =>
        phone ? (
          `${row.leads}（${total ? Math.round((row.leads / total) * 100) : 0}%）`
        ) : (
          <Space>
            <span style={{ minWidth: 32, display: 'inline-block' }}>{row.leads}</span>
            <Progress
              percent={total ? Math.round((row.leads / total) * 100) : 0}
              size="small"
              style={{ width: 110, margin: 0 }}
            />
          </Space>
        ),
    },
    { title: t('leadSources.open'), dataIndex: 'open', width: 90, responsive: ['sm'] },
    { title: t('leadSources.won'), dataIndex: 'won', width: phone ? 70 : 90 },
  ];

  return (
    <PageContainer content={t('leadSources.intro')}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented<LeadSourceGroup>
          value={groupBy}
          onChange={setGroupBy}
          options={LEAD_SOURCE_GROUPS.map((g) => ({ value: g, label: t(`leadSources.group.${g}`) }))}
        />
        <Select
          aria-label={t('leads.kind')}
          allowClear
          placeholder={t('leadSources.allKinds')}
          style={{ width: 140 }}
          value={kind}
          onChange={(v: string | undefined) => setKind(isOneOf(LEAD_KINDS, v) ? v : undefined)}
          options={LEAD_KINDS.map((k) => ({ value: k, label: t(`leads.kind.${k}`) }))}
        />
        <DatePicker.RangePicker
          aria-label={t('leads.range')}
          value={days}
          onChange={(value) => setDays(value?.[0] && value[1] ? [value[0], value[1]] : null)}
        />
      </Space>
      <ProTable<LeadSourceRow>
        rowKey="key"
        headerTitle={t('menu.content.lead-sources')}
        columns={columns}
        search={false}
        pagination={false}
        params={{ groupBy, kind, ...range }}
        request={tableRequest(async (params) => {
          const rows = await listLeadSources({
            groupBy: isOneOf(LEAD_SOURCE_GROUPS, params.groupBy) ? params.groupBy : 'source',
            kind: isOneOf(LEAD_KINDS, params.kind) ? params.kind : undefined,
            from: params.from,
            to: params.to,
          });
          setTotal(rows.reduce((sum, r) => sum + r.leads, 0));
          return rows;
        })}
        locale={{ emptyText: t('leadSources.empty') }}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('leadSources.note')}
      </Typography.Paragraph>
      {access.canAllLeads ? <AdConversionCounts canSettings={access.canEditSettings} /> : null}
    </PageContainer>
  );
}
