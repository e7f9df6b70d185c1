import { type BusinessCode, businessMessage, type FieldError } from '@yuexun/contract';

/** A failure an action reports to its caller: becomes the envelope with this code and message. */
export class BusinessError extends Error {
  constructor(
    readonly code: BusinessCode,
    message: string = businessMessage(code),
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

/**
 * An outside store (the object store of BLOB_STORE=s3) that is down, refusing or misconfigured. Readers
 * answer 503, not 500 (errors-plugin.ts), an upload answers its own message; `reason` is for the log and
 * names the setting at fault where the store's answer shows it.
 */
export class StoreUnavailableError extends Error {
  readonly statusCode = 503;
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(reason, options);
    this.name = 'StoreUnavailableError';
  }
}

/**
 * The embedded database's queue of statements waiting for its thread is full (PGLITE_QUEUE_MAX_BYTES): the
 * statement is refused at once instead of the queue growing without bound under a flood. Answered 503 with
 * a retry hint (errors-plugin.ts); nothing was written.
 */
export class DatabaseBusyError extends Error {
  readonly statusCode = 503;
  constructor(
    readonly queuedBytes: number,
    readonly maxBytes: number,
  ) {
    super(`the embedded database's queue is full (${queuedBytes} of ${maxBytes} bytes waiting)`);
    this.name = 'DatabaseBusyError';
  }
}
