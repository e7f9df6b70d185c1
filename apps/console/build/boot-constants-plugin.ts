/**
 * Fills index.html's boot script and first styles from the source's own constants (the storage key,
 * the login routes, the default language, the theme), so the page that runs before any bundle cannot
 * drift from the code. `%YX_NAME%` is the raw value, `%YX_JSON_NAME%` the value as a script literal.
 */
import type { Plugin } from 'vite';
import { LOGIN_PATHS } from '../src/app/navigation';
import { FONT_FAMILY, layoutSettings } from '../src/config/settings';
import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY } from '../src/locales/list';

const constants: Record<string, unknown> = {
  LOGIN_PATHS,
  LOCALE_STORAGE_KEY,
  DEFAULT_LOCALE,
  FONT_FAMILY,
  COLOR_PRIMARY: layoutSettings.colorPrimary,
  TITLE: layoutSettings.title,
};

export const fillBootConstants = (html: string) =>
  html.replace(/%YX_(JSON_)?([A-Z_]+?)%/g, (placeholder, json: string | undefined, name: string) => {
    if (!(name in constants)) throw new Error(`index.html: unknown constant ${placeholder}`);
    const value = constants[name];
    return json ? JSON.stringify(value) : String(value);
  });

export const bootConstantsPlugin = (): Plugin => ({
  name: 'yuexun-boot-constants',
  transformIndexHtml: { order: 'pre', handler: fillBootConstants },
});
