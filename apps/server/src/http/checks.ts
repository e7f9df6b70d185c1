/**
 * The checks every route shares with the actions (registry.ts, route.ts): input read by a contract schema
 * into the 400 envelope, and a service's BusinessError turned into its failure envelope.
 */
import { BusinessCode, describeIssues, fail } from '@yuexun/contract';
import { BusinessError } from '../shared/errors';

/** The failure envelope naming each wrong field, as every action answers it. */
export const invalidInput = (issues: Parameters<typeof describeIssues>[0]) => {
  const { errors, summary } = describeIssues(issues);
  return fail(BusinessCode.BAD_REQUEST, summary, { errors });
};

/** Runs a handler; a business refusal becomes its envelope, anything else stays a 500. */
export const answeringRefusals = async <T>(run: () => Promise<T>) => {
  try {
    return await run();
  } catch (error) {
    if (error instanceof BusinessError) return fail(error.code, error.message, { errors: error.errors });
    throw error;
  }
};
