/**
 * The preview of one file: images, PDF, plain text, audio and video in the page; anything else
 * a download button; a missing, forged or private file a clear message. Shared by the three preview routes.
 */

import { FILE_UUID_PATTERN, fileUrls, type SiteFileAccess } from '@yuexun/contract';
import { useState } from 'react';
import { kindOf } from '../../lib/file-kind';
import { COVER_SLOTS, webpSrcSet } from '../../lib/images';
import { preview } from '../../locales/zh-CN';

export interface FilePreviewProps {
  fileUuid: string | null;
  fileName: string;
  /** What the server knows of the file for this visitor; null when it could not check (the hash page). */
  access: SiteFileAccess | null;
}

export default function FilePreview({ fileUuid, fileName, access }: FilePreviewProps) {
  const name = fileName || preview.title;
  // The hash page cannot ask the server first: a picture that does not load says why, not a broken icon.
  const [unreadable, setUnreadable] = useState(false);
  const failed = () => setUnreadable(true);
  if (!fileUuid)
    return (
      <p className="banner banner-error" role="alert">
        {preview.noUuid}
      </p>
    );
  if (access === 'private') {
    return (
      <p className="banner banner-error" role="alert">
        {preview.private}
      </p>
    );
  }
  if (!FILE_UUID_PATTERN.test(fileUuid) || access === 'missing') {
    return (
      <p className="banner banner-error" role="alert">
        {preview.missing}
      </p>
    );
  }
  if (unreadable) {
    return (
      <p className="banner banner-error" role="alert">
        {preview.unreadable}
      </p>
    );
  }
  const view = fileUrls.download(fileUuid, name, true);
  const download = fileUrls.download(fileUuid, name);
  const kind = kindOf(name);
  return (
    <div className={`preview preview-${kind}`}>
      {kind === 'image' &&
        // A copy as wide as the screen needs, not a phone photo's full 5 MB; GIFs keep their animation.
        (/\.gif$/i.test(name) ? (
          <img src={fileUrls.viewPic(fileUuid)} alt={name} onError={failed} />
        ) : (
          <picture>
            <source
              type="image/webp"
              srcSet={webpSrcSet(fileUuid, 'preview')}
              sizes={COVER_SLOTS.preview.sizes}
            />
            <img src={fileUrls.viewPic(fileUuid, { width: 1200 })} alt={name} onError={failed} />
          </picture>
        ))}
      {kind === 'pdf' && <iframe src={view} title={name} />}
      {/* Phone browsers and WeChat show no PDF inside a page: say what to do instead of a blank box. */}
      {kind === 'pdf' && <p className="preview-hint">{preview.pdfOnPhone}</p>}
      {kind === 'text' && <iframe src={view} title={name} className="preview-text" />}
      {kind === 'audio' && (
        // biome-ignore lint/a11y/useMediaCaption: uploaded recordings come without captions
        <audio controls src={view} preload="metadata" />
      )}
      {kind === 'video' && (
        // biome-ignore lint/a11y/useMediaCaption: uploaded videos come without captions
        <video controls src={view} preload="metadata" />
      )}
      {kind === 'other' && <p>{preview.unsupported}</p>}
      <p className="preview-actions">
        <a className="button button-primary" href={download} download={name}>
          {preview.download}
        </a>
        {kind === 'image' && (
          <a className="button button-ghost" href={fileUrls.viewPic(fileUuid)}>
            {preview.viewOriginal}
          </a>
        )}
      </p>
    </div>
  );
}
