/**
 * 登录方式 → 离职同步 (decision 060): whether the daily job reads the 企业微信 / 钉钉 member lists and disables the
 * accounts of people who left, who takes their open leads (none chosen: the 公海), 立即同步, and the last run's result.
 */
import type { LeaverSyncView } from '@yuexun/contract';
import { Alert, Button, Card, Form, Select, Skeleton, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { TimeText } from '../../../components/time/TimeText';
import { useWholeRecordForm } from '../../../components/useWholeRecordForm';
import { useIntl } from '../../../locales/intl';
import { loadLeaverSync, runLeaverSync, saveLeaverSync } from '../../../services/sign-in';

interface Values {
  enabled: boolean;
  handoverTo?: number;
}

const valuesOf = (v: LeaverSyncView): Values => ({
  enabled: v.enabled,
  handoverTo: v.handoverTo ?? undefined,
});

function LastRun({ run }: { run: NonNullable<LeaverSyncView['lastRun']> }) {
  const { t } = useIntl();
  return (
    <Alert
      type={run.problems.length > 0 ? 'warning' : 'success'}
      showIcon
      message={
        <>
          <TimeText iso={run.at} /> {t('leavers.lastRun', { disabled: run.disabled, leads: run.leads })}
        </>
      }
      description={run.problems.length > 0 ? run.problems.join('；') : undefined}
    />
  );
}

export function LeaverSyncCard() {
  const { t } = useIntl();
  const [running, setRunning] = useState(false);
  // The record after 立即同步 (its last run), until the next save answers a newer one.
  const [shown, setShown] = useState<LeaverSyncView | null>(null);
  const { form, loaded, saving, submit } = useWholeRecordForm({
    load: loadLeaverSync,
    valuesOf,
    save: async (v: Values, was: LeaverSyncView) => {
      const saved = await saveLeaverSync({ ...v, version: was.version });
      setShown(null);
      return saved;
    },
    done: t('leavers.saved'),
  });
  const current = shown ?? loaded;
  const runNow = () => {
    setRunning(true);
    runLeaverSync()
      .then(setShown)
      .catch(() => undefined)
      .finally(() => setRunning(false));
  };
  return (
    <Card title={t('leavers.title')} style={{ marginBottom: 24, maxWidth: 880 }}>
      <Typography.Paragraph type="secondary">{t('leavers.intro')}</Typography.Paragraph>
      {current ? (
        <Form form={form} name="leavers" layout="vertical">
          <Form.Item name="enabled" label={t('leavers.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="handoverTo" label={t('leavers.handoverTo')} extra={t('leavers.handoverTo.extra')}>
            <Select
              allowClear
              showSearch
              placeholder={t('leavers.handoverTo.pool')}
              optionFilterProp="label"
              style={{ maxWidth: 360 }}
              options={current.staff.map((s) => ({ value: s.id, label: `${s.name}（${s.username}）` }))}
            />
          </Form.Item>
          <Typography.Paragraph>
            {t('leavers.directories')}
            {current.directories.length > 0
              ? current.directories.map((d) => t(`signIn.scan.${d}`)).join('、')
              : t('leavers.directories.none')}
          </Typography.Paragraph>
          <Space wrap style={{ marginBottom: 16 }}>
            <Button type="primary" onClick={submit} loading={saving}>
              {t('signIn.scan.save')}
            </Button>
            <Button onClick={runNow} loading={running} disabled={!current.enabled}>
              {t('leavers.run')}
            </Button>
          </Space>
          {current.lastRun && <LastRun run={current.lastRun} />}
        </Form>
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}
