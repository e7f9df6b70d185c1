import { z } from 'zod';
import { type BusinessCode, businessMessage, ShowType } from './codes';
import { type PagingOutput, pagingOutput } from './paging';

export const SUCCESS_FLAG = 'SUCCESS';
/** Accepted as success by the generic client handler (spec §4). */
export const IN_WORKING_FLAG = 'IN_WORKING';
export const FAIL_FLAG = 'FAIL';

export const fieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldError>;

export const failureEnvelope = z.object({
  success: z.literal(false),
  flag: z.literal(FAIL_FLAG),
  status: z.number().int(),
  errorCode: z.number().int(),
  errorMessage: z.string(),
  showType: z.number().int(),
  /** Per-field messages for forms; absent when the failure is not about one field. */
  errors: z.array(fieldError).optional(),
  /** Lets support find the log line of an unexpected failure. */
  requestId: z.string().optional(),
});
export type FailureEnvelope = z.infer<typeof failureEnvelope>;

export const successEnvelope = <D extends z.ZodType>(item: D) =>
  z.object({
    success: z.literal(true),
    flag: z.literal(SUCCESS_FLAG),
    status: z.literal(200),
    datas: z.array(item),
  });

export const pagedEnvelope = <D extends z.ZodType>(item: D) =>
  successEnvelope(item).extend(pagingOutput.shape);

export type SuccessEnvelope<T> = {
  success: true;
  flag: typeof SUCCESS_FLAG;
  status: 200;
  datas: T[];
} & Partial<PagingOutput> & { data?: unknown; message?: string };

export type Envelope<T> = SuccessEnvelope<T> | FailureEnvelope;

export const ok = <T>(datas: T[], paging?: PagingOutput): SuccessEnvelope<T> => ({
  success: true,
  flag: SUCCESS_FLAG,
  status: 200,
  datas,
  ...paging,
});

export const fail = (
  code: BusinessCode,
  errorMessage: string = businessMessage(code),
  extra: { showType?: number; errors?: FieldError[]; requestId?: string } = {},
): FailureEnvelope => ({
  success: false,
  flag: FAIL_FLAG,
  status: code,
  errorCode: code,
  errorMessage,
  showType: extra.showType ?? ShowType.ERROR_MESSAGE,
  ...(extra.errors ? { errors: extra.errors } : {}),
  ...(extra.requestId ? { requestId: extra.requestId } : {}),
});

/** The success test of spec §8: status or statusCode 200, or flag SUCCESS (IN_WORKING where allowed). */
export const isSuccessResponse = (body: unknown, { acceptInWorking = false } = {}): boolean => {
  if (!body || typeof body !== 'object') return false;
  const b = body as Record<string, unknown>;
  if (b.success === false) return false;
  if (b.status === 200 || b.statusCode === 200) return true;
  if (b.flag === SUCCESS_FLAG) return true;
  return acceptInWorking && b.flag === IN_WORKING_FLAG;
};

/** Turns a zod failure into field messages and one summary line naming the first field. */
export const describeIssues = (issues: readonly z.core.$ZodIssue[]) => {
  const errors: FieldError[] = issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }));
  const first = errors[0];
  const summary = first
    ? `${businessMessage(400)}：${first.message}（${first.field}）`
    : businessMessage(400);
  return { errors, summary };
};
