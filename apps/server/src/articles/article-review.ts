/** Review before publishing (docs/decisions/051): submit, the queue, one submission, approve, return. */
import {
  approveArticleReviewAdmin,
  inquireArticleReviewDetailAdmin,
  inquireArticleReviewListAdmin,
  ok,
  returnArticleReviewAdmin,
  submitArticleReviewAdmin,
} from '@yuexun/contract';
import { authOf } from '../http/auth-plugin';
import { implement } from '../http/registry';
import { approveArticleReview, returnArticleReview, submitArticleReview } from './article-review.service';
import { getArticleReview, listArticleReviews } from './article-review-reads.service';

export const articleReviewActions = [
  implement(submitArticleReviewAdmin, async ({ input, app, actor, request }) =>
    ok([
      await submitArticleReview(app.db, actor, input, authOf(request).permissions, app.alerts.queueNotice),
    ]),
  ),
  implement(inquireArticleReviewListAdmin, async ({ input, app }) => {
    const { items, paging } = await listArticleReviews(app.db, input);
    return ok(items, paging);
  }),
  implement(inquireArticleReviewDetailAdmin, async ({ input, app }) =>
    ok([await getArticleReview(app.db, input.reviewId)]),
  ),
  implement(approveArticleReviewAdmin, async ({ input, app, actor }) =>
    ok([await approveArticleReview(app.db, actor, input, app.alerts.queueNotice)]),
  ),
  implement(returnArticleReviewAdmin, async ({ input, app, actor }) =>
    ok([await returnArticleReview(app.db, actor, input, app.alerts.queueNotice)]),
  ),
];
