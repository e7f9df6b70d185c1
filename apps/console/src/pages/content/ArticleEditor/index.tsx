/**
 * The article editor. 保存 sends only what changed and never takes a live article offline; publish,
 * schedule and take offline are separate confirmed buttons. Typing is kept (local copy at once,
 * server autosave after a pause), leaving with unsaved changes asks, a lost session opens a login
 * dialog over the editor, and a save over someone else's asks what to do instead of overwriting.
 */
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import { PageContainer } from '@ant-design/pro-components';
import { type AdminArticleDetail, messages } from '@yuexun/contract';
import { App, Button, Card, Col, Form, Modal, Row, Skeleton, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useInitialState } from '../../../app/initial-state';
import { fromPickerValue, showTime } from '../../../components/time/time';
import { isConflict, useRequestKey, useSubmit } from '../../../components/useSubmit';
import { useIntl } from '../../../locales/intl';
import { submitReview } from '../../../services/article-review';
import { createArticle, getArticle, sitePageOf, updateArticle } from '../../../services/articles';
import { type ArticleTransition, changeArticleStatus } from '../../../services/history';
import { AltSuggestFor } from '../shared/ai/AiAltSuggest';
import { AiPanel } from '../shared/ai/AiPanel';
import { useCategories } from '../shared/CategorySelect';
import { changedOnly } from '../shared/changed';
import { RevisionHistory } from '../shared/RevisionHistory';
import { useRelogin } from '../shared/useRelogin';
import { MainFields, SideFields } from './ArticleFields';
import { ConflictNotice, DraftOffer, ReviewNotice } from './EditorNotices';
import { type Content, contentOf, fullContentOf, type Values } from './form-values';
import { PublishPanel } from './PublishPanel';
import { useArticleAi } from './useArticleAi';
import { dropLocalDraft, useDraftKeeper } from './useDraftKeeper';
import { useLoadedArticle } from './useLoadedArticle';
import { usePreview } from './usePreview';

