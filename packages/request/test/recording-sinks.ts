/** Fakes for the UI sinks the host app injects: they record what the user would have seen. */
import type { RequestUi, SessionStorage } from '../src';

export type Shown =
  | { kind: 'warning'; text: string }
  | { kind: 'error'; text: string }
  | { kind: 'notification'; message: string; description?: string | undefined };

export const recordingSinks = (stored: Record<string, string> = {}) => {
  const shown: Shown[] = [];
  const navigations: string[] = [];
  const ui: RequestUi = {
    message: {
      warning: (text) => shown.push({ kind: 'warning', text }),
      error: (text) => shown.push({ kind: 'error', text }),
    },
    notification: {
      error: ({ message, description }) => shown.push({ kind: 'notification', message, description }),
    },
  };
  const storage: SessionStorage = { getItem: (key) => stored[key] ?? null };
  const navigate = (url: string) => {
    navigations.push(url);
  };
  return { shown, navigations, ui, storage, navigate };
};
