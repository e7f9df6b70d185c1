/** Mounts the whole console (providers, initial state, router) into #root. */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { Root } from '../app/Root';
import { loadLocale } from '../locales/load';
import { takeOverRoot } from './dom';

export const mountConsole = async (container: HTMLElement, lang: string) => {
  const locale = await loadLocale(lang);
  const root = createRoot(container);
  // Rendered at once, so the boot indicator (or a hidden prerendered page) goes in the same frame.
  flushSync(() => root.render(<Root initialLocale={locale} />));
  takeOverRoot(container);
};
