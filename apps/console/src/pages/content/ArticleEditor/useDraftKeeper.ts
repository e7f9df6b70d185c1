/**
 * Never lose typing: every change is copied to this browser at once, and a few seconds after the
 * typing stops it is sent to the server as an autosave (an unpublished draft revision). Leaving the
 * page with unsaved changes asks first (in-app navigation and closing the tab).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import type { ArticleForm } from '../../../services/articles';
import { autosaveArticle } from '../../../services/history';

export const AUTOSAVE_DELAY_MS = 3000;

const localKey = (articleId: number | null) => `yx-article-draft:${articleId ?? 'new'}`;

export interface LocalDraft {
  at: string;
  values: Partial<ArticleForm>;
}

export const readLocalDraft = (articleId: number | null): LocalDraft | null => {
  try {
    const raw = localStorage.getItem(localKey(articleId));
    return raw ? (JSON.parse(raw) as LocalDraft) : null;
  } catch {
    return null;
  }
};

export const dropLocalDraft = (articleId: number | null) => localStorage.removeItem(localKey(articleId));

export type AutosaveState = { kind: 'server' | 'local'; at: string } | null;

export const useDraftKeeper = (articleId: number | null, version: number | null) => {
  const [dirty, setDirty] = useState(false);
  const [saved, setSaved] = useState<AutosaveState>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef<Partial<ArticleForm>>({});

  const flush = useCallback(async () => {
    if (articleId === null || version === null) return;
    try {
      const res = await autosaveArticle(articleId, version, latest.current);
      setSaved({ kind: 'server', at: res.at });
    } catch {
      // Offline or refused: the copy in this browser keeps the text until the next try.
      setSaved({ kind: 'local', at: new Date().toISOString() });
    }
  }, [articleId, version]);

  /** Called with the changed fields on every edit. */
  const changed = useCallback(
    (values: Partial<ArticleForm>) => {
      latest.current = values;
      setDirty(true);
      const at = new Date().toISOString();
      localStorage.setItem(localKey(articleId), JSON.stringify({ at, values } satisfies LocalDraft));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    },
    [articleId, flush],
  );

  /** After a real save: nothing is pending any more. */
  const settled = useCallback(() => {
    clearTimeout(timer.current);
    setDirty(false);
    setSaved(null);
    dropLocalDraft(articleId);
    if (articleId !== null) dropLocalDraft(null);
  }, [articleId]);

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  // Moving inside the console (menu, back) while dirty waits for the user's answer. A new article
  // getting its edit address after the first save is not leaving.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      currentLocation.pathname !== nextLocation.pathname &&
      !nextLocation.pathname.startsWith('/content/articles/edit/'),
  );

  return { dirty, saved, changed, settled, blocker };
};
