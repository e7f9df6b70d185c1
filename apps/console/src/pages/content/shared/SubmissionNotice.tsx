/**
 * Where the newest submission for review stands, above an article's or a product's form (decisions 051, 069):
 * waiting, or returned with the reviewer's comment; else the form's hint (`hint`), if it has one.
 */
import type { ArticleReviewItem } from '@yuexun/contract';
import { Alert } from 'antd';
import { showTime } from '../../../components/time/time';
import { type MessageId, useIntl } from '../../../locales/intl';

type Submission = Pick<
  ArticleReviewItem,
  'state' | 'submittedAt' | 'decidedByName' | 'decidedAt' | 'comment'
>;

export function SubmissionNotice({
  review,
  returnedNotice,
  hint,
}: {
  review: Submission | null;
  /** The returned notice's words ({name} returned this article / product at {time}: {comment}). */
  returnedNotice: MessageId;
  hint: MessageId | null;
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
        message={t(returnedNotice, {
          name: review.decidedByName ?? '-',
          time: review.decidedAt ? showTime(review.decidedAt) : '-',
          comment: review.comment,
        })}
      />
    );
  return hint ? <Alert type="info" showIcon style={style} message={t(hint)} /> : null;
}
