/**
 * The editor's save and publish buttons. 保存 never changes whether the article is on the site;
 * publishing, scheduling and taking offline are separate buttons, each confirmed first. Without
 * articles.publish (a 撰稿人) the one way to the site is 提交审核 (decision 051); a live article's change then
 * travels with the submission, so its 保存 is off (the server would refuse it).
 */
import type { AdminArticleDetail } from '@yuexun/contract';
import { Button, DatePicker, Form, Popconfirm, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { pickerNow, showTime } from '../../../components/time/time';
import { useIntl } from '../../../locales/intl';
import type { ArticleTransition } from '../../../services/history';
import type { AutosaveState } from './useDraftKeeper';

/** When typing was last kept, on the server or in this browser; nothing before the first keep. */
function AutosaveStatus({ autosave }: { autosave: AutosaveState }) {
  const { t } = useIntl();
  if (!autosave) return null;
  return (
    <Typography.Text type="secondary" role="status">
      {t(autosave.kind === 'server' ? 'articles.editor.autosaved' : 'articles.editor.autosavedLocal', {
        time: showTime(autosave.at),
      })}
    </Typography.Text>
  );
}

export function PublishPanel({
  article,
  saving,
  autosave,
  onSave,
  onTransition,
  canPublish,
  reviewPending,
  onSubmitReview,
}: {
  article: AdminArticleDetail | null;
  saving: boolean;
  autosave: AutosaveState;
  onSave: () => void;
  onTransition: (status: ArticleTransition) => void;
  canPublish: boolean;
  reviewPending: boolean;
  onSubmitReview: () => void;
}) {
  const { t } = useIntl();
  const form = Form.useFormInstance();
  const scheduled = Form.useWatch<Dayjs | undefined>('publishTime', form);
  const live = article?.live ?? false;
  const everPublished = article !== null && article.status !== 'draft';

  if (!canPublish)
    return (
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap>
          <Button loading={saving} onClick={onSave} disabled={live}>
            {article ? t('articles.editor.save') : t('articles.editor.saveDraft')}
          </Button>
          <Popconfirm title={t('review.submitConfirm')} onConfirm={onSubmitReview} disabled={reviewPending}>
            <Button type="primary" loading={saving} disabled={reviewPending}>
              {t('review.submit')}
            </Button>
          </Popconfirm>
        </Space>
        <AutosaveStatus autosave={autosave} />
      </Space>
    );

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Button loading={saving} onClick={onSave} type={live ? 'primary' : 'default'}>
          {article ? t('articles.editor.save') : t('articles.editor.saveDraft')}
        </Button>
        {live ? (
          <Popconfirm title={t('articles.editor.unpublishConfirm')} onConfirm={() => onTransition('offline')}>
            <Button danger loading={saving}>
              {t('articles.editor.unpublish')}
            </Button>
          </Popconfirm>
        ) : (
          <Popconfirm
            title={t(everPublished ? 'articles.editor.republishConfirm' : 'articles.editor.publishConfirm')}
            onConfirm={() => onTransition('published')}
          >
            <Button type="primary" loading={saving}>
              {t('articles.editor.publish')}
            </Button>
          </Popconfirm>
        )}
      </Space>
      <AutosaveStatus autosave={autosave} />
      {!live && (
        <>
          <Form.Item name="publishTime" label={t('articles.editor.scheduleTime')} style={{ marginBottom: 8 }}>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              disabledDate={(d) => d.isBefore(pickerNow(), 'day')}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Popconfirm
            title={t('articles.editor.scheduleConfirm', {
              time: scheduled ? scheduled.format('YYYY-MM-DD HH:mm') : '-',
            })}
            onConfirm={() => onTransition('scheduled')}
          >
            <Button block loading={saving}>
              {t('articles.editor.schedule')}
            </Button>
          </Popconfirm>
        </>
      )}
    </Space>
  );
}
