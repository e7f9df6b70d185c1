import { type AccountSettings, saveAccountBasicAccount } from '@yuexun/contract';
import { App, Button, Col, Form, Input, Row, Select } from 'antd';
import { useState } from 'react';
import { lengthRules, limitsOf } from '../../components/form-limits';
import { useIntl } from '../../locales/intl';
import { fieldErrors } from '../../services/client';
import { saveBasic } from '../../services/settings';
import { AvatarUpload } from './AvatarUpload';
import type { SettingsViewProps } from './preferences';

const limits = limitsOf(saveAccountBasicAccount.input);

type Values = Omit<AccountSettings, 'security' | 'bindings' | 'notifications'>;

export const BasicView = ({ settings, onSaved }: SettingsViewProps) => {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: Values) => {
    if (saving) return;
    setSaving(true);
    try {
      const res = await saveBasic({ ...values, avatarFileUuid: values.avatarFileUuid ?? undefined });
      const saved = res.datas[0];
      if (saved) onSaved(saved);
      message.success(t('settings.basic.updated'));
    } catch (error) {
      form.setFields(fieldErrors(error).map((f) => ({ name: f.field as keyof Values, errors: [f.message] })));
    } finally {
      setSaving(false);
    }
  };

  const required = (id: Parameters<typeof t>[0]) => [{ required: true, whitespace: true, message: t(id) }];

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={settings}
      onFinish={onFinish}
      requiredMark={false}
      style={{ paddingInline: 8 }}
    >
      <Row gutter={32}>
        <Col xs={24} lg={14} style={{ maxWidth: 448 }}>
          <Form.Item
            name="email"
            label={t('settings.basic.email')}
            rules={[...required('settings.basic.email-message'), { type: 'email' }]}
          >
            <Input autoComplete="email" dir="ltr" />
          </Form.Item>
          <Form.Item
            name="nickname"
            label={t('settings.basic.nickname')}
            rules={[...required('settings.basic.nickname-message'), ...lengthRules(limits.nickname)]}
          >
            <Input maxLength={limits.nickname.maxLength} />
          </Form.Item>
          <Form.Item
            name="profile"
            label={t('settings.basic.profile')}
            rules={[...required('settings.basic.profile-message'), ...lengthRules(limits.profile)]}
          >
            <Input.TextArea
              rows={4}
              placeholder={t('settings.basic.profile-placeholder')}
              showCount
              maxLength={limits.profile.maxLength}
            />
          </Form.Item>
          <Form.Item
            name="country"
            label={t('settings.basic.country')}
            rules={required('settings.basic.country-message')}
          >
            <Select
              showSearch
              options={['中国', '中国香港', '中国澳门', '中国台湾', '新加坡', '马来西亚'].map((c) => ({
                value: c,
                label: c,
              }))}
            />
          </Form.Item>
          <Form.Item label={t('settings.basic.geographic')} required>
            <Row gutter={8}>
              <Col span={12}>
                <Form.Item name="province" noStyle rules={required('settings.basic.province-message')}>
                  <Input
                    placeholder={t('settings.basic.province')}
                    aria-label={t('settings.basic.province')}
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="city" noStyle rules={required('settings.basic.city-message')}>
                  <Input placeholder={t('settings.basic.city')} aria-label={t('settings.basic.city')} />
                </Form.Item>
              </Col>
            </Row>
          </Form.Item>
          <Form.Item
            name="address"
            label={t('settings.basic.address')}
            rules={[...required('settings.basic.address-message'), ...lengthRules(limits.address)]}
          >
            <Input maxLength={limits.address.maxLength} />
          </Form.Item>
          <Form.Item
            name="phone"
            label={t('settings.basic.phone')}
            rules={[...required('settings.basic.phone-message'), { pattern: /^\+?[0-9][0-9 -]{4,19}$/ }]}
          >
            <Input inputMode="tel" autoComplete="tel" dir="ltr" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('settings.basic.update')}
          </Button>
        </Col>
        <Col xs={{ span: 24, order: -1 }} lg={{ span: 10, order: 0 }} style={{ paddingBlock: 16 }}>
          <Form.Item name="avatarFileUuid" label={t('settings.basic.avatar')} valuePropName="value">
            <AvatarUpload />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
};
