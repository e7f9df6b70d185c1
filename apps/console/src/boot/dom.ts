/**
 * The boot markup of index.html: `#root` may hold the prerendered login page (`data-prerendered` names
 * its language, see build/prerender-login-plugin.ts), and `.boot-loading` shows until React renders.
 */

/** The language the login page in #root was prerendered in, if any. */
export const prerenderedLanguage = (container: HTMLElement) => container.dataset.prerendered;

/** React takes #root over: the boot indicator goes, a prerendered page no longer needs hiding rules. */
export const takeOverRoot = (container: HTMLElement) => {
  container.removeAttribute('data-prerendered');
  document.documentElement.removeAttribute('data-boot');
  document.querySelector('.boot-loading')?.remove();
};

let wholeStyles: Promise<void> | undefined;

/**
 * Applies the whole antd stylesheet of the prerendered page (prefetched by index.html, see
 * build/trim-styles.ts), once, and resolves when it is in effect (or failed: antd then computes what it
 * lacks). The inlined rules cover the page as first shown; this adds its other states.
 */
export const applyWholeStyles = () => {
  wholeStyles ??= new Promise<void>((resolve) => {
    const preload = document.querySelector<HTMLLinkElement>('link[data-antd-styles]');
    if (!preload) return resolve();
    const sheet = document.createElement('link');
    sheet.rel = 'stylesheet';
    sheet.href = preload.href;
    sheet.addEventListener('load', () => resolve());
    sheet.addEventListener('error', () => resolve());
    // Where the inlined antd styles are, ahead of the console's own, so the cascade stays as built.
    document.head.insertBefore(sheet, document.head.querySelector('style[data-css-hash]'));
  });
  return wholeStyles;
};

/**
 * For a first render other than the prerendered login page: drops the prerender's antd cache map before
 * antd reads it, so antd computes the styles it needs as usual instead of relying on the login page's
 * stylesheet (which then is never fetched). Only before antd first renders.
 */
export const forgoPrerenderedStyles = () => {
  document.querySelector('style[data-antd-map]')?.remove();
  wholeStyles = Promise.resolve();
};

const FIRST_USE = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * The whole stylesheet waits for the first press, key or focus: parsing it costs a phone a long task,
 * which the page's load then does not pay, and nothing it adds can show before the user does something.
 * `usedAlready`: the user pressed or focused something before this code arrived.
 */
export const applyWholeStylesOnFirstUse = (usedAlready: boolean) => {
  if (usedAlready) {
    void applyWholeStyles();
    return;
  }
  const apply = () => {
    for (const type of FIRST_USE) window.removeEventListener(type, apply, true);
    void applyWholeStyles();
  };
  for (const type of FIRST_USE) window.addEventListener(type, apply, { capture: true, passive: true });
};
