/**
 * One submission for review (decision 051): what the writer proposes beside what visitors see, as a word
 * diff per field; a publisher approves (publishes at once) or returns it with a comment. A submission whose
 * article was saved since is shown with the fields, and approving it is left to the server's 409.
 */
import type { ArticleReviewDetail } from '@yuexun/contract';
import {
  Alert,
  App,
  Button,
  Drawer,
  Form,
  Grid,
  Input,
  Popconfirm,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useInitialState } from '../../../app/initial-state';
import { TimeText } from '../../../components/time/TimeText';
import { useSubmit } from '../../../components/useSubmit';
import { type MessageId, useIntl } from '../../../locales/intl';
import { approveReview, getReview, returnReview } from '../../../services/article-review';
import { DiffView } from '../shared/DiffView';

const COMPARED = ['title', 'summary', 'bodyHtml', 'tags'] as const;

export function ReviewDrawer({
  reviewId,
  onClose,
  onDecided,
}: {
  reviewId: number;
  onClose: () => void;
  onDecided: () => void;
}) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const narrow = !Grid.useBreakpoint().md;
  const canPublish = useInitialState().access.canPublishArticles === true;
  const [review, setReview] = useState<ArticleReviewDetail | null>(null);
  const [returning, setReturning] = useState(false);
  const [form] = Form.useForm<{ comment: string }>();
  const { saving, run } = useSubmit(form, { quiet: true, warnConflict: false });

  useEffect(() => {
    getReview(reviewId).then(setReview);
  }, [reviewId]);

  const fieldName = (f: string) => t(`field.${f}` as MessageId);
  const approve = () =>
    run(async () => {
      await approveReview(reviewId);
      message.success(t('review.approved'));
      onDecided();
    });
  const sendBack = () =>
    run(async () => {
      const { comment } = await form.validateFields();
      await returnReview(reviewId, comment);
      message.success(t('review.returned'));
      onDecided();
    });

  const pending = review?.state === 'pending';
  return (
    <Drawer
      open
      destroyOnHidden
      width={narrow ? '100%' : 960}
      onClose={onClose}
      title={review ? t('review.drawer.title', { title: review.title }) : t('review.open')}
      footer={
        canPublish &&
        pending && (
          <Space wrap>
            <Popconfirm title={t('review.approveConfirm')} onConfirm={approve}>
              <Button type="primary" loading={saving} disabled={review.changedSinceSubmit.length > 0}>
                {t('review.approve')}
              </Button>
            </Popconfirm>
            <Button danger onClick={() => setReturning(true)} disabled={saving}>
              {t('review.return')}
            </Button>
          </Space>
        )
      }
    >
      {!review ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            {t('review.submittedBy')}：{review.submittedByName} · <TimeText iso={review.submittedAt} />
          </Typography.Text>
          <Tag color={review.live ? 'green' : 'default'}>{t(review.live ? 'review.live' : 'review.new')}</Tag>
          {review.changedSinceSubmit.length > 0 && (
            <Alert
              type="warning"
              showIcon
              message={t('review.changedSince', {
                fields: review.changedSinceSubmit.map(fieldName).join('、'),
              })}
            />
          )}
          {returning && (
            <Form form={form} layout="vertical" onFinish={sendBack}>
              <Form.Item
                name="comment"
                label={t('review.comment')}
                rules={[{ required: true, whitespace: true, max: 500 }]}
              >
                <Input.TextArea
                  rows={3}
                  placeholder={t('review.commentPlaceholder')}
                  maxLength={500}
                  showCount
                />
              </Form.Item>
              <Button htmlType="submit" danger loading={saving}>
                {t('review.returnSubmit')}
              </Button>
            </Form>
          )}
          {COMPARED.map((f) => (
            <section key={f}>
              <Typography.Title level={5}>{fieldName(f)}</Typography.Title>
              <DiffView before={review.published?.[f] ?? ''} after={review.proposal[f]} />
            </section>
          ))}
        </Space>
      )}
    </Drawer>
  );
}
