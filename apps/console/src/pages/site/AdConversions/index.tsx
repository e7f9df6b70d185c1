/**
 * 广告转化 (settings.write, decision 053): Baidu oCPC's token and the conversion type (newType) of each lead event,
 * and the generic signed webhook for other platforms. Saved whole with the version it was loaded with; the token
 * and the webhook secret are never shown (blank keeps them).
 */
import { AD_EVENTS, type AdConversionSettingsView, BAIDU_NEW_TYPE_MAX } from '@yuexun/contract';
import { Card, Form, Input, InputNumber, Space, Switch } from 'antd';
import { useWholeRecordForm } from '../../../components/useWholeRecordForm';
import { useIntl } from '../../../locales/intl';
import { loadAdConversionSettings, saveAdConversionSettings } from '../../../services/ad-conversions';
import { SettingsPage } from '../shared/SettingsFrame';

interface Values {
  baiduEnabled: boolean;
  baiduToken?: string;
  submittedType?: number;
  qualifiedType?: number;
  wonType?: number;
  webhookEnabled: boolean;
  webhookUrl?: string;
  webhookSecret?: string;
}

const valuesOf = (s: AdConversionSettingsView): Values => ({
  baiduEnabled: s.baidu.enabled,
  baiduToken: '',
  submittedType: s.baidu.newTypes.submitted,
  qualifiedType: s.baidu.newTypes.qualified,
  wonType: s.baidu.newTypes.won,
  webhookEnabled: s.webhook.enabled,
  webhookUrl: s.webhook.url,
  webhookSecret: '',
});

/** Blank secrets keep the saved ones. */
const save = (v: Values, loaded: AdConversionSettingsView) =>
  saveAdConversionSettings({
    ...v,
    baiduToken: v.baiduToken || undefined,
    webhookSecret: v.webhookSecret || undefined,
    version: loaded.version,
  });

export default function AdConversionsPage() {
  const { t } = useIntl();
  const record = useWholeRecordForm({
    load: loadAdConversionSettings,
    valuesOf,
    save,
    done: t('adConversions.saved'),
  });

  const secretExtra = (set: boolean) =>
    set ? t('adConversions.secret.set') : t('adConversions.secret.unset');

  return (
    <SettingsPage record={record} intro={t('adConversions.intro')}>
      {(loaded) => (
        <>
          <Card title={t('adConversions.baidu')} style={{ marginBottom: 24 }}>
            <Form.Item name="baiduEnabled" label={t('adConversions.baidu.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item
              name="baiduToken"
              label={t('adConversions.baidu.token')}
              extra={`${t('adConversions.baidu.token.extra')}；${secretExtra(loaded.baidu.tokenSet)}`}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item label={t('adConversions.newTypes')} extra={t('adConversions.newTypes.extra')}>
              <Space wrap size="middle">
                {AD_EVENTS.map((event) => (
                  <Form.Item
                    key={event}
                    name={`${event}Type`}
                    label={t(`adConversions.event.${event}`)}
                    style={{ marginBottom: 0 }}
                  >
                    <InputNumber min={1} max={BAIDU_NEW_TYPE_MAX} precision={0} style={{ width: 140 }} />
                  </Form.Item>
                ))}
              </Space>
            </Form.Item>
          </Card>
          <Card title={t('adConversions.webhook')} style={{ marginBottom: 24 }}>
            <Form.Item
              name="webhookEnabled"
              label={t('adConversions.webhook.enabled')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
            <Form.Item
              name="webhookUrl"
              label={t('adConversions.webhook.url')}
              extra={t('adConversions.webhook.url.extra')}
            >
              <Input placeholder="https://" autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="webhookSecret"
              label={t('adConversions.webhook.secret')}
              extra={secretExtra(loaded.webhook.secretSet)}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Card>
        </>
      )}
    </SettingsPage>
  );
}
