/** The editor's form values and how they map to the article the API sends and takes. */
import type { AdminArticleDetail } from '@yuexun/contract';
import type { Dayjs } from 'dayjs';
import { toPickerValue } from '../../../components/time/time';
import type { ArticleForm } from '../../../services/articles';

export interface Values extends Omit<ArticleForm, 'publishTime' | 'status'> {
  publishTime?: Dayjs;
}

export type Content = Omit<ArticleForm, 'status' | 'publishTime'>;

/** The form's content fields as the API takes them (the schedule picker is not content). */
export const contentOf = (values: Partial<Values> | Partial<ArticleForm>): Partial<Content> => {
  const { publishTime: _time, ...content } = values as Partial<Values> & { status?: string };
  const { status: _status, ...rest } = content;
  return rest;
};

/** The content a save or a submission sends: the body and the tags always, even when left empty. */
export const fullContentOf = (values: Values) => ({
  ...contentOf(values),
  bodyHtml: values.bodyHtml ?? '',
  tags: values.tags ?? [],
});

export const formValuesOf = (a: AdminArticleDetail): Values => ({
  categoryId: a.categoryId,
  title: a.title,
  summary: a.summary || undefined,
  bodyHtml: a.bodyHtml,
  coverFileUuid: a.coverFileUuid ?? undefined,
  tags: a.tags,
  author: a.author || undefined,
  source: a.source || undefined,
  seoTitle: a.seoTitle ?? undefined,
  seoDescription: a.seoDescription ?? undefined,
  sort: a.sort,
  publishTime: a.status === 'scheduled' ? toPickerValue(a.publishTime) : undefined,
});
