/**
 * 登录方式 → 企业微信客户联系 (signin.manage, decision 062): the corp id, the 客户联系 Secret, the callback's Token and
 * EncodingAESKey, on/off, and the callback URL to enter in WeCom's 客户联系 settings. Saved on its own with the
 * version it was loaded with; the three secrets are never shown (a saved one shows as dots, blank keeps it).
 * 方式 chooses 联系我二维码 (the default) or 获客链接 (decision 068), with when to choose which.
 */
import type { WecomContactMode, WecomContactSettingsView } from '@yuexun/contract';
import { Card, Form, Input, Radio, Switch, Typography } from 'antd';
import { useWholeRecordForm } from '../../../components/useWholeRecordForm';
import { useIntl } from '../../../locales/intl';
import { loadWecomContactSettings, saveWecomContactSettings } from '../../../services/sign-in';
import { SettingsForm } from '../shared/SettingsFrame';

interface Values {
  enabled: boolean;
  mode: WecomContactMode;
  corpId?: string;
  secret?: string;
  callbackToken?: string;
  encodingAesKey?: string;
}

const valuesOf = (v: WecomContactSettingsView): Values => ({
  enabled: v.enabled,
  mode: v.mode,
  corpId: v.corpId,
  secret: '',
  callbackToken: '',
  encodingAesKey: '',
});

/** Blank secrets keep the saved ones. */
const save = (v: Values, was: WecomContactSettingsView) =>
  saveWecomContactSettings({
    enabled: v.enabled,
    mode: v.mode,
    corpId: v.corpId,
    secret: v.secret || undefined,
    callbackToken: v.callbackToken || undefined,
    encodingAesKey: v.encodingAesKey || undefined,
    version: was.version,
  });

/** A saved secret reads as dots in its empty field. */
const MASK = '••••••••';

export function WecomContactCard() {
  const { t } = useIntl();
  const record = useWholeRecordForm({
    load: loadWecomContactSettings,
    valuesOf,
    save,
    done: t('wecomContact.saved'),
  });
  const secretField = (name: keyof Values, label: string, set: boolean, extra?: string) => (
    <Form.Item
      name={name}
      label={label}
      extra={[extra, set ? t('wecomContact.secret.set') : t('wecomContact.secret.unset')]
        .filter(Boolean)
        .join('；')}
    >
      <Input.Password
        autoComplete="new-password"
        placeholder={set ? MASK : undefined}
        visibilityToggle={false}
      />
    </Form.Item>
  );
  return (
    <Card
      title={t('wecomContact.title')}
      style={{ marginBottom: 24, maxWidth: 880 }}
      data-testid="wecom-contact-settings"
    >
      <Typography.Paragraph type="secondary">{t('wecomContact.intro')}</Typography.Paragraph>
      <SettingsForm record={record} name="wecom-contact">
        {(loaded) => (
          <>
            <Form.Item name="enabled" label={t('wecomContact.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="mode" label={t('wecomContact.mode')} extra={t('wecomContact.mode.extra')}>
              <Radio.Group
                options={[
                  { value: 'contact_way', label: t('wecomContact.mode.contactWay') },
                  { value: 'acquisition_link', label: t('wecomContact.mode.link') },
                ]}
              />
            </Form.Item>
            <Form.Item name="corpId" label={t('wecomContact.corpId')} extra={t('wecomContact.corpId.extra')}>
              <Input autoComplete="off" />
            </Form.Item>
            {secretField(
              'secret',
              t('wecomContact.secret'),
              loaded.secretSet,
              t('wecomContact.secret.extra'),
            )}
            <Form.Item label={t('wecomContact.callbackUrl')} extra={t('wecomContact.callbackUrl.extra')}>
              <Typography.Text copyable code style={{ wordBreak: 'break-all' }}>
                {loaded.callbackUrl}
              </Typography.Text>
            </Form.Item>
            {secretField('callbackToken', t('wecomContact.token'), loaded.tokenSet)}
            {secretField('encodingAesKey', t('wecomContact.aesKey'), loaded.aesKeySet)}
          </>
        )}
      </SettingsForm>
    </Card>
  );
}
