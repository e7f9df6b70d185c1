/** Where the product's newest submission stands (decision 069): waiting, returned with the comment, or a hint. */
import type { ProductReviewItem } from '@yuexun/contract';
import { Alert } from 'antd';
import { showTime } from '../../../components/time/time';
import { useIntl } from '../../../locales/intl';

export function ProductReviewNotice({
  review,
  live,
  canPublish,
}: {
  review: ProductReviewItem | null;
  live: boolean;
  canPublish: boolean;
}) {
  const { t } = useIntl();
  const style = { marginBottom: 16 };
  if (review?.state === 'pending')
    return (
      <Alert
        type="info"
        showIcon
        style={style}
        message={t('review.pendingNotice', { time: showTime(review.submittedAt) })}
      />
    );
  if (review?.state === 'returned')
    return (
      <Alert
        type="warning"
        showIcon
        style={style}
        message={t('review.product.returnedNotice', {
          name: review.decidedByName ?? '-',
          time: review.decidedAt ? showTime(review.decidedAt) : '-',
          comment: review.comment,
        })}
      />
    );
  if (canPublish) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={style}
      message={t(live ? 'review.product.liveHint' : 'review.product.draftHint')}
    />
  );
}
