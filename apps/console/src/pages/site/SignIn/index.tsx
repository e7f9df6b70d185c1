/**
 * 登录方式 (signin.manage, decisions 052 and 060): the company's OIDC identity provider (issuer, client, scopes,
 * claims), just-in-time accounts with group → role rules, and 仅允许企业账号登录 with its break-glass
 * administrators, saved whole with the version it was loaded with; then 企业微信 / 钉钉 / 飞书扫码登录, each saved
 * on its own (ScanLoginCard); then the sign-in log. Secrets are never shown (blank keeps them).
 */
import MinusCircleOutlined from '@ant-design/icons/MinusCircleOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { SCAN_PLATFORMS, type SignInSettingsView } from '@yuexun/contract';
import { Button, Card, Form, Input, Select, Space, Switch, Typography } from 'antd';
import { useWholeRecordForm } from '../../../components/useWholeRecordForm';
import { useIntl } from '../../../locales/intl';
import { loadSignInSettings, saveSignInSettings } from '../../../services/sign-in';
import { SettingsPage } from '../shared/SettingsFrame';
import { ConnectionTest } from './ConnectionTest';
import { LeaverSyncCard } from './LeaverSyncCard';
import { ScanLoginCard } from './ScanLoginCard';
import { SsoSignInLog } from './SsoSignInLog';
import { WecomContactCard } from './WecomContactCard';

interface Values {
  enabled: boolean;
  issuer?: string;
  clientId?: string;
  clientSecret?: string;
  scopes?: string;
  usernameClaim?: string;
  groupsClaim?: string;
  jit: boolean;
  jitTenantId?: number;
  jitRoleId?: number;
  roleRules: { group: string; roleId: number }[];
  ssoRequired: boolean;
  breakGlass: number[];
}

const valuesOf = (s: SignInSettingsView): Values => ({
  enabled: s.oidc.enabled,
  issuer: s.oidc.issuer,
  clientId: s.oidc.clientId,
  clientSecret: '',
  scopes: s.oidc.scopes,
  usernameClaim: s.oidc.usernameClaim,
  groupsClaim: s.oidc.groupsClaim,
  jit: s.oidc.jit,
  jitTenantId: s.oidc.jitTenantId ?? undefined,
  jitRoleId: s.oidc.jitRoleId ?? undefined,
  roleRules: s.oidc.roleRules,
  ssoRequired: s.ssoRequired,
  breakGlass: s.breakGlass,
});

export default function SignInPage() {
  const { t } = useIntl();
  const record = useWholeRecordForm({
    load: loadSignInSettings,
    valuesOf,
    save: (v: Values, was: SignInSettingsView) =>
      saveSignInSettings({
        ...v,
        clientSecret: v.clientSecret || undefined,
        roleRules: v.roleRules ?? [],
        breakGlass: v.breakGlass ?? [],
        version: was.version,
      }),
    done: t('signIn.saved'),
  });
  const { form, loaded } = record;
  const jitTenantId = Form.useWatch('jitTenantId', form);
  const issuer = Form.useWatch('issuer', form);
  const roles = loaded?.tenants.find((x) => x.id === jitTenantId)?.roles ?? [];
  const roleOptions = roles.map((r) => ({ value: r.id, label: r.name }));

  return (
    <SettingsPage
      record={record}
      intro={t('signIn.intro')}
      after={(loaded) => (
        <>
          <Card title={t('signIn.scan')} style={{ marginBottom: 24, maxWidth: 880 }}>
            <Typography.Paragraph type="secondary">{t('signIn.scan.intro')}</Typography.Paragraph>
            {SCAN_PLATFORMS.map((platform) => (
              <ScanLoginCard key={platform} platform={platform} />
            ))}
          </Card>
          <WecomContactCard />
          <LeaverSyncCard />
          {loaded && <SsoSignInLog />}
        </>
      )}
    >
      {(loaded) => (
        <>
          <Card title={t('signIn.oidc')} style={{ marginBottom: 24 }}>
            <Form.Item name="enabled" label={t('signIn.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="issuer" label={t('signIn.issuer')} extra={t('signIn.issuer.extra')}>
              <Input placeholder="https://" autoComplete="off" />
            </Form.Item>
            <ConnectionTest issuer={issuer} />
            <Form.Item name="clientId" label={t('signIn.clientId')}>
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="clientSecret"
              label={t('signIn.clientSecret')}
              extra={loaded.oidc.secretSet ? t('signIn.clientSecret.set') : t('signIn.clientSecret.unset')}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item name="scopes" label={t('signIn.scopes')}>
              <Input />
            </Form.Item>
            <Space wrap size="large">
              <Form.Item name="usernameClaim" label={t('signIn.usernameClaim')}>
                <Input />
              </Form.Item>
              <Form.Item name="groupsClaim" label={t('signIn.groupsClaim')}>
                <Input />
              </Form.Item>
            </Space>
            <Form.Item label={t('signIn.callbackUrl')}>
              <Typography.Text copyable code style={{ wordBreak: 'break-all' }}>
                {loaded.oidc.callbackUrl}
              </Typography.Text>
            </Form.Item>
            <Form.Item
              name="jit"
              label={t('signIn.jit')}
              extra={t('signIn.jit.extra')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
            <Space wrap size="large" style={{ width: '100%' }}>
              <Form.Item name="jitTenantId" label={t('signIn.jitTenant')} style={{ minWidth: 240 }}>
                <Select allowClear options={loaded.tenants.map((x) => ({ value: x.id, label: x.name }))} />
              </Form.Item>
              <Form.Item name="jitRoleId" label={t('signIn.jitRole')} style={{ minWidth: 240 }}>
                <Select allowClear placeholder={t('signIn.jitRole.none')} options={roleOptions} />
              </Form.Item>
            </Space>
            <Form.Item label={t('signIn.rules')}>
              <Form.List name="roleRules">
                {(fields, { add, remove }) => (
                  <>
                    {fields.map((field) => (
                      <Space key={field.key} align="baseline" wrap>
                        <Form.Item name={[field.name, 'group']} rules={[{ required: true }]}>
                          <Input placeholder={t('signIn.rules.group')} aria-label={t('signIn.rules.group')} />
                        </Form.Item>
                        <Form.Item name={[field.name, 'roleId']} rules={[{ required: true }]}>
                          <Select
                            style={{ minWidth: 160 }}
                            placeholder={t('signIn.rules.role')}
                            aria-label={t('signIn.rules.role')}
                            options={roleOptions}
                          />
                        </Form.Item>
                        <Button
                          type="text"
                          icon={<MinusCircleOutlined />}
                          aria-label={t('signIn.rules.remove')}
                          onClick={() => remove(field.name)}
                        />
                      </Space>
                    ))}
                    <Button type="dashed" icon={<PlusOutlined />} onClick={() => add()}>
                      {t('signIn.rules.add')}
                    </Button>
                  </>
                )}
              </Form.List>
            </Form.Item>
          </Card>
          <Card title={t('signIn.policy')} style={{ marginBottom: 24 }}>
            <Form.Item
              name="ssoRequired"
              label={t('signIn.ssoRequired')}
              extra={t('signIn.ssoRequired.extra')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
            <Form.Item name="breakGlass" label={t('signIn.breakGlass')}>
              <Select
                mode="multiple"
                options={loaded.admins.map((a) => ({ value: a.id, label: `${a.name}（${a.username}）` }))}
              />
            </Form.Item>
          </Card>
        </>
      )}
    </SettingsPage>
  );
}
