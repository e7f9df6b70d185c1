/** 公海 statistics for admins (decision 058): how many wait and how long, and where leads leaked in 30 days. */
import type { LeadPoolStats } from '@yuexun/contract';
import { Card, Col, List, Progress, Row, Statistic } from 'antd';
import { useEffect, useState } from 'react';
import { useIntl } from '../../../locales/intl';
import { loadPoolStats } from '../../../services/lead-pool';

type CountRow = LeadPoolStats['ages'][number];

function Bars({ rows }: { rows: CountRow[] }) {
  const { t } = useIntl();
  const top = Math.max(1, ...rows.map((r) => r.count));
  return (
    <List
      size="small"
      dataSource={rows}
      locale={{ emptyText: t('accounts.none') }}
      renderItem={(r) => (
        <List.Item style={{ display: 'grid', gridTemplateColumns: '7em 1fr 3em', gap: 8 }}>
          <span>{r.label}</span>
          <Progress percent={Math.round((r.count / top) * 100)} showInfo={false} size="small" />
          <span style={{ textAlign: 'end' }}>{r.count}</span>
        </List.Item>
      )}
    />
  );
}

export function PoolStatsCards({ reloadKey }: { reloadKey: number }) {
  const { t } = useIntl();
  const [stats, setStats] = useState<LeadPoolStats | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for a fresh read after a claim
  useEffect(() => {
    loadPoolStats().then(setStats, () => setStats(null));
  }, [reloadKey]);
  if (!stats) return null;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <Col xs={24} md={8}>
        <Card size="small">
          <Row gutter={8}>
            <Col span={8}>
              <Statistic title={t('pool.stats.inPool')} value={stats.inPool} />
            </Col>
            <Col span={8}>
              <Statistic title={t('pool.stats.returned')} value={stats.returned30d} />
            </Col>
            <Col span={8}>
              <Statistic title={t('pool.stats.claimed')} value={stats.claimed30d} />
            </Col>
          </Row>
        </Card>
        <Card size="small" title={t('pool.stats.ages')} style={{ marginTop: 16 }}>
          <Bars rows={stats.ages} />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card size="small" title={t('pool.stats.byOwner')} style={{ height: '100%' }}>
          <Bars rows={stats.byOwner} />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card size="small" title={t('pool.stats.byReason')} style={{ height: '100%' }}>
          <Bars rows={[...stats.byReason, ...stats.byKind]} />
        </Card>
      </Col>
    </Row>
  );
}
