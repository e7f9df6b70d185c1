/**
 * One submission for review (decisions 051, 069), an article's or a product's: what the writer proposes beside
 * what visitors see, as a word diff per field; a publisher approves (publishes at once) or returns it with a
 * comment. A submission whose target was saved since is shown with the fields, and approving it is left to the
 * server's 409.
 */
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
import { useIntl } from '../../../locales/intl';
import { DiffView } from '../shared/DiffView';
import { changedFieldLabel, REVIEW_KINDS, type ReviewKind, type ReviewView } from './review-kinds';

export function ReviewDrawer({
  kind,
  reviewId,
  onClose,
  onDecided,
}: {
  kind: ReviewKind;
  reviewId: number;
  onClose: () => void;
  onDecided: () => void;
}) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const narrow = !Grid.useBreakpoint().md;
  const calls = REVIEW_KINDS[kind];
  const canPublish = useInitialState().access[calls.access] === true;
  const [review, setReview] = useState<ReviewView | null>(null);
  const [returning, setReturning] = useState(false);
  const [form] = Form.useForm<{ comment: string }>();
  const { saving, run } = useSubmit(form, { quiet: true, warnConflict: false });

  useEffect(() => {
    calls.get(reviewId).then(setReview);
  }, [calls, reviewId]);

  const fieldName = (f: string) => t(changedFieldLabel(kind, f));
  const approve = () =>
    run(async () => {
      await calls.approve(reviewId);
      message.success(t(calls.approved));
      onDecided();
    });
  const sendBack = () =>
    run(async () => {
      const { comment } = await form.validateFields();
      await calls.sendBack(reviewId, comment);
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
            <Popconfirm title={t(calls.approveConfirm)} onConfirm={approve}>
              <Button type="primary" loading={saving} disabled={review.changedSinceSubmit.length > 0}>
                {t(calls.approveLabel)}
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
          <Tag color={review.live ? 'green' : 'default'}>
            {t(review.live ? calls.liveLabel : calls.newLabel)}
          </Tag>
          {review.changedSinceSubmit.length > 0 && (
            <Alert
              type="warning"
              showIcon
              message={t(kind === 'product' ? 'review.product.changedSince' : 'review.changedSince', {
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
          {review.fields.map((f) => (
            <section key={f.key}>
              <Typography.Title level={5}>{t(f.label)}</Typography.Title>
              <DiffView before={f.before} after={f.after} />
            </section>
          ))}
        </Space>
      )}
    </Drawer>
  );
}
