/** Review before publishing (decision 051): the review queue, a submission's diff, and the writer's side. */
export default {
  'review.tab.all': 'All articles',
  'review.tab.pending': 'Awaiting review ({count})',
  'review.queue.title': 'Submissions awaiting review',
  'review.submittedBy': 'Submitted by',
  'review.submittedAt': 'Submitted at',
  'review.open': 'Review',
  'review.drawer.title': 'Review: {title}',
  'review.live': 'Live article: the site keeps the current text until approval',
  'review.new': 'Never published: compared with nothing',
  'review.changedSince':
    'The article was changed after it was submitted ({fields}); ask the writer to submit it again.',
  'review.approve': 'Approve and publish',
  'review.approveConfirm': 'Approving publishes it on the site at once. Continue?',
  'review.approved': 'Approved and published',
  'review.return': 'Return',
  'review.comment': 'Comment',
  'review.commentPlaceholder': 'Tell the writer what to change',
  'review.returnSubmit': 'Return to the writer',
  'review.returned': 'Returned; the writer sees the comment in the editor',
  'review.submit': 'Submit for review',
  'review.submitConfirm':
    'A colleague who may publish will review it; the site shows it only after approval. Submit?',
  'review.submitted': 'Submitted for review',
  'review.pendingNotice': 'Submitted for review at {time}; awaiting a decision.',
  'review.returnedNotice': '{name} returned this article at {time}: {comment}',
  'review.approvedNotice': '{name} approved and published it at {time}.',
  'review.liveHint':
    'This article is live: edit it and press "Submit for review"; the site keeps the current text until approval.',
  'review.kind.articles': 'Articles ({count})',
  'review.kind.products': 'Products ({count})',
  'review.product.queueTitle': 'Product submissions awaiting review',
  'review.product.live': 'On sale: the site keeps the current price and content until approval',
  'review.product.new': 'Never on sale: compared with blank',
  'review.product.changedSince':
    'The product was changed after it was submitted ({fields}); ask the writer to submit again before reviewing.',
  'review.product.approve': 'Approve and put on sale',
  'review.product.approveConfirm':
    'Approving puts the product on sale at once, with the new price and content. Continue?',
  'review.product.approved': 'Approved and on sale',
  'review.product.submitConfirm':
    'A colleague who may publish reviews it; it goes on sale (or the site changes) only once approved. Submit?',
  'review.product.returnedNotice': '{name} returned this product on {time}: {comment}',
  'review.product.liveHint':
    'This product is on sale: change it and press "Submit for review"; the site keeps the current version until approval.',
  'review.product.draftHint':
    'Putting a product on sale needs review: save it off sale, or press "Submit for review".',
  'notices.title': 'Notifications',
  'notices.empty': 'No notifications',
  'notices.readAll': 'Mark all as read',
};