export default function ArticleEditor() {
  const { t } = useIntl();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const params = useParams();
  const articleId = params.id ? Number(params.id) : null;
  const [form] = Form.useForm<Values>();
  const categories = useCategories();
  const { article, loading, loaded, show, offer, setOffer, review, setReview } = useLoadedArticle(
    form,
    articleId,
  );
  const [conflict, setConflict] = useState(false);
  const [history, setHistory] = useState(false);
  const canPublish = useInitialState().access.canPublishArticles === true;
  // One key per opened "new article" page: a double click or a retried save makes one article.
  const requestKey = useRequestKey();
  // The editor answers a 409 with its own conflict panel.
  const { saving, run } = useSubmit(form, { warnConflict: false });
  const keeper = useDraftKeeper(article?.id ?? null, article?.version ?? null);
  const { guarded, dialog } = useRelogin();

  const typed = (): Partial<Content> => contentOf(form.getFieldsValue(true) as Values);

  /** Saves what changed (or creates the article); answers the saved article, or null. */
  const saveContent = async (status?: ArticleTransition): Promise<AdminArticleDetail | null> => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return null;
    const content = fullContentOf(values);
    try {
      const saved = article
        ? await updateArticle(article.id, article.version, changedOnly(content, loaded.current))
        : await createArticle(
            { ...(content as Content), status: status === 'published' ? 'published' : 'draft' },
            requestKey,
          );
      keeper.settled();
      setConflict(false);
      show(saved, true);
      if (!article) navigate(`/content/articles/edit/${saved.id}`, { replace: true });
      return saved;
    } catch (error) {
      if (isConflict(error)) setConflict(true);
      throw error;
    }
  };

  const save = () =>
    run(() =>
      guarded(async () => {
        const saved = await saveContent();
        if (saved) message.success(t(saved.live ? 'articles.editor.savedLive' : 'articles.editor.saved'));
      }),
    );

  const transition = (status: ArticleTransition) => {
    const when = form.getFieldValue('publishTime') as Dayjs | undefined;
    if (status === 'scheduled' && (!when || new Date(fromPickerValue(when)) <= new Date())) {
      // Nothing is saved until the time is right: the message appears under the picker.
      form.setFields([{ name: 'publishTime', errors: [messages.scheduledNeedsFutureTime] }]);
      return;
    }
    return run(() =>
      guarded(async () => {
        const creating = article === null;
        const saved = keeper.dirty || creating ? await saveContent(status) : article;
        if (!saved) return;
        if (!(creating && status === 'published')) {
          await changeArticleStatus(
            saved,
            status,
            status === 'scheduled' && when ? fromPickerValue(when) : undefined,
          );
          show(await getArticle(saved.id), true);
        }
        const done = {
          published: 'articles.editor.published',
          scheduled: 'articles.editor.scheduled',
          offline: 'articles.editor.unpublished',
          draft: 'articles.editor.saved',
        } as const;
        message.success(t(done[status]));
      }),
    );
  };

  /** 提交审核: a new article is saved as a draft first; what was typed since the last save goes with it. */
  const submitForReview = () =>
    run(() =>
      guarded(async () => {
        const values = await form.validateFields().catch(() => null);
        if (!values) return;
        const base = article ?? (await saveContent());
        if (!base) return;
        const typedSince = article ? changedOnly(fullContentOf(values), loaded.current) : {};
        setReview(await submitReview(base.id, base.version, typedSince));
        keeper.settled();
        show(await getArticle(base.id), !base.live);
        message.success(t('review.submitted'));
      }),
    );

  const preview = usePreview({ dirty: keeper.dirty, run, guarded, saveContent });
  // What AI 助手 applies counts as typing (kept, autosaved, asked about on leaving).
  const ai = useArticleAi(form, () => keeper.changed(changedOnly(typed(), loaded.current)));

  const statusTag = article && (
    <Tag color={article.live ? 'green' : article.status === 'scheduled' ? 'gold' : 'default'}>
      {t(`content.status.${article.status}`)}
    </Tag>
  );

  return (
    <AltSuggestFor target="article">
      <PageContainer
        title={article ? t('articles.editor.editTitle') : t('articles.editor.newTitle')}
        tags={statusTag || undefined}
        subTitle={
          article && article.status !== 'draft'
            ? t('articles.editor.firstPublished', { time: showTime(article.publishTime) })
            : undefined
        }
        onBack={() => navigate('/content/articles')}
        backIcon={<ArrowLeftOutlined aria-label={t('articles.editor.back')} />}
        extra={[
          <Button key="ai" onClick={ai.show}>
            {t('aiHelp.open')}
          </Button>,
          ...(article
            ? [
                <Button key="history" onClick={() => setHistory(true)}>
                  {t('history.open')}
                </Button>,
                <Button key="preview" onClick={() => preview(article)} disabled={saving}>
                  {t('articles.editor.preview')}
                </Button>,
                article.live && (
                  <Button key="site" href={sitePageOf(article)} target="_blank" rel="noopener">
                    {t('articles.preview')}
                  </Button>
                ),
              ]
            : []),
        ]}
      >
        {offer && (
          <DraftOffer
            at={offer.at}
            onRestore={() => {
              form.setFieldsValue(offer.values);
              keeper.changed(changedOnly(typed(), loaded.current));
              setOffer(null);
            }}
            onDiscard={() => {
              dropLocalDraft(articleId);
              setOffer(null);
            }}
          />
        )}
        {article && <ReviewNotice review={review} live={article.live} />}
        {conflict && article && (
          <ConflictNotice
            onView={() => setHistory(true)}
            onKeepMine={async () => {
              // Their version becomes the base; the form keeps what this editor typed.
              show(await getArticle(article.id), true);
              setConflict(false);
            }}
          />
        )}
        {loading ? (
          <Card>
            <Skeleton active paragraph={{ rows: 10 }} />
          </Card>
        ) : (
          <Form
            form={form}
            layout="vertical"
            initialValues={{ tags: [], bodyHtml: '' }}
            scrollToFirstError
            onValuesChange={() => keeper.changed(changedOnly(typed(), loaded.current))}
          >
            <Row gutter={24}>
              <Col xs={24} xl={17}>
                <Card>
                  <MainFields />
                </Card>
              </Col>
              <Col xs={24} xl={7}>
                <Card style={{ marginBottom: 24 }}>
                  <PublishPanel
                    article={article}
                    saving={saving}
                    autosave={keeper.saved}
                    onSave={save}
                    onTransition={transition}
                    canPublish={canPublish}
                    reviewPending={review?.state === 'pending'}
                    onSubmitReview={submitForReview}
                  />
                </Card>
                <Card>
                  <SideFields categories={categories} />
                </Card>
              </Col>
            </Row>
          </Form>
        )}
        {history && article && (
          <RevisionHistory
            targetType="article"
            targetId={article.id}
            version={article.version}
            onClose={() => setHistory(false)}
            onRestored={async () => {
              setHistory(false);
              show(await getArticle(article.id));
            }}
          />
        )}
        <Modal
          open={keeper.blocker.state === 'blocked'}
          title={t('content.unsaved')}
          okText={t('content.leave')}
          cancelText={t('content.stay')}
          okButtonProps={{ danger: true }}
          onOk={() => keeper.blocker.proceed?.()}
          onCancel={() => keeper.blocker.reset?.()}
        />
        <AiPanel api={ai.api} open={ai.open} onClose={ai.hide} />
        {dialog}
      </PageContainer>
    </AltSuggestFor>
  );
}
