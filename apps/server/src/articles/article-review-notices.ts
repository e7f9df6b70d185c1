/**
 * What an article's review step announces (issue 35): the shared notices (shared/review/review-notices.ts) with
 * the article's permission, queue and editor.
 */
import { reviewNoticeText } from '@yuexun/contract';
import type { ReviewSubject } from '../shared/review/review-notices';

export type { AlertChannels } from '../shared/review/review-notices';

export const ARTICLE_REVIEW: ReviewSubject = {
  kind: 'article',
  label: reviewNoticeText.articleLabel,
  publish: 'articles.publish',
  queueLink: '/content/articles?tab=review',
  editorLink: (articleId) => `/content/articles/edit/${articleId}`,
};
