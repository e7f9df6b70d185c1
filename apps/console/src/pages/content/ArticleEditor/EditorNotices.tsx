/**
 * The editor's notices above the form: typing found from earlier, a save over someone else's, and where the
 * article's submission for review stands.
 */
import type { ArticleReviewItem } from '@yuexun/contract';
import { Alert, Button, Space } from 'antd';
import { useInitialState } from '../../../app/initial-state';
import { showTime } from '../../../components/time/time';
import { useIntl } from '../../../locales/intl';
import { SubmissionNotice } from '../shared/SubmissionNotice';

export function DraftOffer({
  at,
  onRestore,
  onDiscard,
}: {
  at: string;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const { t } = useIntl();
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      message={t('articles.editor.draftFound', { time: showTime(at) })}
      action={
        <Space>
          <Button size="small" type="primary" onClick={onRestore}>
            {t('articles.editor.draftRestore')}
          </Button>
          <Button size="small" onClick={onDiscard}>
            {t('articles.editor.draftDiscard')}
          </Button>
        </Space>
      }
    />
  );
}

export function ConflictNotice({ onView, onKeepMine }: { onView: () => void; onKeepMine: () => void }) {
  const { t } = useIntl();
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      message={t('articles.editor.conflictTitle')}
      description={t('articles.editor.conflictBody')}
      action={
        <Space direction="vertical">
          <Button size="small" onClick={onView}>
            {t('articles.editor.conflictView')}
          </Button>
          <Button size="small" onClick={onKeepMine}>
            {t('articles.editor.conflictKeepMine')}
          </Button>
        </Space>
      }
    />
  );
}

/** Where the article's newest submission stands (decision 051): waiting, returned with the comment, approved. */
export function ReviewNotice({ review, live }: { review: ArticleReviewItem | null; live: boolean }) {
  const canPublish = useInitialState().access.canPublishArticles === true;
  return (
    <SubmissionNotice
      review={review}
      returnedNotice="review.returnedNotice"
      hint={!canPublish && live ? 'review.liveHint' : null}
    />
  );
}
