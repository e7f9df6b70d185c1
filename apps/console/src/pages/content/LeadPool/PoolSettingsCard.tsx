/** 公海设置 (decision 058): days without follow-up per lead kind, the daily claim limit, the job's last run. */
import type { LeadPoolSettings } from '@yuexun/contract';
import { Button, Card, Form, InputNumber, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { showTime } from '../../../components/time/time';
import { useSubmit } from '../../../components/useSubmit';
import { useIntl } from '../../../locales/intl';
import { loadPoolSettings, savePoolSettings } from '../../../services/lead-pool';

interface Values {
  salesDays: number;
  agentDays: number;
  dailyClaimLimit: number;
}

export function PoolSettingsCard() {
  const { t } = useIntl();
  const [form] = Form.useForm<Values>();
  const { saving, run } = useSubmit(form, { done: t('pool.settings.saved') });
  const [settings, setSettings] = useState<LeadPoolSettings | null>(null);
  const show = (s: LeadPoolSettings) => {
    setSettings(s);
    form.setFieldsValue({
      salesDays: s.days.sales,
      agentDays: s.days.agent,
      dailyClaimLimit: s.dailyClaimLimit,
    });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once when the card opens
  useEffect(() => {
    loadPoolSettings().then(show, () => {});
  }, []);
  const save = (values: Values) =>
    run(async () => {
      if (settings) show(await savePoolSettings({ ...values, version: settings.version }));
    });
  const lastRun = !settings?.lastRunAt
    ? t('pool.settings.never')
    : settings.lastRunError
      ? t('pool.settings.lastRunError', { at: showTime(settings.lastRunAt), error: settings.lastRunError })
      : t('pool.settings.lastRunValue', {
          at: showTime(settings.lastRunAt),
          ms: settings.lastRunMs ?? 0,
          n: settings.lastRunReturned ?? 0,
        });
  return (
    <Card size="small" title={t('pool.settings')} style={{ marginBottom: 16 }}>
      <Form<Values> form={form} layout="inline" name="poolSettings" onFinish={save}>
        <Space wrap align="end">
          <Form.Item name="salesDays" label={t('pool.settings.salesDays')} rules={[{ required: true }]}>
            <InputNumber min={1} max={365} precision={0} />
          </Form.Item>
          <Form.Item name="agentDays" label={t('pool.settings.agentDays')} rules={[{ required: true }]}>
            <InputNumber min={1} max={365} precision={0} />
          </Form.Item>
          <Form.Item name="dailyClaimLimit" label={t('pool.settings.limit')} rules={[{ required: true }]}>
            <InputNumber min={1} max={500} precision={0} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving} disabled={!settings}>
            {t('common.save')}
          </Button>
        </Space>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('pool.settings.lastRun')}：{lastRun}
      </Typography.Paragraph>
    </Card>
  );
}
