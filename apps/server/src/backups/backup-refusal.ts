/** A backup or restore refused for a reason the operator can act on; the CLI prints its Chinese message. */
import { type BackupRefusalReason, backupMessages } from '@yuexun/contract';

export class BackupRefusal extends Error {
  constructor(
    readonly reason: BackupRefusalReason,
    readonly detail?: string,
  ) {
    super(detail ? `${backupMessages.refused[reason]}（${detail}）` : backupMessages.refused[reason]);
  }
}
