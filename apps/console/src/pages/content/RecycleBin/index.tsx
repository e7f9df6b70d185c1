/** The recycle bin: deleted articles and products, restorable for 30 days (then purged). */
import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import { DEFAULT_PAGE_SIZE, type RecycleBinEntry } from '@yuexun/contract';
import { App, Grid, Popconfirm, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { useInitialState } from '../../../app/initial-state';
import { actionColumn, RowButton } from '../../../components/RowActions';
import { tableRequest } from '../../../components/table-request';
import { TimeText } from '../../../components/time/TimeText';
import { useIntl } from '../../../locales/intl';
import { listRecycleBin, restoreFromRecycleBin } from '../../../services/history';

export default function RecycleBin() {
  const { t } = useIntl();
  const canRestore = useInitialState().access.canEditArticles;
  const { message } = App.useApp();
  const action = useRef<ActionType>(null);
  // Phones: one cell per entry (name, type, when deleted and purged), no sideways scrolling.
  const phone = Grid.useBreakpoint().sm === false;

  const restore = async (e: RecycleBinEntry) => {
    try {
      await restoreFromRecycleBin(e.id);
      message.success(t('recycle.restored', { name: e.title }));
    } finally {
      action.current?.reload();
    }
  };

  const columns: ProColumns<RecycleBinEntry>[] = [
    {
      title: t('recycle.name'),
      key: 'entry',
      responsive: ['xs'],
      render: (_, e) => (
        <>
          <Tag>{t(`audit.target.${e.targetType}`)}</Tag>
          <Typography.Text strong>{e.title}</Typography.Text>
          <br />
          <Typography.Text type="secondary">
            {t('recycle.deletedAt')} <TimeText iso={e.deletedAt} />
            <br />
            {t('recycle.purgeAt')} <TimeText iso={e.purgeAt} />
          </Typography.Text>
        </>
      ),
    },
    { title: t('recycle.name'), dataIndex: 'title', ellipsis: true, responsive: ['sm'] },
    {
      title: t('recycle.type'),
      dataIndex: 'targetType',
      width: 90,
      responsive: ['sm'],
      render: (_, e) => <Tag>{t(`audit.target.${e.targetType}`)}</Tag>,
    },
    { title: t('recycle.deletedBy'), dataIndex: 'accountName', width: 110, responsive: ['md'] },
    {
      title: t('recycle.deletedAt'),
      dataIndex: 'deletedAt',
      width: 150,
      responsive: ['sm'],
      render: (_, e) => <TimeText iso={e.deletedAt} />,
    },
    {
      title: t('recycle.purgeAt'),
      dataIndex: 'purgeAt',
      width: 150,
      responsive: ['md'],
      render: (_, e) => <TimeText iso={e.purgeAt} />,
    },
    actionColumn<RecycleBinEntry>(t('common.operation'), phone ? undefined : 90, (e) => [
      // Restoring is articles.write (decision 032): a read-only role sees what is in the bin.
      canRestore && (
        <Popconfirm
          key="restore"
          title={t('recycle.restoreConfirm', { name: e.title })}
          onConfirm={() => restore(e)}
        >
          <RowButton>{t('recycle.restore')}</RowButton>
        </Popconfirm>
      ),
    ]),
  ];

  return (
    <PageContainer content={t('recycle.hint')}>
      <ProTable<RecycleBinEntry>
        rowKey="id"
        actionRef={action}
        headerTitle={t('recycle.title')}
        columns={columns}
        search={false}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE }}
        request={tableRequest(({ pageIndex, pageSize }) => listRecycleBin({ pageIndex, pageSize }))}
      />
    </PageContainer>
  );
}
