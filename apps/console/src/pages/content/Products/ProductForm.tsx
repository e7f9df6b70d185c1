/**
 * Create or edit one product in a drawer; the price stays the text the user typed until the server parses it.
 * Without products.publish (decision 069) 上架 is not offered: the writer saves 未上架 or presses 提交审核, and a
 * product on the shelf is changed only through 提交审核 (保存 is off; the shelf keeps its version until approved).
 */
import MinusCircleOutlined from '@ant-design/icons/MinusCircleOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import {
  type AdminProduct,
  type AdminProductTag,
  fenToYuan,
  PRODUCT_GALLERY_MAX,
  type ProductReviewItem,
  YUAN_PATTERN,
} from '@yuexun/contract';
import { Button, Drawer, Form, Grid, Input, InputNumber, Popconfirm, Radio, Select, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useInitialState } from '../../../app/initial-state';
import { useRequestKey, useSubmit } from '../../../components/useSubmit';
import { useIntl } from '../../../locales/intl';
import { latestProductReviewOf, submitProductReview } from '../../../services/product-review';
import { createProduct, updateProduct, type ProductForm as Values } from '../../../services/products';
import { AltSuggestFor } from '../shared/ai/AiAltSuggest';
import { type AiEditorApi, AiPanel } from '../shared/ai/AiPanel';
import { changedOnly } from '../shared/changed';
import { LazyRichText } from '../shared/LazyRichText';
import { CoverUpload, GalleryUpload } from '../shared/PictureUpload';
import { SubmissionNotice } from '../shared/SubmissionNotice';
import { productLimits, specLimits } from './limits';

