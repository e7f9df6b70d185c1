/** 备份 (the vendor's admins, backups.manage): the schedule and the list, 立即备份 (decision 045). */
import {
  BusinessCode,
  backupMessages,
  inquireBackupListAdmin,
  ok,
  startBackupAdmin,
  updateBackupSettingsAdmin,
} from '@yuexun/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../http/registry';
import { BusinessError } from '../shared/errors';
import { archiveLocation } from './archive-store';
import { backupOverviewOf, listBackupRuns, startManualBackup, updateBackupSettings } from './backups.service';

const overview = (app: FastifyInstance) =>
  backupOverviewOf(app.db, {
    directory: archiveLocation(app.config),
    encrypted: Boolean(app.config.backup.passphrase),
  });

export const backupActions = [
  implement(inquireBackupListAdmin, async ({ app }) => ok([await overview(app)])),
  implement(updateBackupSettingsAdmin, async ({ input, app, actor }) => {
    await updateBackupSettings(app.db, actor, input);
    return ok([await overview(app)]);
  }),
  implement(startBackupAdmin, async ({ app, actor }) => {
    const id = await startManualBackup(app.db, actor);
    app.outbox.wake();
    const run = (await listBackupRuns(app.db)).find((r) => r.id === id);
    if (!run) throw new BusinessError(BusinessCode.SERVER_ERROR, backupMessages.notFound);
    return ok([run]);
  }),
];
