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
