/**
 * 搜索引擎推送: whether Baidu and IndexNow are set up (站点设置), Baidu's quota left today, and every push
 * with its addresses, each engine's answer, retries and 重新推送.
 */
import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import {
  DEFAULT_PAGE_SIZE,
  SEARCH_ENGINES_PUSHED,
  type SearchPushEntry,
  type SearchPushStatus,
  searchPushStatuses,
} from '@yuexun/contract';
import { Alert, Card, Col, Descriptions, Grid, Row, Statistic, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Ltr } from '../../../components/Ltr';
import { actionColumn, RowButton, useListChange } from '../../../components/RowActions';
import { tableRequest } from '../../../components/table-request';
import { TimeText } from '../../../components/time/TimeText';
import { useIntl } from '../../../locales/intl';
import { listPushes, loadPushStatus, resendPush } from '../../../services/stats';

const STATUS_COLORS: Record<SearchPushEntry['status'], string> = {
  pending: 'default',
  sending: 'processing',
  sent: 'success',
  retrying: 'warning',
  failed: 'error',
};

function PushStatusCard({ status }: { status: SearchPushStatus | null }) {
  const { t } = useIntl();
  const yes = (on: boolean) => (
    <Tag color={on ? 'success' : 'default'}>{t(on ? 'push.configured' : 'push.notConfigured')}</Tag>
  );
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} md={8}>
        <Card size="small" loading={status === null} style={{ height: '100%' }}>
          <Statistic
            title={t('push.baiduRemain')}
            value={status?.baiduRemain ?? '—'}
            aria-label={t('push.baiduRemain')}
          />
          {status?.baiduRemainAt && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('push.asOf')} <TimeText iso={status.baiduRemainAt} />
            </Typography.Text>
          )}
        </Card>
      </Col>
      <Col xs={24} md={16}>
        <Card size="small" loading={status === null} style={{ height: '100%' }}>
          {status && (
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('push.engine.baidu')}>
                {yes(status.baiduConfigured)}
              </Descriptions.Item>
              <Descriptions.Item label={t('push.engine.indexnow')}>
                {yes(status.indexNowConfigured)}
                {status.indexNowKeyUrl && (
                  <Typography.Text type="secondary" copyable style={{ fontSize: 12, wordBreak: 'break-all' }}>
                    <Ltr>{status.indexNowKeyUrl}</Ltr>
                  </Typography.Text>
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t('push.origin')}>
                {status.origin ? <Ltr>{status.origin}</Ltr> : t('push.noOrigin')}
              </Descriptions.Item>
            </Descriptions>
          )}
        </Card>
      </Col>
    </Row>
  );
}

export default function Push() {
  const { t } = useIntl();
  const phone = Grid.useBreakpoint().sm === false;
  const action = useRef<ActionType>(null);
  const change = useListChange();
  const [status, setStatus] = useState<SearchPushStatus | null>(null);
  useEffect(() => {
    void loadPushStatus().then(setStatus);
  }, []);
  const unconfigured = status && !status.baiduConfigured && !status.indexNowConfigured;

  const columns: ProColumns<SearchPushEntry>[] = [
    {
      title: t('push.time'),
      dataIndex: 'createdAt',
      search: false,
      width: 150,
      responsive: ['sm'],
      render: (_, p) => <TimeText iso={p.createdAt} />,
    },
    {
      title: t('push.engine'),
      dataIndex: 'engine',
      width: phone ? undefined : 130,
      valueEnum: Object.fromEntries(SEARCH_ENGINES_PUSHED.map((e) => [e, { text: t(`push.engine.${e}`) }])),
      render: (_, p) => t(`push.engine.${p.engine}`),
    },
    {
      title: t('push.urls'),
      dataIndex: 'urls',
      search: false,
      render: (_, p) => (
        <>
          <Typography.Paragraph
            ellipsis={{ rows: 2, expandable: 'collapsible' }}
            style={{ margin: 0, wordBreak: 'break-all' }}
          >
            <Ltr>{p.urls.join('\n')}</Ltr>
          </Typography.Paragraph>
          {phone && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <TimeText iso={p.createdAt} />
            </Typography.Text>
          )}
          {p.answer && (
            <Typography.Paragraph
              type={p.status === 'sent' ? 'secondary' : 'danger'}
              ellipsis={{ rows: 2, tooltip: p.answer }}
              style={{ margin: 0, fontSize: 12 }}
            >
              {t('push.answer')}：{p.httpStatus ?? '—'} <Ltr>{p.answer}</Ltr>
            </Typography.Paragraph>
          )}
        </>
      ),
    },
    {
      title: t('push.status'),
      dataIndex: 'status',
      width: phone ? undefined : 100,
      valueEnum: Object.fromEntries(searchPushStatuses.map((s) => [s, { text: t(`alerts.status.${s}`) }])),
      render: (_, p) => <Tag color={STATUS_COLORS[p.status]}>{t(`alerts.status.${p.status}`)}</Tag>,
    },
    {
      title: t('push.attempts'),
      dataIndex: 'attempts',
      search: false,
      width: 80,
      responsive: ['md'],
      render: (_, p) => `${p.attempts} / ${p.maxAttempts}`,
    },
    actionColumn<SearchPushEntry>(t('common.operation'), phone ? undefined : 90, (p) =>
      p.status === 'failed' || p.status === 'retrying' || p.status === 'sent'
        ? [
            <RowButton
              key="resend"
              onClick={() =>
                change(
                  () => resendPush(p.id),
                  t('push.resent'),
                  () => action.current?.reload(),
                )
              }
            >
              {t('push.resend')}
            </RowButton>,
          ]
        : [],
    ),
  ];

  return (
    <PageContainer content={t('push.intro')}>
      {unconfigured && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('push.setUp')}
          action={<Link to="/site/settings">{t('menu.site.settings')}</Link>}
        />
      )}
      <PushStatusCard status={status} />
      <ProTable<SearchPushEntry, { engine?: string; status?: string }>
        style={{ marginTop: 16 }}
        rowKey="id"
        actionRef={action}
        headerTitle={t('push.log')}
        columns={columns}
        options={false}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE, showSizeChanger: true }}
        request={tableRequest(({ pageIndex, pageSize, engine, status: state }) =>
          listPushes({
            pageIndex,
            pageSize,
            engine: engine as SearchPushEntry['engine'] | undefined,
            status: state as SearchPushEntry['status'] | undefined,
          }),
        )}
      />
    </PageContainer>
  );
}
