/** The editor's fields: title, body and summary in the main column; the rest beside it. */
import { ARTICLE_TAGS_MAX } from '@yuexun/contract';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useIntl } from '../../../locales/intl';
import { CategorySelect, type useCategories } from '../shared/CategorySelect';
import { LazyRichText } from '../shared/LazyRichText';
import { CoverUpload } from '../shared/PictureUpload';
import { articleLimits } from './limits';

export function MainFields() {
  const { t } = useIntl();
  return (
    <>
      <Form.Item name="title" label={t('articles.title')} rules={articleLimits.title.rules}>
        <Input
          placeholder={t('articles.editor.titlePlaceholder')}
          maxLength={articleLimits.title.maxLength}
          showCount
          dir="auto"
        />
      </Form.Item>
      <Form.Item name="bodyHtml" label={t('articles.editor.body')}>
        <LazyRichText />
      </Form.Item>
      <Form.Item name="summary" label={t('articles.editor.summary')} rules={articleLimits.summary.rules}>
        <Input.TextArea rows={3} maxLength={articleLimits.summary.maxLength} showCount dir="auto" />
      </Form.Item>
    </>
  );
}

export function SideFields({ categories }: { categories: ReturnType<typeof useCategories> }) {
  const { t } = useIntl();
  return (
    <>
      <Form.Item name="categoryId" label={t('articles.category')} rules={articleLimits.categoryId.rules}>
        <CategorySelect categories={categories} />
      </Form.Item>
      <Form.Item name="coverFileUuid" label={t('articles.editor.cover')}>
        <CoverUpload label={t('articles.editor.cover')} />
      </Form.Item>
      <Form.Item name="tags" label={t('articles.editor.tags')}>
        <Select mode="tags" placeholder={t('articles.editor.tagsPlaceholder')} maxCount={ARTICLE_TAGS_MAX} />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="author" label={t('articles.editor.author')} rules={articleLimits.author.rules}>
            <Input maxLength={articleLimits.author.maxLength} dir="auto" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="source" label={t('articles.editor.source')} rules={articleLimits.source.rules}>
            <Input maxLength={articleLimits.source.maxLength} dir="auto" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="sort" label={t('content.sort')} extra={t('content.sort.hint')}>
        <InputNumber min={articleLimits.sort.min} max={articleLimits.sort.max} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="seoTitle" label={t('articles.editor.seoTitle')} rules={articleLimits.seoTitle.rules}>
        <Input maxLength={articleLimits.seoTitle.maxLength} showCount dir="auto" />
      </Form.Item>
      <Form.Item
        name="seoDescription"
        label={t('articles.editor.seoDescription')}
        rules={articleLimits.seoDescription.rules}
      >
        <Input.TextArea rows={3} maxLength={articleLimits.seoDescription.maxLength} showCount dir="auto" />
      </Form.Item>
    </>
  );
}
