/**
 * Create or edit a channel. The fields follow the kind; stored secrets are shown masked as the field's
 * placeholder and kept when the field is left blank.
 */
import {
  ALERT_CHANNEL_KINDS,
  type AlertChannel,
  type AlertChannelKind,
  createAlertChannelAdmin,
  LEAD_KINDS,
  SMTP_TLS_MODES,
} from '@yuexun/contract';
import { Checkbox, Form, Input, InputNumber, Select, Switch } from 'antd';
import { EditModal } from '../../../components/EditModal';
import { limitsOf } from '../../../components/form-limits';
import { useIntl } from '../../../locales/intl';
import { createChannel, updateChannel } from '../../../services/alerts';

const limits = limitsOf(createAlertChannelAdmin.input);

type Values = Omit<AlertChannel, 'id' | 'createdAt' | 'updatedAt' | 'version' | 'smtpPort'> & {
  smtpPort?: number | null;
};

export function ChannelForm({
  channel,
  onClose,
  onSaved,
}: {
  channel: AlertChannel | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useIntl();
  const [form] = Form.useForm<Values>();
  const kind: AlertChannelKind = Form.useWatch('kind', form) ?? channel?.kind ?? 'wecom';
  const keep = t('alerts.keepSecret');

  const save = async (values: Values) => {
    const { kind: chosen, smtpPort, ...rest } = values;
    const fields = Object.fromEntries(
      Object.entries({ ...rest, smtpPort: smtpPort ?? undefined }).map(([k, v]) => [k, v ?? undefined]),
    );
    if (channel) await updateChannel(channel, fields);
    else
      await createChannel({ ...fields, kind: chosen, name: values.name } as Parameters<
        typeof createChannel
      >[0]);
    onSaved();
  };

  const secretPlaceholder = (masked: string | undefined) =>
    channel && masked ? `${masked}（${keep}）` : undefined;

  return (
    <EditModal<Values>
      title={channel ? t('alerts.edit', { name: channel.name }) : t('alerts.new')}
      form={form}
      save={save}
      onClose={onClose}
      width={640}
      initialValues={
        channel
          ? { ...channel, url: '', secret: '', smtpPassword: '' }
          : { kind: 'wecom', enabled: true, smtpTls: 'starttls', leadKinds: [] }
      }
    >
      <Form.Item name="name" label={t('alerts.name')} rules={limits.name.rules}>
        <Input maxLength={limits.name.maxLength} placeholder={t('alerts.namePlaceholder')} />
      </Form.Item>
      <Form.Item name="kind" label={t('alerts.kindLabel')} extra={t(`alerts.kindHelp.${kind}`)}>
        <Select
          disabled={Boolean(channel)}
          options={ALERT_CHANNEL_KINDS.map((k) => ({ value: k, label: t(`alerts.kind.${k}`) }))}
        />
      </Form.Item>
      <Form.Item name="enabled" label={t('alerts.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="regions" label={t('alerts.regions')} extra={t('alerts.regionsHelp')}>
        <Input maxLength={200} placeholder={t('alerts.regionsPlaceholder')} />
      </Form.Item>
      <Form.Item name="leadKinds" label={t('alerts.leadKinds')} extra={t('alerts.leadKindsHelp')}>
        <Checkbox.Group options={LEAD_KINDS.map((k) => ({ value: k, label: t(`leads.kind.${k}`) }))} />
      </Form.Item>
      {kind !== 'email' && (
        <>
          <Form.Item
            name="url"
            label={t('alerts.url')}
            rules={channel ? limits.url.rules : [{ required: true }, ...limits.url.rules]}
          >
            <Input
              maxLength={limits.url.maxLength}
              placeholder={secretPlaceholder(channel?.url) ?? t(`alerts.urlPlaceholder.${kind}`)}
            />
          </Form.Item>
          {kind !== 'wecom' && (
            <Form.Item
              name="secret"
              label={t('alerts.secret')}
              extra={t(`alerts.secretHelp.${kind}`)}
              rules={channel ? limits.secret.rules : [{ required: true }, ...limits.secret.rules]}
            >
              <Input.Password
                autoComplete="new-password"
                maxLength={limits.secret.maxLength}
                placeholder={secretPlaceholder(channel?.secret)}
              />
            </Form.Item>
          )}
        </>
      )}
      {kind === 'email' && (
        <>
          <Form.Item name="smtpHost" label={t('alerts.smtpHost')} rules={[{ required: true }]}>
            <Input maxLength={limits.smtpHost.maxLength} placeholder="smtp.exmail.qq.com" />
          </Form.Item>
          <Form.Item name="smtpTls" label={t('alerts.smtpTls')}>
            <Select options={SMTP_TLS_MODES.map((m) => ({ value: m, label: t(`alerts.tls.${m}`) }))} />
          </Form.Item>
          <Form.Item name="smtpPort" label={t('alerts.smtpPort')} extra={t('alerts.smtpPortHelp')}>
            <InputNumber min={1} max={65535} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="smtpUser" label={t('alerts.smtpUser')}>
            <Input maxLength={limits.smtpUser.maxLength} autoComplete="off" />
          </Form.Item>
          <Form.Item name="smtpPassword" label={t('alerts.smtpPassword')}>
            <Input.Password
              autoComplete="new-password"
              maxLength={limits.smtpPassword.maxLength}
              placeholder={secretPlaceholder(channel?.smtpPassword)}
            />
          </Form.Item>
          <Form.Item name="mailFrom" label={t('alerts.mailFrom')} rules={[{ required: true }]}>
            <Input maxLength={limits.mailFrom.maxLength} placeholder="alerts@example.com" />
          </Form.Item>
          <Form.Item
            name="mailTo"
            label={t('alerts.mailTo')}
            extra={t('alerts.mailToHelp')}
            rules={[{ required: true }]}
          >
            <Input.TextArea rows={2} maxLength={limits.mailTo.maxLength} />
          </Form.Item>
        </>
      )}
    </EditModal>
  );
}
