/**
 * The console's first page, fast: the login page is served prerendered (build/prerender-login-plugin.ts) and
 * hydrated here with only what it needs: React, its strings and its plain view, no antd (decision 059).
 * Leaving it (logged in, or a link to another route) unmounts it and mounts the whole console, fetched then.
 */
import { startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { hashPath, isLoginPath } from '../app/navigation';
import { readStoredLocale } from '../locales/list';
import { loadLoginLocale } from '../locales/login-locale';
import { prerenderedLanguage, takeOverRoot } from './dom';
import { LoginShell } from './LoginShell';

/** What the user typed into the prerendered form before its code arrived (form fields carry their name as id). */
const typedValues = (container: HTMLElement) =>
  Object.fromEntries(
    [...container.querySelectorAll<HTMLInputElement>('form input[id]')]
      .filter((input) => input.value !== '')
      .map((input) => [input.id, input.value]),
  );

/** Replays a tap the page could not answer before it was live (recorded by index.html's boot script). */
const replayEarlyClick = () => {
  const button = window.__yxEarlyClick;
  window.__yxEarlyClick = undefined;
  if (button?.isConnected) button.click();
};

export const mountLogin = async (container: HTMLElement, lang: string) => {
  let root: Root | undefined;
  let left = false;
  const leave = async () => {
    if (left) return;
    left = true;
    window.removeEventListener('hashchange', onHashChange);
    // The login page stays until the console is here, then gives way at once.
    const { mountConsole } = await import('./console');
    root?.unmount();
    await mountConsole(container, readStoredLocale());
  };
  const onHashChange = () => {
    if (!isLoginPath(hashPath())) void leave();
  };
  // Listening before anything is awaited: a link followed meanwhile (教师注册) still hands over.
  window.addEventListener('hashchange', onHashChange);
  const locale = await loadLoginLocale(lang);
  if (!isLoginPath(hashPath())) return leave();

  // Replacing the hash fires hashchange, which hands over to the console at the target route.
  const onLoggedIn = (target: string) => window.location.replace(target);
  if (prerenderedLanguage(container) === locale.lang) {
    const typed = typedValues(container);
    // As a transition, hydration yields to the browser every few milliseconds instead of one long task;
    // the page is on screen already, and input events during it are replayed once it is done.
    startTransition(() => {
      root = hydrateRoot(
        container,
        <LoginShell initialLocale={locale} onLoggedIn={onLoggedIn} typed={typed} onLive={replayEarlyClick} />,
      );
    });
  } else {
    // Another language than the prerendered page's: rendered afresh.
    const fresh = createRoot(container);
    flushSync(() => fresh.render(<LoginShell initialLocale={locale} onLoggedIn={onLoggedIn} />));
    root = fresh;
  }
  takeOverRoot(container);
};
