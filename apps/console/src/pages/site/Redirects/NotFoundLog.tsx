/**
 * The 404 log: addresses that found nothing, most requested first (crawlers counted apart), where the
 * visitors came from, and 设为重定向 to answer an address with a rule.
 */
import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { DEFAULT_PAGE_SIZE, type NotFoundEntry } from '@yuexun/contract';
import { Grid, Popconfirm, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { actionColumn, RowButton, useListChange } from '../../../components/RowActions';
import { tableRequest } from '../../../components/table-request';
import { TimeText } from '../../../components/time/TimeText';
import { useIntl } from '../../../locales/intl';
import { clearNotFound, listNotFound } from '../../../services/redirects';

export function NotFoundLog({ onRedirect }: { onRedirect: (path: string) => void }) {
  const { t } = useIntl();
  const phone = Grid.useBreakpoint().sm === false;
  const action = useRef<ActionType>(null);
  const change = useListChange();

  const columns: ProColumns<NotFoundEntry>[] = [
    { title: t('redirects.keyword'), dataIndex: 'keyword', hideInTable: true },
    {
      title: t('redirects.notFound.path'),
      dataIndex: 'path',
      search: false,
      render: (_, e) => (
        <>
          <Typography.Text code copyable={{ text: e.path }} style={{ wordBreak: 'break-all' }}>
            {e.path}
          </Typography.Text>
          {e.redirect && (
            <Tag color="success" style={{ marginInlineStart: 8 }}>
              {t('redirects.notFound.redirected', { to: e.redirect.toUrl })}
            </Tag>
          )}
          {e.referrers.map((r) => (
            <Typography.Paragraph
              key={r.referrer}
              type="secondary"
              ellipsis={{ tooltip: r.referrer }}
              style={{ margin: 0, fontSize: 12, maxWidth: phone ? 220 : 520 }}
            >
              {t('redirects.notFound.from', { referrer: r.referrer, hits: r.hits })}
            </Typography.Paragraph>
          ))}
          {phone && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {t('redirects.notFound.counts', { hits: e.hits, bots: e.botHits })}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: t('redirects.notFound.hits'),
      dataIndex: 'hits',
      search: false,
      width: 90,
      responsive: ['sm'],
    },
    {
      title: t('redirects.notFound.botHits'),
      dataIndex: 'botHits',
      search: false,
      width: 90,
      responsive: ['sm'],
    },
    {
      title: t('redirects.notFound.lastAt'),
      dataIndex: 'lastAt',
      search: false,
      width: 150,
      responsive: ['md'],
      render: (_, e) => <TimeText iso={e.lastAt} />,
    },
    actionColumn<NotFoundEntry>(
      t('common.operation'),
      phone ? 90 : 170,
      (e) => {
        const buttons = [
          !e.redirect && (
            <RowButton key="redirect" onClick={() => onRedirect(e.path)}>
              {t('redirects.notFound.toRule')}
            </RowButton>
          ),
          <Popconfirm
            key="clear"
            title={t('redirects.notFound.clearConfirm', { path: e.path })}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() =>
              change(
                () => clearNotFound(e.path),
                t('redirects.notFound.cleared'),
                () => action.current?.reload(),
              )
            }
          >
            <RowButton>{t('redirects.notFound.clear')}</RowButton>
          </Popconfirm>,
        ].filter(Boolean);
        return buttons;
      },
      { stacked: phone },
    ),
  ];

  return (
    <ProTable<NotFoundEntry, { keyword?: string }>
      rowKey="path"
      actionRef={action}
      headerTitle={t('redirects.tab.notFound')}
      columns={columns}
      search={{ labelWidth: 'auto' }}
      pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE, showSizeChanger: true }}
      request={tableRequest(({ pageIndex, pageSize, keyword }) =>
        listNotFound({ pageIndex, pageSize, keyword }),
      )}
      locale={{ emptyText: t('redirects.notFound.empty') }}
    />
  );
}
