/** 待审核: submissions waiting for a publisher, oldest first (decision 051); 审核 opens the diff. */
import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { type ArticleReviewItem, DEFAULT_PAGE_SIZE } from '@yuexun/contract';
import { Button } from 'antd';
import { useRef, useState } from 'react';
import { actionColumn } from '../../../components/RowActions';
import { tableRequest } from '../../../components/table-request';
import { TimeText } from '../../../components/time/TimeText';
import { useIntl } from '../../../locales/intl';
import { listReviews } from '../../../services/article-review';
import { ReviewDrawer } from './ReviewDrawer';

export function ReviewQueue({ onDecided }: { onDecided: () => void }) {
  const { t } = useIntl();
  const action = useRef<ActionType>(null);
  const [open, setOpen] = useState<number | null>(null);

  const columns: ProColumns<ArticleReviewItem>[] = [
    { title: t('articles.title'), dataIndex: 'title', ellipsis: true },
    { title: t('review.submittedBy'), dataIndex: 'submittedByName', width: 140 },
    {
      title: t('review.submittedAt'),
      dataIndex: 'submittedAt',
      width: 160,
      render: (_, r) => <TimeText iso={r.submittedAt} />,
    },
    actionColumn<ArticleReviewItem>(t('common.operation'), 100, (r) => [
      <Button key="open" type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(r.id)}>
        {t('review.open')}
      </Button>,
    ]),
  ];

  return (
    <>
      <ProTable<ArticleReviewItem>
        rowKey="id"
        actionRef={action}
        headerTitle={t('review.queue.title')}
        columns={columns}
        search={false}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE }}
        scroll={{ x: 600 }}
        request={tableRequest((paging) => listReviews({ ...paging, state: 'pending' }))}
      />
      {open !== null && (
        <ReviewDrawer
          reviewId={open}
          onClose={() => setOpen(null)}
          onDecided={() => {
            setOpen(null);
            action.current?.reload();
            onDecided();
          }}
        />
      )}
    </>
  );
}
