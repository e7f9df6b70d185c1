/**
 * The article the editor shows: loaded once per address with its latest submission for review, and the newer
 * typing that was not saved (the server's autosave or this browser's copy) offered back.
 */
import type { AdminArticleDetail, ArticleReviewItem } from '@yuexun/contract';
import type { FormInstance } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { latestReviewOf } from '../../../services/article-review';
import { type ArticleForm, getArticle } from '../../../services/articles';
import { changedOnly } from '../shared/changed';
import { type Content, contentOf, formValuesOf, type Values } from './form-values';
import { readLocalDraft } from './useDraftKeeper';

/** Typing kept but not saved, and when. */
export interface DraftCopy {
  at: string;
  values: Partial<Content>;
}

export function useLoadedArticle(form: FormInstance<Values>, articleId: number | null) {
  const [article, setArticle] = useState<AdminArticleDetail | null>(null);
  const [loading, setLoading] = useState(articleId !== null);
  const loaded = useRef<Partial<Content>>({});
  const [offer, setOffer] = useState<DraftCopy | null>(null);
  const [review, setReview] = useState<ArticleReviewItem | null>(null);
  // The article on screen: after the first save of a new one the address changes to its id, and the editor
  // already holds what the server answered; loading it again would only blink the form under the writer.
  const shownId = useRef<number | null>(null);

  /** Shows the article as saved; `keepTyping` leaves the form as the editor has it. */
  const show = (a: AdminArticleDetail, keepTyping = false) => {
    setArticle(a);
    shownId.current = a.id;
    const values = formValuesOf(a);
    loaded.current = contentOf(values);
    if (!keepTyping) form.setFieldsValue(values);
  };

  const load = async (id: number) => {
    setLoading(true);
    try {
      const a = await getArticle(id);
      show(a);
      void latestReviewOf(id).then(setReview);
      // What was typed and not saved: the server's autosave or this browser's copy, the newer one.
      const local = readLocalDraft(id);
      const server = a.autosave
        ? { at: a.autosave.at, values: contentOf(a.autosave.snapshot as Partial<ArticleForm>) }
        : null;
      const newest = [local, server]
        .filter((d): d is DraftCopy => d !== null && d.at > a.updatedAt)
        .sort((x, y) => y.at.localeCompare(x.at))[0];
      if (newest && Object.keys(changedOnly(contentOf(newest.values), loaded.current)).length > 0)
        setOffer(newest);
    } finally {
      setLoading(false);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per article address
  useEffect(() => {
    if (articleId) {
      if (shownId.current !== articleId) void load(articleId);
    } else {
      const local = readLocalDraft(null);
      if (local) setOffer({ at: local.at, values: contentOf(local.values) });
    }
  }, [articleId]);

  return { article, loading, loaded, show, offer, setOffer, review, setReview };
}
