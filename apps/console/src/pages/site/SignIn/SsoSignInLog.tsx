/**
 * 最近的企业账号登录: each sign-in through the OIDC provider or a scan-login platform, refused ones with why and whom
 * the provider named.
 */
import type { SsoSignInEntry } from '@yuexun/contract';
import { Card, Table, Tag } from 'antd';
import { TimeText } from '../../../components/time/TimeText';
import { usePagedRows } from '../../../components/usePagedRows';
import { useIntl } from '../../../locales/intl';
import { loadSsoSignInLog } from '../../../services/sign-in';

export function SsoSignInLog() {
  const { t } = useIntl();
  const { rows, loading, pagination } = usePagedRows(loadSsoSignInLog);

  return (
    <Card title={t('signIn.log')} style={{ marginBottom: 24 }}>
      <Table<SsoSignInEntry>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={rows}
        scroll={{ x: 720 }}
        locale={{ emptyText: t('signIn.log.empty') }}
        pagination={pagination}
        columns={[
          { title: t('sessions.history.at'), dataIndex: 'at', render: (at: string) => <TimeText iso={at} /> },
          {
            title: t('sessions.history.outcome'),
            key: 'outcome',
            render: (_, r) =>
              r.reason ? (
                <Tag color="warning">{t(`signIn.reason.${r.reason}`)}</Tag>
              ) : (
                <Tag color="success">{t('sessions.outcome.success')}</Tag>
              ),
          },
          {
            title: t('signIn.log.provider'),
            dataIndex: 'provider',
            render: (p: SsoSignInEntry['provider']) => t(`signIn.provider.${p}`),
          },
          {
            title: t('signIn.log.account'),
            dataIndex: 'accountName',
            render: (n: string | null) => n ?? '-',
          },
          { title: t('signIn.log.identity'), dataIndex: 'identity', render: (n: string | null) => n ?? '-' },
          {
            title: t('sessions.history.address'),
            dataIndex: 'address',
            render: (a: string | null) => <span dir="ltr">{a ?? '-'}</span>,
          },
        ]}
      />
    </Card>
  );
}
