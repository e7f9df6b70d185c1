/**
 * 账号绑定: the company accounts (OIDC identities) linked to this account, each with its unlink, and 绑定企业账号,
 * which goes through the identity provider and back here (`?tab=bindings&sso=<result>`). Decision 052.
 */
import type { IdentityBinding, ScanPlatform } from '@yuexun/contract';
import { App, Button, Empty, List, Popconfirm, Space, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { TimeText } from '../../components/time/TimeText';
import { type MessageId, useIntl } from '../../locales/intl';
import { loadBindings, unbindIdentity } from '../../services/sign-in';

/** /auth/<provider>/start beside the console (home/2.0/login/ under the same BASE_PATH), relative to the page. */
const linkStart = (provider: string) => `../../../auth/${provider}/start?purpose=link`;
const REFUSALS = new Set([
  'state',
  'provider',
  'token',
  'linked-elsewhere',
  'not-configured',
  'no-session',
  'other-org',
]);

export const BindingsView = () => {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const [bindings, setBindings] = useState<IdentityBinding[]>([]);
  const [oidcEnabled, setOidcEnabled] = useState(false);
  const [scan, setScan] = useState<ScanPlatform[]>([]);
  const [loading, setLoading] = useState(true);

  const show = useCallback(
    (list: { bindings: IdentityBinding[]; oidcEnabled: boolean; scanPlatforms: ScanPlatform[] }) => {
      setBindings(list.bindings);
      setOidcEnabled(list.oidcEnabled);
      setScan(list.scanPlatforms);
    },
    [],
  );
  const load = useCallback(() => {
    setLoading(true);
    loadBindings()
      .then(show, () => undefined)
      .finally(() => setLoading(false));
  }, [show]);
  useEffect(load, [load]);

  const result = params.get('sso');
  useEffect(() => {
    if (result === 'linked') message.success(t('bindings.linked'));
    else if (result && REFUSALS.has(result)) message.error(t(`login.sso.refused.${result}` as MessageId));
  }, [result, message, t]);

  return (
    <>
      <Typography.Title level={4} style={{ paddingInline: 8 }}>
        {t('settings.menu.bindings')}
      </Typography.Title>
      <div style={{ paddingInline: 8 }}>
        <Typography.Paragraph type="secondary">
          {oidcEnabled || scan.length > 0 || bindings.length > 0
            ? t('bindings.intro')
            : t('bindings.notConfigured')}
        </Typography.Paragraph>
        <List
          loading={loading}
          dataSource={bindings}
          locale={{ emptyText: <Empty description={t('bindings.none')} /> }}
          renderItem={(b) => (
            <List.Item
              actions={[
                <Popconfirm
                  key="unlink"
                  title={t('bindings.unlink.confirm')}
                  okText={t('common.confirm')}
                  cancelText={t('common.cancel')}
                  onConfirm={() =>
                    unbindIdentity(b.id).then((list) => {
                      message.success(t('bindings.unlinked'));
                      show(list);
                    })
                  }
                >
                  <Button danger>{t('bindings.unlink')}</Button>
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta
                title={`${t(`bindings.${b.provider}`)} · ${b.label}`}
                description={
                  <>
                    {t('bindings.linkedAt')} <TimeText iso={b.createdAt} />
                    {b.lastUsedAt && (
                      <>
                        {' · '}
                        {t('bindings.lastUsed')} <TimeText iso={b.lastUsedAt} />
                      </>
                    )}
                  </>
                }
              />
            </List.Item>
          )}
        />
        <Space wrap style={{ marginTop: 16 }}>
          {oidcEnabled && !bindings.some((b) => b.provider === 'oidc') && (
            <Button type="primary" href={linkStart('oidc')}>
              {t('bindings.link')}
            </Button>
          )}
          {scan
            .filter((p) => !bindings.some((b) => b.provider === p))
            .map((p) => (
              <Button key={p} href={linkStart(p)}>
                {t('bindings.link.scan', { platform: t(`bindings.${p}`) })}
              </Button>
            ))}
        </Space>
      </div>
    </>
  );
};
