/**
 * 登录方式 → 扫码登录: one card per platform (企业微信, 钉钉, 飞书; decision 060), each saved on its own with the version
 * it was loaded with. The fields are the platform's own names for its self-built app; the secret is never
 * shown (blank keeps it). 测试连接 asks the platform for the app's access token and shows its answer.
 */
import type { ScanPlatform, ScanPlatformView } from '@yuexun/contract';
import { Alert, Button, Card, Form, Input, Skeleton, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useWholeRecordForm } from '../../../components/useWholeRecordForm';
import { type MessageId, useIntl } from '../../../locales/intl';
import { loadScanPlatform, saveScanPlatform, testScanPlatform } from '../../../services/sign-in';

interface Values {
  enabled: boolean;
  corpId?: string;
  agentId?: string;
  appKey?: string;
  appSecret?: string;
}

/** The fields each platform's app has, in the form's order. */
const FIELDS: Record<ScanPlatform, ('corpId' | 'agentId' | 'appKey')[]> = {
  wecom: ['corpId', 'agentId'],
  dingtalk: ['corpId', 'appKey'],
  feishu: ['appKey', 'corpId'],
};

const valuesOf = (v: ScanPlatformView): Values => ({
  enabled: v.enabled,
  corpId: v.corpId,
  agentId: v.agentId,
  appKey: v.appKey,
  appSecret: '',
});

/** Stable loaders, one per platform (useWholeRecordForm loads again when its loader changes). */
const loaders: Record<ScanPlatform, () => Promise<ScanPlatformView>> = {
  wecom: () => loadScanPlatform('wecom'),
  dingtalk: () => loadScanPlatform('dingtalk'),
  feishu: () => loadScanPlatform('feishu'),
};

function ConnectionCheck({ platform }: { platform: ScanPlatform }) {
  const { t } = useIntl();
  const [testing, setTesting] = useState(false);
  const [report, setReport] = useState<{ problem: string | null; tookMs: number } | null>(null);
  const run = () => {
    setTesting(true);
    testScanPlatform(platform)
      .then(setReport)
      .catch(() => setReport(null))
      .finally(() => setTesting(false));
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button onClick={run} loading={testing}>
        {t('signIn.test')}
      </Button>
      {report && (
        <Alert
          type={report.problem ? 'error' : 'success'}
          showIcon
          message={report.problem ?? t('signIn.scan.test.ok', { ms: report.tookMs })}
        />
      )}
    </Space>
  );
}

export function ScanLoginCard({ platform }: { platform: ScanPlatform }) {
  const { t } = useIntl();
  const label = (field: string) => t(`signIn.scan.${platform}.${field}` as MessageId);
  const { form, loaded, saving, submit } = useWholeRecordForm({
    load: loaders[platform],
    valuesOf,
    save: (v: Values, was: ScanPlatformView) =>
      saveScanPlatform({ platform, ...v, appSecret: v.appSecret || undefined, version: was.version }),
    done: t('signIn.scan.saved'),
  });
  return (
    <Card
      title={t(`signIn.scan.${platform}`)}
      size="small"
      style={{ marginBottom: 16 }}
      data-platform={platform}
    >
      {loaded ? (
        <Form form={form} name={`scan-${platform}`} layout="vertical">
          <Form.Item
            name="enabled"
            label={t('signIn.scan.enabled')}
            valuePropName="checked"
            style={{ marginBottom: 12 }}
          >
            <Switch aria-label={`${t(`signIn.scan.${platform}`)} ${t('signIn.scan.enabled')}`} />
          </Form.Item>
          <Space wrap size="middle" align="start" style={{ width: '100%' }}>
            {FIELDS[platform].map((field) => (
              <Form.Item key={field} name={field} label={label(field)} style={{ minWidth: 240 }}>
                <Input autoComplete="off" />
              </Form.Item>
            ))}
            <Form.Item
              name="appSecret"
              label={label('appSecret')}
              extra={loaded.secretSet ? t('signIn.clientSecret.set') : t('signIn.clientSecret.unset')}
              style={{ minWidth: 240 }}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Space>
          <Form.Item label={t('signIn.scan.callbackUrl')}>
            <Typography.Text copyable code style={{ wordBreak: 'break-all' }}>
              {loaded.callbackUrl}
            </Typography.Text>
          </Form.Item>
          <Space wrap align="start">
            <Button type="primary" onClick={submit} loading={saving}>
              {t('signIn.scan.save')}
            </Button>
            <ConnectionCheck platform={platform} />
          </Space>
        </Form>
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}
