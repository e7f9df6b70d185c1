/** 待审核: submissions of one kind waiting for a publisher, oldest first (decisions 051, 069); 审核 opens the diff. */
import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { DEFAULT_PAGE_SIZE } from '@yuexun/contract';
import { Button } from 'antd';
import { useRef, useState } from 'react';
import { actionColumn } from '../../../components/RowActions';
import { tableRequest } from '../../../components/table-request';
import { TimeText } from '../../../components/time/TimeText';
import { useIntl } from '../../../locales/intl';
import { ReviewDrawer } from './ReviewDrawer';
import { type AnyReviewItem, REVIEW_KINDS, type ReviewKind } from './review-kinds';

export function ReviewQueue({ kind, onDecided }: { kind: ReviewKind; onDecided: () => void }) {
  const { t } = useIntl();
  const action = useRef<ActionType>(null);
  const [open, setOpen] = useState<number | null>(null);

  const columns: ProColumns<AnyReviewItem>[] = [
    { title: t(REVIEW_KINDS[kind].titleLabel), dataIndex: 'title', ellipsis: true },
    { title: t('review.submittedBy'), dataIndex: 'submittedByName', width: 140 },
    {
      title: t('review.submittedAt'),
      dataIndex: 'submittedAt',
      width: 160,
      render: (_, r) => <TimeText iso={r.submittedAt} />,
    },
    actionColumn<AnyReviewItem>(t('common.operation'), 100, (r) => [
      <Button key="open" type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(r.id)}>
        {t('review.open')}
      </Button>,
    ]),
  ];

  return (
    <>
      <ProTable<AnyReviewItem>
        rowKey="id"
        actionRef={action}
        headerTitle={t(kind === 'product' ? 'review.product.queueTitle' : 'review.queue.title')}
        columns={columns}
        search={false}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE }}
        scroll={{ x: 600 }}
        request={tableRequest((paging) => REVIEW_KINDS[kind].list(paging))}
      />
      {open !== null && (
        <ReviewDrawer
          kind={kind}
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
