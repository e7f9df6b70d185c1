/**
 * 预览: opens the article as saved (any status) on the site through a signed, expiring link. Unsaved
 * typing in a draft (or scheduled, offline) article is saved first, as the editor expects to see it and
 * no visitor sees such a save; a live article's save would change the public page at once, so the editor
 * is asked and previews what is saved.
 */
import type { AdminArticleDetail } from '@yuexun/contract';
import { App } from 'antd';
import { useIntl } from '../../../locales/intl';
import { previewArticle } from '../../../services/articles';
import { siteHref } from '../../../services/site-links';

type Runner = <T>(work: () => Promise<T>) => Promise<T | undefined>;

interface Options {
  dirty: boolean;
  run: Runner;
  guarded: Runner;
  saveContent: () => Promise<AdminArticleDetail | null>;
}

export const usePreview = ({ dirty, run, guarded, saveContent }: Options) => {
  const { t } = useIntl();
  const { modal } = App.useApp();

  // The tab is opened at the click, so no popup blocker stops it; it gets its address when the link is signed.
  const open = (article: AdminArticleDetail, saveFirst: boolean) => {
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    return run(() =>
      guarded(async () => {
        try {
          const saved = saveFirst ? await saveContent() : article;
          if (!saved) return tab?.close();
          const link = await previewArticle(saved.id);
          const href = siteHref(link.path);
          if (tab) tab.location.href = href;
          else window.open(href, '_blank', 'noopener');
        } catch (error) {
          tab?.close();
          throw error;
        }
      }),
    );
  };

  return (article: AdminArticleDetail) => {
    if (!dirty) return void open(article, false);
    if (!article.live) return void open(article, true);
    modal.confirm({
      title: t('articles.editor.previewUnsavedTitle'),
      content: t('articles.editor.previewUnsavedLive'),
      okText: t('articles.editor.previewSaved'),
      cancelText: t('common.cancel'),
      onOk: () => void open(article, false),
    });
  };
};
