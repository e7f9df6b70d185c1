/** Sign-in history (90 days): time, outcome, method, device and masked address, newest first, paged. */
import type { SignInRecord } from '@yuexun/contract';
import type { PagedResult } from '@yuexun/request';
import { Table, Tag } from 'antd';
import { useIntl } from '../../locales/intl';
import { TimeText } from '../time/TimeText';
import { usePagedRows } from '../usePagedRows';
import { deviceLabel } from './SessionList';

const OUTCOME_COLOR = { success: 'success', failure: 'warning', locked: 'error' } as const;

export function SignInHistory({
  load,
}: {
  load: (pageIndex: number, pageSize: number) => Promise<PagedResult<SignInRecord>>;
}) {
  const { t } = useIntl();
  const { rows, loading, pagination } = usePagedRows(load);

  return (
    <Table<SignInRecord>
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={rows}
      scroll={{ x: 560 }}
      pagination={pagination}
      columns={[
        { title: t('sessions.history.at'), dataIndex: 'at', render: (at: string) => <TimeText iso={at} /> },
        {
          title: t('sessions.history.outcome'),
          dataIndex: 'outcome',
          render: (o: SignInRecord['outcome'], r) => (
            <>
              <Tag color={OUTCOME_COLOR[o]}>{t(`sessions.outcome.${o}`)}</Tag>
              {r.reason && t(`signIn.reason.${r.reason}`)}
            </>
          ),
        },
        {
          title: t('sessions.history.method'),
          dataIndex: 'method',
          render: (m: SignInRecord['method']) => t(`sessions.method.${m}`),
        },
        {
          title: t('sessions.history.device'),
          key: 'device',
          render: (_, r) => deviceLabel(r, t('sessions.unknownDevice')),
        },
        {
          title: t('sessions.history.address'),
          dataIndex: 'address',
          render: (a: string | null) => <span dir="ltr">{a ?? '-'}</span>,
        },
      ]}
    />
  );
}
