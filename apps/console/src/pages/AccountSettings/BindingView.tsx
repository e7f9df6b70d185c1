import AlipayOutlined from '@ant-design/icons/AlipayOutlined';
import DingdingOutlined from '@ant-design/icons/DingdingOutlined';
import TaobaoOutlined from '@ant-design/icons/TaobaoOutlined';
import WechatOutlined from '@ant-design/icons/WechatOutlined';
import { BINDING_PROVIDERS, saveAccountPreferencesAccount } from '@yuexun/contract';
import { Button, Form, Input, List, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { EditModal } from '../../components/EditModal';
import { lengthRules, limitsOf } from '../../components/form-limits';
import { useIntl } from '../../locales/intl';
import { type SettingsViewProps, useSavePreferences } from './preferences';

const limits = limitsOf(saveAccountPreferencesAccount.input);

type Provider = (typeof BINDING_PROVIDERS)[number];

const ICONS: Record<Provider, ReactNode> = {
  taobao: <TaobaoOutlined style={{ color: '#ff4000', fontSize: 48 }} />,
  alipay: <AlipayOutlined style={{ color: '#2eabff', fontSize: 48 }} />,
  dingding: <DingdingOutlined style={{ color: '#2eabff', fontSize: 48 }} />,
  wechat: <WechatOutlined style={{ color: '#07c160', fontSize: 48 }} />,
};

export const BindingView = ({ settings, onSaved }: SettingsViewProps) => {
  const { t } = useIntl();
  const savePreferences = useSavePreferences(onSaved);
  const [binding, setBinding] = useState<Provider>();
  const [form] = Form.useForm<{ account: string }>();

  const save = (provider: Provider, account: string) =>
    savePreferences({ bindingProvider: provider, bindingAccount: account });

  return (
    <>
      <Typography.Title level={4} style={{ paddingInline: 8 }}>
        {t('settings.menu.binding')}
      </Typography.Title>
      <List
        dataSource={[...BINDING_PROVIDERS]}
        renderItem={(provider) => {
          const bound = settings.bindings[provider];
          return (
            <List.Item
              style={{ paddingInline: 8 }}
              actions={[
                bound ? (
                  <Button type="link" size="small" key="unbind" onClick={() => save(provider, '')}>
                    {t('settings.security.unbind')}
                  </Button>
                ) : (
                  <Button
                    type="link"
                    size="small"
                    key="bind"
                    onClick={() => {
                      form.resetFields();
                      setBinding(provider);
                    }}
                  >
                    {t('settings.security.bind')}
                  </Button>
                ),
              ]}
            >
              <List.Item.Meta
                avatar={ICONS[provider]}
                title={t(`settings.binding.${provider}`)}
                description={
                  bound
                    ? t('settings.binding.bound', { account: bound })
                    : t(`settings.binding.${provider}-description`)
                }
              />
            </List.Item>
          );
        }}
      />
      {binding && (
        <EditModal<{ account: string }>
          title={t(`settings.binding.${binding}`)}
          form={form}
          save={async ({ account }) => {
            // useSavePreferences says the outcome; the dialog stays open after a refusal.
            if (await save(binding, account)) setBinding(undefined);
          }}
          done={false}
          onClose={() => setBinding(undefined)}
        >
          <Form.Item
            name="account"
            label={t('settings.binding.account')}
            rules={[{ required: true, whitespace: true }, ...lengthRules(limits.bindingAccount)]}
          >
            <Input dir="auto" maxLength={limits.bindingAccount.maxLength} />
          </Form.Item>
        </EditModal>
      )}
    </>
  );
};