export function ProductForm({
  product,
  tags,
  onClose,
  onSaved,
}: {
  product: AdminProduct | null;
  tags: AdminProductTag[];
  onClose: () => void;
  /** After a save, or (`submitted`) after 提交审核. */
  onSaved: (submitted?: boolean) => void;
}) {
  const { t } = useIntl();
  const canPublish = useInitialState().access.canPublishProducts === true;
  // On a phone the four buttons go below the form: beside the title they squeeze it into a column.
  const narrow = !Grid.useBreakpoint().md;
  const live = product?.status === 'published';
  const [latest, setLatest] = useState<ProductReviewItem | null>(null);
  useEffect(() => {
    if (product) latestProductReviewOf(product.id).then(setLatest, () => setLatest(null));
  }, [product]);
  const [form] = Form.useForm<Values>();
  const { saving, run } = useSubmit(form);
  const requestKey = useRequestKey();
  const [aiOpen, setAiOpen] = useState(false);
  const ai = useMemo<AiEditorApi>(
    () => ({
      target: 'product',
      // A product has no SEO fields: titles are names, the summary and the detail's pictures and paragraphs.
      tasks: ['titles', 'summary', 'alt', 'polish', 'translate'],
      read: () => ({
        title: (form.getFieldValue('name') as string | undefined) ?? '',
        html: (form.getFieldValue('detailHtml') as string | undefined) ?? '',
      }),
      setTitle: (name) => form.setFieldsValue({ name }),
      setSummary: (summary) => form.setFieldsValue({ summary }),
      setBody: (detailHtml) => form.setFieldsValue({ detailHtml }),
    }),
    [form],
  );

  const initial: Partial<Values> = product
    ? {
        ...product,
        price: fenToYuan(product.priceFen),
        tagIds: product.tags.map((tag) => tag.id),
      }
    : { priceUnit: '校/年', status: 'draft', specs: [], tagIds: [], detailHtml: '', galleryFileUuids: [] };

  const valuesOf = async (): Promise<Values> => {
    const values = await form.validateFields();
    return {
      ...values,
      specs: values.specs ?? [],
      tagIds: values.tagIds ?? [],
      detailHtml: values.detailHtml ?? '',
    };
  };
  const submit = () =>
    run(async () => {
      const input = await valuesOf();
      if (product) await updateProduct(product, changedOnly(input, initial));
      else await createProduct(input, requestKey);
      onSaved();
    });
  /** 提交审核: a new product is first saved 未上架; the change of one on the shelf waits in the submission. */
  const submitForReview = () =>
    run(async () => {
      const { status: _status, ...input } = await valuesOf();
      if (product) {
        const { status: _s, ...initialContent } = initial;
        await submitProductReview(product, changedOnly(input, initialContent));
      } else await submitProductReview(await createProduct({ ...input, status: 'draft' }, requestKey), {});
      onSaved(true);
    });

  const actions = (
    <Space wrap>
      <Button onClick={() => setAiOpen(true)}>{t('aiHelp.open')}</Button>
      <Button onClick={onClose}>{t('common.cancel')}</Button>
      <Button
        type={canPublish ? 'primary' : 'default'}
        loading={saving}
        onClick={submit}
        disabled={!canPublish && live}
      >
        {t('common.save')}
      </Button>
      {!canPublish && (
        <Popconfirm title={t('review.product.submitConfirm')} onConfirm={submitForReview}>
          <Button type="primary" loading={saving} disabled={latest?.state === 'pending'}>
            {t('review.submit')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );

  return (
    <AltSuggestFor target="product">
      <Drawer
        open
        size="large"
        title={product ? t('products.edit') : t('products.new')}
        onClose={onClose}
        destroyOnHidden
        extra={narrow ? undefined : actions}
        footer={narrow ? actions : undefined}
      >
        {/* Where the product's newest submission stands (decision 069): waiting, returned with the comment, or a hint. */}
        <SubmissionNotice
          review={latest}
          returnedNotice="review.product.returnedNotice"
          hint={canPublish ? null : live ? 'review.product.liveHint' : 'review.product.draftHint'}
        />
        <Form form={form} layout="vertical" initialValues={initial}>
          <Form.Item name="name" label={t('products.name')} rules={productLimits.name.rules}>
            <Input maxLength={productLimits.name.maxLength} dir="auto" />
          </Form.Item>
          <Space.Compact block>
            <Form.Item
              name="price"
              label={t('products.price')}
              style={{ flex: 1 }}
              rules={[
                ...productLimits.price.rules,
                { pattern: YUAN_PATTERN, message: `${t('products.price')} 0.00 – 9999999.99` },
              ]}
            >
              <Input inputMode="decimal" prefix="¥" placeholder="19800.00" />
            </Form.Item>
            <Form.Item name="priceUnit" label={t('products.priceUnit')} rules={productLimits.priceUnit.rules}>
              <Input maxLength={productLimits.priceUnit.maxLength} style={{ width: 120 }} />
            </Form.Item>
          </Space.Compact>
          <Form.Item name="status" label={t('products.status')}>
            <Radio.Group
              disabled={!canPublish && live}
              options={[
                { value: 'draft', label: t('products.status.draft') },
                { value: 'published', label: t('products.status.published'), disabled: !canPublish },
              ]}
            />
          </Form.Item>
          <Form.Item name="coverFileUuid" label={t('products.cover')}>
            <CoverUpload label={t('products.cover')} />
          </Form.Item>
          <Form.Item name="galleryFileUuids" label={t('products.gallery')} extra={t('products.galleryHint')}>
            <GalleryUpload max={PRODUCT_GALLERY_MAX} />
          </Form.Item>
          <Form.Item name="tagIds" label={t('products.tags')}>
            <Select mode="multiple" options={tags.map((tag) => ({ value: tag.id, label: tag.name }))} />
          </Form.Item>
          <Form.Item name="summary" label={t('products.summary')} rules={productLimits.summary.rules}>
            <Input.TextArea rows={3} maxLength={productLimits.summary.maxLength} showCount dir="auto" />
          </Form.Item>
          <Form.Item label={t('products.specs')}>
            <Form.List name="specs">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((field) => (
                    <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                      <Form.Item name={[field.name, 'name']} rules={specLimits.name.rules}>
                        <Input
                          placeholder={t('products.specName')}
                          maxLength={specLimits.name.maxLength}
                          dir="auto"
                        />
                      </Form.Item>
                      <Form.Item name={[field.name, 'value']} rules={specLimits.value.rules}>
                        <Input
                          placeholder={t('products.specValue')}
                          maxLength={specLimits.value.maxLength}
                          dir="auto"
                        />
                      </Form.Item>
                      <MinusCircleOutlined
                        onClick={() => remove(field.name)}
                        aria-label={t('common.delete')}
                      />
                    </Space>
                  ))}
                  <Button type="dashed" onClick={() => add()} icon={<PlusOutlined />}>
                    {t('products.addSpec')}
                  </Button>
                </>
              )}
            </Form.List>
          </Form.Item>
          <Form.Item name="detailHtml" label={t('products.detail')}>
            <LazyRichText />
          </Form.Item>
          <Form.Item name="sort" label={t('content.sort')}>
            <InputNumber min={productLimits.sort.min} max={productLimits.sort.max} />
          </Form.Item>
        </Form>
        <AiPanel api={ai} open={aiOpen} onClose={() => setAiOpen(false)} />
      </Drawer>
    </AltSuggestFor>
  );
}
