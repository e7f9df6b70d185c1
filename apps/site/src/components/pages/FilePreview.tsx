/**
 * The preview of one file: images, PDF, plain text, audio and video in the page; anything else
 * a download button; a missing or forged file a clear message. Shared by the three preview routes.
 */

import { kindOf } from '../../lib/file-kind';
import { fileDownloadUrl, fileViewUrl } from '../../lib/href';
import { t } from '../../lib/strings';

export interface FilePreviewProps {
  fileUuid: string | null;
  fileName: string;
  /** false when the server knows the file does not exist; null when it could not check. */
  exists: boolean | null;
}

const UUID = /^[A-Za-z0-9-]{8,64}$/;

export default function FilePreview({ fileUuid, fileName, exists }: FilePreviewProps) {
  const name = fileName || t.previewTitle;
  if (!fileUuid)
    return (
      <p className="banner banner-error" role="alert">
        {t.previewNoUuid}
      </p>
    );
  if (!UUID.test(fileUuid) || exists === false) {
    return (
      <p className="banner banner-error" role="alert">
        {t.previewMissing}
      </p>
    );
  }
  const view = `${fileDownloadUrl(fileUuid, name)}&view=1`;
  const download = fileDownloadUrl(fileUuid, name);
  const kind = kindOf(name);
  return (
    <div className={`preview preview-${kind}`}>
      {kind === 'image' && <img src={fileViewUrl(fileUuid)} alt={name} />}
      {kind === 'pdf' && <iframe src={view} title={name} />}
      {kind === 'text' && <iframe src={view} title={name} className="preview-text" />}
      {kind === 'audio' && (
        // biome-ignore lint/a11y/useMediaCaption: uploaded recordings come without captions
        <audio controls src={view} preload="metadata" />
      )}
      {kind === 'video' && (
        // biome-ignore lint/a11y/useMediaCaption: uploaded videos come without captions
        <video controls src={view} preload="metadata" />
      )}
      {kind === 'other' && <p>{t.previewUnsupported}</p>}
      <p>
        <a className="button button-primary" href={download} download={name}>
          {t.previewDownload}
        </a>
      </p>
    </div>
  );
}
