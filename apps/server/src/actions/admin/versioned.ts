/**
 * Optimistic concurrency for console edits: an update names the version it was loaded with and
 * matches only that version. No row matched means either the record is gone (404) or someone
 * saved in between (409): the later save is refused instead of silently overwriting.
 */
import { BusinessCode, messages } from '@yuexun/contract';
import { BusinessError } from '../../errors';

export const refuseStaleOrMissing = (exists: boolean, notFoundMessage: string): never => {
  if (exists) throw new BusinessError(BusinessCode.CONFLICT, messages.staleVersion);
  throw new BusinessError(BusinessCode.NOT_FOUND, notFoundMessage);
};

/** A business failure about one form field, shown beside that field by the console. */
export const fieldError = (code: BusinessCode, field: string, message: string) =>
  new BusinessError(code, message, [{ field, message }]);
