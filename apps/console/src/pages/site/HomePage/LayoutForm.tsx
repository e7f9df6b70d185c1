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
import { Button, Card, Form, Input, List, Skeleton, Space, Switch, Typography } from 'antd';
import { useCallback } from 'react';
import { contractRule } from '../../../components/form-limits';
import { SaveBar } from '../../../components/SaveBar';
import { useLoadedRecord } from '../../../components/useLoadedRecord';
import { useSubmit } from '../../../components/useSubmit';
import { type MessageId, useIntl } from '../../../locales/intl';
import { loadHomeLayout, saveHomeLayout } from '../../../services/home-page';

const valuesOf = ({ version: _v, updatedAt: _u, ...values }: HomeLayout): HomeLayoutValues => values;

export function LayoutForm() {
  const { t } = useIntl();
  const [form] = Form.useForm<HomeLayoutValues>();
  // Refusals are said as well: a refused row may sit in a folded list.
  const { saving, run } = useSubmit(form, { done: t('homePage.saved'), quiet: true, sayFieldErrors: true });
  const show = useCallback((layout: HomeLayout) => form.setFieldsValue(valuesOf(layout)), [form]);
  const { loaded, keep } = useLoadedRecord(loadHomeLayout, show);

  const submit = () =>
    run(async () => {
      if (!loaded) return;
      await form.validateFields();
      // The whole form, hidden keys included (validateFields answers only the rendered fields).
      const values = form.getFieldsValue(true) as HomeLayoutValues;
      keep(await saveHomeLayout(values, loaded.version));
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
                      rules={[contractRule(homeSectionFields.shape.title)]}
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
                    rules={[contractRule(friendlyLinkFields.shape.name)]}
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
                    rules={[contractRule(friendlyLinkFields.shape.url)]}
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
      <SaveBar saving={saving} onSave={submit} version={t('homePage.version', { version: loaded.version })} />
    </Form>
  );
}
