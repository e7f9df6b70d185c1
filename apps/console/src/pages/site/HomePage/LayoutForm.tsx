/**
 * The home layout: sections (order by the arrows, shown or hidden, own title), the phones' consult bar and
 * the footer's friendly links, saved whole with the version they were loaded with.
 */
import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/ArrowUpOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import {
  FRIENDLY_LINKS_MAX,
  friendlyLinkFields,
  type HomeLayout,
  type HomeLayoutValues,
  homeSectionFields,
} from '@yuexun/contract';
import { App, Button, Card, Form, Input, List, Skeleton, Space, Switch, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useCallback, useEffect, useState } from 'react';
import { type MessageId, useIntl } from '../../../locales/intl';
import { fieldErrors } from '../../../services/client';
import { loadHomeLayout, saveHomeLayout } from '../../../services/home-page';
import { isConflict, useSubmit } from '../../content/shared/useSubmit';

/** The contract's check of one field of a list row, with its Chinese message. */
const rowRule = (schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }): Rule => ({
  validator: async (_rule, value: unknown) => {
    const parsed = schema.safeParse(value ?? '') as {
      success: boolean;
      error?: { issues: { message: string }[] };
    };
    if (!parsed.success) throw new Error(parsed.error?.issues[0]?.message);
  },
});

const valuesOf = ({ version: _v, updatedAt: _u, ...values }: HomeLayout): HomeLayoutValues => values;

export function LayoutForm() {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [form] = Form.useForm<HomeLayoutValues>();
  const { saving, run } = useSubmit(form);
  const [loaded, setLoaded] = useState<HomeLayout | null>(null);

  const load = useCallback(async () => {
    const layout = await loadHomeLayout();
    setLoaded(layout);
    form.setFieldsValue(valuesOf(layout));
  }, [form]);

  useEffect(() => {
    void load().catch(() => undefined);
  }, [load]);

  const submit = () =>
    run(async () => {
      if (!loaded) return;
      await form.validateFields();
      // The whole form, hidden keys included (validateFields answers only the rendered fields).
      const values = form.getFieldsValue(true) as HomeLayoutValues;
      try {
        const saved = await saveHomeLayout(values, loaded.version);
        setLoaded(saved);
        form.setFieldsValue(valuesOf(saved));
        message.success(t('homePage.saved'));
      } catch (error) {
        if (isConflict(error)) message.warning(t('content.conflict'));
        else if (fieldErrors(error).length === 0)
          message.error(error instanceof Error ? error.message : String(error));
        else message.error(fieldErrors(error)[0]?.message ?? '');
        throw error;
      }
    });

  if (!loaded)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );

  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 880 }} initialValues={valuesOf(loaded)}>
      <Card title={t('homePage.sections')} style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">{t('homePage.sectionsHelp')}</Typography.Paragraph>
        <Form.List name="sections">
          {(fields, { move }) => (
            <List
              bordered
              dataSource={fields}
              renderItem={(field, index) => {
                const key = form.getFieldValue(['sections', field.name, 'key']) as string;
                const label = t(`homePage.section.${key}` as MessageId);
                return (
                  <List.Item
                    key={field.key}
                    style={{ flexWrap: 'wrap', gap: 8, justifyContent: 'flex-start' }}
                  >
                    <Space.Compact>
                      <Button
                        icon={<ArrowUpOutlined />}
                        disabled={index === 0}
                        onClick={() => move(index, index - 1)}
                        aria-label={`${t('homePage.section.up')} ${label}`}
                      />
                      <Button
                        icon={<ArrowDownOutlined />}
                        disabled={index === fields.length - 1}
                        onClick={() => move(index, index + 1)}
                        aria-label={`${t('homePage.section.down')} ${label}`}
                      />
                    </Space.Compact>
                    <Typography.Text strong style={{ minWidth: 96, flex: '0 0 auto' }}>
                      {label}
                    </Typography.Text>
                    <Form.Item
                      name={[field.name, 'title']}
                      rules={[rowRule(homeSectionFields.shape.title)]}
                      style={{ margin: 0, flex: '1 1 160px' }}
                    >
                      <Input
                        placeholder={label}
                        maxLength={20}
                        aria-label={`${t('homePage.section.title')} ${label}`}
                        autoComplete="off"
                      />
                    </Form.Item>
                    <Space>
                      <span>{t('homePage.section.visible')}</span>
                      <Form.Item name={[field.name, 'visible']} valuePropName="checked" noStyle>
                        <Switch aria-label={`${t('homePage.section.visible')} ${label}`} />
                      </Form.Item>
                    </Space>
                  </List.Item>
                );
              }}
            />
          )}
        </Form.List>
      </Card>
      <Card title={t('homePage.consultBar')} style={{ marginBottom: 16 }}>
        <Form.Item
          name="consultBar"
          valuePropName="checked"
          extra={t('homePage.consultBarHelp')}
          style={{ margin: 0 }}
        >
          <Switch aria-label={t('homePage.consultBar')} />
        </Form.Item>
      </Card>
      <Card title={t('homePage.friendlyLinks')} style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">{t('homePage.friendlyLinksHelp')}</Typography.Paragraph>
        <Form.List name="friendlyLinks">
          {(fields, { add, remove, move }) => (
            <>
              {fields.map((field, index) => (
                <div
                  key={field.key}
                  style={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    gap: 8,
                    alignItems: 'flex-start',
                    marginBottom: 12,
                  }}
                >
                  <Space.Compact>
                    <Button
                      icon={<ArrowUpOutlined />}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                      aria-label={t('homePage.section.up')}
                    />
                    <Button
                      icon={<ArrowDownOutlined />}
                      disabled={index === fields.length - 1}
                      onClick={() => move(index, index + 1)}
                      aria-label={t('homePage.section.down')}
                    />
                  </Space.Compact>
                  <Form.Item
                    name={[field.name, 'name']}
                    rules={[rowRule(friendlyLinkFields.shape.name)]}
                    style={{ margin: 0, flex: '1 1 140px' }}
                  >
                    <Input
                      placeholder={t('homePage.link.name')}
                      aria-label={t('homePage.link.name')}
                      maxLength={30}
                      autoComplete="off"
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'url']}
                    rules={[rowRule(friendlyLinkFields.shape.url)]}
                    style={{ margin: 0, flex: '2 1 220px' }}
                  >
                    <Input
                      placeholder="https://"
                      aria-label={t('homePage.link.url')}
                      maxLength={300}
                      autoComplete="off"
                    />
                  </Form.Item>
                  <Space style={{ paddingTop: 4 }}>
                    <Form.Item name={[field.name, 'enabled']} valuePropName="checked" noStyle>
                      <Switch size="small" aria-label={t('homePage.link.enabled')} />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      onClick={() => remove(field.name)}
                      aria-label={t('homePage.link.remove')}
                    />
                  </Space>
                </div>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= FRIENDLY_LINKS_MAX}
                onClick={() => add({ name: '', url: '', enabled: true })}
              >
                {t('homePage.link.add')}
              </Button>
            </>
          )}
        </Form.List>
      </Card>
      <Space style={{ marginBottom: 24 }}>
        <Button type="primary" loading={saving} onClick={submit}>
          {t('common.save')}
        </Button>
        <span style={{ color: 'rgba(0,0,0,0.45)' }}>
          {t('homePage.version', { version: loaded.version })}
        </span>
      </Space>
    </Form>
  );
}
