/**
 * The article editor: title, category, rich-text body, cover, tags, summary, SEO fields, and three
 * ways to save (draft, publish now, publish at a time). A new article gets its id on the first save
 * and the page moves to its edit address; later saves carry the loaded version (409 when stale).
 */
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { PageContainer } from '@ant-design/pro-components';
import type { AdminArticleDetail, ArticleStatus } from '@yuexun/contract';
import {
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Space,
  Tag,
  Upload,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useIntl } from '../../../locales/intl';
import {
  type ArticleForm,
  createArticle,
  getArticle,
  sitePageOf,
  updateArticle,
} from '../../../services/articles';
import { newRequestKey } from '../../../services/client';
import { UPLOAD_URL } from '../../../services/files';
import { CategorySelect, useCategories } from '../shared/CategorySelect';
import { LazyRichText } from '../shared/LazyRichText';
import { errorOf, imageUrl, isImage, PUBLIC_UPLOAD, uploadedOf } from '../shared/upload';
import { isConflict, useSubmit } from '../shared/useSubmit';

interface Values extends Omit<ArticleForm, 'publishTime' | 'status'> {
  publishTime?: Dayjs;
}

export default function ArticleEditor() {
  const { t } = useIntl();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const params = useParams();
  const articleId = params.id ? Number(params.id) : null;
  const [form] = Form.useForm<Values>();
  const categories = useCategories();
  const [article, setArticle] = useState<AdminArticleDetail | null>(null);
  const [loading, setLoading] = useState(articleId !== null);
  // One key per opened "new article" page: a double click or a retried save makes one article.
  const requestKey = useMemo(() => newRequestKey(), []);
  const { saving, run } = useSubmit(form);
  const cover = Form.useWatch('coverFileUuid', form);

  const load = async (id: number) => {
    setLoading(true);
    try {
      const loaded = await getArticle(id);
      setArticle(loaded);
      form.setFieldsValue({
        ...loaded,
        summary: loaded.summary || undefined,
        coverFileUuid: loaded.coverFileUuid ?? undefined,
        seoTitle: loaded.seoTitle ?? undefined,
        seoDescription: loaded.seoDescription ?? undefined,
        publishTime: loaded.status === 'scheduled' ? dayjs(loaded.publishTime) : undefined,
      });
    } finally {
      setLoading(false);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per article address
  useEffect(() => {
    if (articleId) void load(articleId);
  }, [articleId]);

  const save = (status: ArticleStatus) =>
    run(async () => {
      const values = await form.validateFields().catch(() => null);
      if (!values) return;
      const input: ArticleForm = {
        ...values,
        bodyHtml: values.bodyHtml ?? '',
        tags: values.tags ?? [],
        status,
        publishTime: status === 'scheduled' ? values.publishTime?.toISOString() : undefined,
      };
      try {
        const saved = article
          ? await updateArticle(article.id, article.version, input)
          : await createArticle(input, requestKey);
        setArticle(saved);
        message.success(
          t(
            status === 'published'
              ? 'articles.editor.published'
              : status === 'scheduled'
                ? 'articles.editor.scheduled'
                : 'articles.editor.saved',
          ),
        );
        if (!article) navigate(`/content/articles/edit/${saved.id}`, { replace: true });
      } catch (error) {
        if (isConflict(error)) message.warning(t('content.conflict'));
        throw error;
      }
    });

  const statusTag = article && (
    <Tag color={article.live ? 'green' : article.status === 'scheduled' ? 'gold' : 'default'}>
      {t(`content.status.${article.status}`)}
    </Tag>
  );

  return (
    <PageContainer
      title={article ? t('articles.editor.editTitle') : t('articles.editor.newTitle')}
      tags={statusTag || undefined}
      onBack={() => navigate('/content/articles')}
      backIcon={<ArrowLeftOutlined aria-label={t('articles.editor.back')} />}
      extra={
        article?.live
          ? [
              <Button key="preview" href={sitePageOf(article.id)} target="_blank" rel="noopener">
                {t('articles.preview')}
              </Button>,
            ]
          : []
      }
    >
      {loading ? (
        <Card>
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      ) : (
        <Form form={form} layout="vertical" initialValues={{ tags: [], bodyHtml: '' }} scrollToFirstError>
          <Row gutter={24}>
            <Col xs={24} xl={17}>
              <Card>
                <Form.Item
                  name="title"
                  label={t('articles.title')}
                  rules={[{ required: true }, { max: 100 }]}
                >
                  <Input
                    placeholder={t('articles.editor.titlePlaceholder')}
                    maxLength={100}
                    showCount
                    dir="auto"
                  />
                </Form.Item>
                <Form.Item name="bodyHtml" label={t('articles.editor.body')}>
                  <LazyRichText />
                </Form.Item>
                <Form.Item name="summary" label={t('articles.editor.summary')} rules={[{ max: 300 }]}>
                  <Input.TextArea rows={3} maxLength={300} showCount dir="auto" />
                </Form.Item>
              </Card>
            </Col>
            <Col xs={24} xl={7}>
              <Card style={{ marginBottom: 24 }}>
                <Space direction="vertical" size="middle" style={{ width: '100%' }}>
                  <Space wrap>
                    <Button loading={saving} onClick={() => save('draft')}>
                      {t('articles.editor.saveDraft')}
                    </Button>
                    <Button type="primary" loading={saving} onClick={() => save('published')}>
                      {t('articles.editor.publish')}
                    </Button>
                  </Space>
                  <Form.Item
                    name="publishTime"
                    label={t('articles.editor.scheduleTime')}
                    style={{ marginBottom: 8 }}
                  >
                    <DatePicker
                      showTime={{ format: 'HH:mm' }}
                      format="YYYY-MM-DD HH:mm"
                      disabledDate={(d) => d.isBefore(dayjs(), 'day')}
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                  <Button block loading={saving} onClick={() => save('scheduled')}>
                    {t('articles.editor.schedule')}
                  </Button>
                </Space>
              </Card>
              <Card>
                <Form.Item name="categoryId" label={t('articles.category')} rules={[{ required: true }]}>
                  <CategorySelect categories={categories} />
                </Form.Item>
                <Form.Item name="coverFileUuid" label={t('articles.editor.cover')}>
                  <CoverUpload
                    current={cover}
                    onUploaded={(uuid) => form.setFieldValue('coverFileUuid', uuid)}
                  />
                </Form.Item>
                <Form.Item name="tags" label={t('articles.editor.tags')}>
                  <Select mode="tags" placeholder={t('articles.editor.tagsPlaceholder')} maxCount={10} />
                </Form.Item>
                <Row gutter={12}>
                  <Col span={12}>
                    <Form.Item name="author" label={t('articles.editor.author')} rules={[{ max: 30 }]}>
                      <Input maxLength={30} dir="auto" />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Form.Item name="source" label={t('articles.editor.source')} rules={[{ max: 60 }]}>
                      <Input maxLength={60} dir="auto" />
                    </Form.Item>
                  </Col>
                </Row>
                <Form.Item name="sort" label={t('content.sort')}>
                  <InputNumber min={0} max={9999} style={{ width: '100%' }} />
                </Form.Item>
                <Form.Item name="seoTitle" label={t('articles.editor.seoTitle')} rules={[{ max: 80 }]}>
                  <Input maxLength={80} showCount dir="auto" />
                </Form.Item>
                <Form.Item
                  name="seoDescription"
                  label={t('articles.editor.seoDescription')}
                  rules={[{ max: 200 }]}
                >
                  <Input.TextArea rows={3} maxLength={200} showCount dir="auto" />
                </Form.Item>
              </Card>
            </Col>
          </Row>
        </Form>
      )}
    </PageContainer>
  );
}

/** The cover picture: one public image, shown as a thumbnail once uploaded. */
function CoverUpload({ current, onUploaded }: { current?: string; onUploaded: (uuid?: string) => void }) {
  const { t } = useIntl();
  const { message } = App.useApp();
  return (
    <Upload
      name="file"
      action={UPLOAD_URL}
      data={PUBLIC_UPLOAD}
      accept="image/png,image/jpeg"
      listType="picture-card"
      showUploadList={false}
      beforeUpload={(file) => {
        if (isImage(file)) return true;
        message.error(t('articles.editor.imageOnly'));
        return Upload.LIST_IGNORE;
      }}
      onChange={({ file }) => {
        if (file.status !== 'done' && file.status !== 'error') return;
        const uploaded = uploadedOf(file.response);
        if (uploaded) onUploaded(uploaded.fileUuid);
        else message.error(t('files.uploadFailed', { name: `${file.name} ${errorOf(file.response) ?? ''}` }));
      }}
    >
      {current ? (
        <img
          src={imageUrl(current)}
          alt={t('articles.editor.cover')}
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        <div>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>{t('articles.editor.coverUpload')}</div>
        </div>
      )}
    </Upload>
  );
}
