/** Review before publishing for products (docs/decisions/069): submit, the queue, one submission, approve, return. */
import {
  approveProductReviewAdmin,
  inquireProductReviewDetailAdmin,
  inquireProductReviewListAdmin,
  ok,
  returnProductReviewAdmin,
  submitProductReviewAdmin,
} from '@yuexun/contract';
import { authOf } from '../http/auth-plugin';
import { implement } from '../http/registry';
import { approveProductReview, returnProductReview, submitProductReview } from './product-review.service';
import { getProductReview, listProductReviews } from './product-review-reads.service';

export const productReviewActions = [
  implement(submitProductReviewAdmin, async ({ input, app, actor, request }) =>
    ok([
      await submitProductReview(app.db, actor, input, authOf(request).permissions, app.alerts.queueNotice),
    ]),
  ),
  implement(inquireProductReviewListAdmin, async ({ input, app }) => {
    const { items, paging } = await listProductReviews(app.db, input);
    return ok(items, paging);
  }),
  implement(inquireProductReviewDetailAdmin, async ({ input, app }) =>
    ok([await getProductReview(app.db, input.reviewId)]),
  ),
  implement(approveProductReviewAdmin, async ({ input, app, actor }) =>
    ok([await approveProductReview(app.db, actor, input, app.alerts.queueNotice)]),
  ),
  implement(returnProductReviewAdmin, async ({ input, app, actor }) =>
    ok([await returnProductReview(app.db, actor, input, app.alerts.queueNotice)]),
  ),
];
