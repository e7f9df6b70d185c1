/**
 * 站点管理 → AI 助手 (settings.write, decision 055): the OpenAI-compatible chat service (base URL, model, key never
 * shown: blank keeps it; whether the model reads pictures, for alt text from the picture itself), the organisation's monthly token budget and the per-person rate, and this month's use
 * per person. Saved whole with the version it was loaded with.
 */
import { AI_LIMITS, type AiSettingsView, type AiUsageRow } from '@yuexun/contract';
import { Card, Form, Input, InputNumber, Switch, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useWholeRecordForm } from '../../../components/useWholeRecordForm';
import { useIntl } from '../../../locales/intl';
import { listAiUsage, loadAiSettings, saveAiSettings } from '../../../services/ai-help';
import { SettingsPage } from '../shared/SettingsFrame';

interface Values {
  enabled: boolean;
  baseUrl?: string;
  model?: string;
  apiKey?: string;
  monthlyTokenBudget?: number;
  perUserPerMinute?: number;
  vision: boolean;
}

const valuesOf = (s: AiSettingsView): Values => ({
  enabled: s.enabled,
  baseUrl: s.baseUrl,
  model: s.model,
  apiKey: '',
  monthlyTokenBudget: s.monthlyTokenBudget,
  perUserPerMinute: s.perUserPerMinute,
  vision: s.vision,
});

/** A blank key keeps the saved one. */
const save = (v: Values, loaded: AiSettingsView) =>
  saveAiSettings({ ...v, apiKey: v.apiKey || undefined, version: loaded.version });

function UsageTable({ budget }: { budget: number }) {
  const { t } = useIntl();
  const [rows, setRows] = useState<AiUsageRow[] | null>(null);
  useEffect(() => {
    listAiUsage()
      .then(setRows)
      .catch(() => setRows([]));
  }, []);
  const tokens = (rows ?? []).reduce((sum, r) => sum + r.tokens, 0);
  return (
    <Card title={t('aiHelp.usage')} style={{ maxWidth: 880 }}>
      <Typography.Paragraph>{t('aiHelp.usage.total', { tokens, budget })}</Typography.Paragraph>
      <Table<AiUsageRow>
        rowKey="accountId"
        size="small"
        loading={rows === null}
        dataSource={rows ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('aiHelp.usage.name'), dataIndex: 'name' },
          { title: t('aiHelp.usage.requests'), dataIndex: 'requests', align: 'right' },
          { title: t('aiHelp.usage.tokens'), dataIndex: 'tokens', align: 'right' },
        ]}
      />
    </Card>
  );
}

export default function AiHelpPage() {
  const { t } = useIntl();
  const record = useWholeRecordForm({
    load: loadAiSettings,
    valuesOf,
    save,
    done: t('aiHelp.saved'),
  });

  return (
    <SettingsPage
      record={record}
      intro={t('aiHelp.intro')}
      after={(loaded) => loaded && <UsageTable budget={loaded.monthlyTokenBudget} />}
    >
      {(loaded) => (
        <>
          <Card title={t('aiHelp.service')} style={{ marginBottom: 24 }}>
            <Form.Item name="enabled" label={t('aiHelp.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="baseUrl" label={t('aiHelp.baseUrl')} extra={t('aiHelp.baseUrl.extra')}>
              <Input placeholder="https://" autoComplete="off" />
            </Form.Item>
            <Form.Item name="model" label={t('aiHelp.model')} extra={t('aiHelp.model.extra')}>
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="vision"
              label={t('aiHelp.vision')}
              extra={t('aiHelp.vision.extra')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
            <Form.Item
              name="apiKey"
              label={t('aiHelp.apiKey')}
              extra={loaded.keySet ? t('aiHelp.key.set') : t('aiHelp.key.unset')}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Card>
          <Card title={t('aiHelp.limits')} style={{ marginBottom: 24 }}>
            <Form.Item name="monthlyTokenBudget" label={t('aiHelp.budget')}>
              <InputNumber
                min={AI_LIMITS.budgetMin}
                max={AI_LIMITS.budgetMax}
                precision={0}
                style={{ width: 200 }}
              />
            </Form.Item>
            <Form.Item name="perUserPerMinute" label={t('aiHelp.perMinute')}>
              <InputNumber min={AI_LIMITS.perMinuteMin} max={AI_LIMITS.perMinuteMax} precision={0} />
            </Form.Item>
          </Card>
        </>
      )}
    </SettingsPage>
  );
}
