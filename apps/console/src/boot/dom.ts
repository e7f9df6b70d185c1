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
