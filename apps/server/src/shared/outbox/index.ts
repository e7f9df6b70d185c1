/** The outbox and jobs: see outbox.ts (writing), worker.ts (delivering), docs/decisions/017. */
export {
  type EnqueueOptions,
  enqueue,
  enqueueMany,
  listOutbox,
  OUTBOX_CHANNEL,
  type OutboxMessage,
  resend,
} from './outbox';
export { OUTBOX_STATUSES, type OutboxRow, type OutboxStatus, outbox } from './outbox.table';
export { outboxPlugin } from './plugin';
export { backoffMs, type OutboxHandler, type OutboxJob, OutboxWorker, PermanentError } from './worker';
