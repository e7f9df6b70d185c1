/**
 * The server-rendered preview (spec §2): /file-preview/1.0/?fileUuid=&fileName= and the no-script
 * fallback /fileView/view.html?uuid=&fn= differ only in their parameter names. An unknown file is
 * answered with 404 and a private one this visitor may not open with 403, each with its message instead
 * of a broken picture (set by the route: only a page may set the status before the page streams).
 */

import type { SiteContext, SiteFileAccess } from '@yuexun/contract';
import { FILE_UUID_PATTERN } from '@yuexun/contract';

interface RouteContext {
  url: URL;
  locals: { site: SiteContext };
}

export const loadPreviewPage = async (ctx: RouteContext, uuidParam: string, nameParam: string) => {
  const fileUuid = ctx.url.searchParams.get(uuidParam);
  const fileName = (ctx.url.searchParams.get(nameParam) ?? '').slice(0, 200);
  // A malformed id names no file: answered without asking the database.
  const access: SiteFileAccess | null =
    fileUuid === null || fileUuid === ''
      ? null
      : FILE_UUID_PATTERN.test(fileUuid)
        ? await ctx.locals.site.services.fileAccess(fileUuid)
        : 'missing';
  const status = access === 'missing' ? 404 : access === 'private' ? 403 : 200;
  return { fileUuid, fileName, access, status };
};

export type PreviewPageData = Awaited<ReturnType<typeof loadPreviewPage>>;
