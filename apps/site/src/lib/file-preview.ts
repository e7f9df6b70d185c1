/**
 * openFilePreview(file) chooses the preview address per environment exactly as spec §2:
 * mobile wrapper → index.html with a hash query; phone or WeChat browser → /YX_FILE-PREVIEW_APP/;
 * old IE → ../fileView/view.html (no-script fallback); desktop → /file-preview/1.0/.
 */
import { type BridgeEnv, browserEnv, isMobileWrapper, isOldIE, isPhone, isWeChat, openPage } from './bridge';

export interface PreviewFile {
  fileUuid: string;
  fileName: string;
}

export type PreviewTarget = 'wrapper' | 'mobile' | 'old-ie' | 'desktop';

export const previewTarget = (env: BridgeEnv): PreviewTarget => {
  if (isMobileWrapper(env)) return 'wrapper';
  if (isPhone(env) || isWeChat(env)) return 'mobile';
  if (isOldIE(env)) return 'old-ie';
  return 'desktop';
};

const query = (pairs: Record<string, string>) => new URLSearchParams(pairs).toString();

/** The desktop preview page of a file (spec §2), without the base path. */
export const desktopPreviewPath = (file: PreviewFile) =>
  `/file-preview/1.0/?${query({ fileUuid: file.fileUuid, fileName: file.fileName })}`;

/** The address of the preview for a file; `basePath` is the site's BASE_PATH. */
export const previewUrl = (file: PreviewFile, env: BridgeEnv, basePath = '/') => {
  const q = query({ fileUuid: file.fileUuid, fileName: file.fileName });
  switch (previewTarget(env)) {
    case 'wrapper':
      return `${basePath}YX_FILE-PREVIEW_APP/index.html#?${q}`;
    case 'mobile':
      return `${basePath}YX_FILE-PREVIEW_APP/index.html#?${q}`;
    case 'old-ie':
      return `${basePath}fileView/view.html?${query({ uuid: file.fileUuid, fn: file.fileName })}`;
    default:
      return `${basePath}${desktopPreviewPath(file).slice(1)}`;
  }
};

/** Opens the preview: the wrapper's own page opener, same window on phones, a new tab on desktops. */
export const openFilePreview = (
  file: PreviewFile,
  options: {
    env?: BridgeEnv;
    basePath?: string;
    open?: (url: string) => void;
    assign?: (url: string) => void;
  } = {},
) => {
  const env = options.env ?? browserEnv();
  const url = previewUrl(file, env, options.basePath ?? '/');
  const target = previewTarget(env);
  if (target === 'wrapper') openPage(url, env, options.open);
  else if (target === 'desktop') (options.open ?? ((u) => window.open(u, '_blank')))(url);
  else (options.assign ?? ((u) => window.location.assign(u)))(url);
  return url;
};
