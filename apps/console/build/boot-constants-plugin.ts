/**
 * Keeps index.html, which runs before any bundle, in step with the source's constants. The boot
 * script names them as `__YX_NAME__` and gets them written in as literals (the storage key, the login
 * routes, the default language); the plain HTML and CSS keep readable values (language, title, theme
 * colour, font), which the build checks against the source and refuses when they differ.
 */
import type { Plugin } from 'vite';
import { LOGIN_PATHS } from '../src/app/navigation';
import { FONT_FAMILY, layoutSettings } from '../src/config/settings';
import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY } from '../src/locales/list';

const scriptConstants: Record<string, unknown> = { LOGIN_PATHS, LOCALE_STORAGE_KEY, DEFAULT_LOCALE };

const expectedInPage = [
  `<html lang="${DEFAULT_LOCALE}">`,
  `<title>${layoutSettings.title}</title>`,
  `<meta name="theme-color" content="${layoutSettings.colorPrimary}" />`,
  `color: ${layoutSettings.colorPrimary};`,
  `font-family: ${FONT_FAMILY};`,
];

export const fillBootConstants = (html: string) => {
  const missing = expectedInPage.filter((text) => !html.includes(text));
  if (missing.length)
    throw new Error(`index.html differs from the source's constants: ${missing.join(' | ')}`);
  return html.replace(/__YX_([A-Z_]+?)__/g, (placeholder, name: string) => {
    if (!(name in scriptConstants)) throw new Error(`index.html: unknown constant ${placeholder}`);
    return JSON.stringify(scriptConstants[name]);
  });
};

export const bootConstantsPlugin = (): Plugin => ({
  name: 'yuexun-boot-constants',
  transformIndexHtml: { order: 'pre', handler: fillBootConstants },
});
