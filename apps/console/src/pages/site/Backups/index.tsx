/**
 * 站点管理 → 备份 (backups.manage, decision 045): the schedule, the archives with 立即备份 and 下载, and how to
 * restore (a command, never the console: it needs an empty target and no server serving it). The runs
 * themselves happen on the server through the outbox (apps/server/src/backups/backups-plugin.ts); while one is
 * queued or running this page asks for the list again every few seconds until it is done.
 */
import { PageContainer } from '@ant-design/pro-components';
import type { BackupOverview, BackupRunView } from '@yuexun/contract';
import { Alert, App, Card, Skeleton, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useLoadedRecord } from '../../../components/useLoadedRecord';
import { useSubmit } from '../../../components/useSubmit';
import { useIntl } from '../../../locales/intl';
import { loadBackups, startBackup } from '../../../services/backups';
import { RunTable } from './RunTable';
import { ScheduleForm } from './ScheduleForm';

/** A backup of a small site takes seconds; a large one minutes. Every 3 s is quick enough and cheap. */
const POLL_MS = 3_000;

const inProgress = (runs: BackupRunView[]) =>
  runs.some((r) => r.status === 'queued' || r.status === 'running');

export default function Backups() {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [runs, setRuns] = useState<BackupRunView[]>([]);
  const show = useCallback((o: BackupOverview) => setRuns(o.runs), []);
  const { loaded, keep } = useLoadedRecord(loadBackups, show);
  // A refusal (409: another backup is already on its way) is said by the request layer, not as a conflict.
  const { saving: starting, run } = useSubmit(undefined, { warnConflict: false });
  const busy = inProgress(runs);

  const refresh = useCallback(async () => setRuns((await loadBackups()).runs), []);

  // One look at a time, the next after the answer; the answer that shows nothing in progress ends the loop,
  // and so does a failed look (the request layer has said why).
  useEffect(() => {
    if (!busy) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = () => {
      timer = setTimeout(() => {
        refresh().then(
          () => !stopped && look(),
          () => undefined,
        );
      }, POLL_MS);
    };
    look();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [busy, refresh]);

  const start = async () => {
    const queued = await run(startBackup);
    if (queued) message.success(t('backups.started'));
    // Refused or not, the list now shows the run on its way (ours, or the one that was already running).
    await refresh().catch(() => undefined);
  };

  return (
    <PageContainer content={t('backups.intro')}>
      {loaded ? (
        <>
          <ScheduleForm settings={loaded.settings} onSaved={keep} />
          {busy && (
            <Alert type="info" showIcon message={t('backups.inProgress')} style={{ marginBottom: 16 }} />
          )}
          <RunTable runs={runs} busy={busy} starting={starting} onStart={() => void start()} />
          <Card title={t('backups.restore')} style={{ marginTop: 24 }}>
            <Typography.Paragraph>{t('backups.restore.text')}</Typography.Paragraph>
            <Typography.Paragraph>
              <Typography.Text code copyable dir="ltr">
                {t('backups.restore.command')}
              </Typography.Text>
            </Typography.Paragraph>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {t('backups.restore.readme')}
            </Typography.Paragraph>
          </Card>
        </>
      ) : (
        <Skeleton active />
      )}
    </PageContainer>
  );
}
