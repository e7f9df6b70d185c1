/**
 * The download centre: documents grouped by kind, each with its format and size, a download link
 * (/fs/api/v1.0/downloadFile.file) and, for formats a browser shows, a link to the preview page.
 * Below, the section's articles (version notes and installation guides) as cards.
 */

import type { SiteDownload } from '@yuexun/contract';
import { type ArticleListItem, fileUrls, formatFileSize } from '@yuexun/contract';
import { kindOf } from '../../lib/file-kind';
import { desktopPreviewPath } from '../../lib/file-preview';
import { href } from '../../lib/href';
import { sections, downloads as words } from '../../locales/zh-CN';
import ArticleCardGrid from '../parts/ArticleCardGrid';
import PageHero from '../parts/PageHero';

interface Props {
  basePath: string;
  /** The section's name as the menu shows it. */
  title: string;
  files: SiteDownload[];
  notes: ArticleListItem[];
}

const GROUPS = Object.keys(words.groups) as SiteDownload['group'][];

const DownloadItem = ({ basePath, file }: { basePath: string; file: SiteDownload }) => {
  const format = file.format.toUpperCase();
  return (
    <li className="download-item">
      <span className={`file-badge file-${file.format}`} aria-hidden="true">
        {format}
      </span>
      <div className="download-body">
        <h3>{file.title}</h3>
        <p className="download-desc">{file.description}</p>
        <p className="download-meta">
          <span>
            {words.format}：{format}
          </span>
          <span>
            {words.size}：{formatFileSize(file.size)}
          </span>
        </p>
      </div>
      <p className="download-actions">
        <a
          className="button button-primary"
          href={fileUrls.download(file.fileUuid, file.fileName)}
          download={file.fileName}
          aria-label={words.downloadFile(file.title)}
        >
          {words.download}
        </a>
        {kindOf(file.fileName) !== 'other' && (
          <a
            className="button button-ghost"
            href={href(basePath, desktopPreviewPath(file))}
            aria-label={words.previewFile(file.title)}
          >
            {words.preview}
          </a>
        )}
      </p>
    </li>
  );
};

export default function DownloadPage({ basePath, title, files, notes }: Props) {
  const groups = GROUPS.map((group) => ({ group, files: files.filter((f) => f.group === group) })).filter(
    (g) => g.files.length > 0,
  );
  return (
    <>
      <PageHero title={title} intro={sections.download.intro} />
      <div className="container section">
        {groups.length === 0 && <p className="empty">{words.empty}</p>}
        {groups.map(({ group, files: groupFiles }) => (
          <section key={group} className="download-group" aria-labelledby={`downloads-${group}`}>
            <h2 id={`downloads-${group}`} className="subheading">
              {words.groups[group]}
            </h2>
            <ul className="download-list">
              {groupFiles.map((file) => (
                <DownloadItem key={file.fileUuid} basePath={basePath} file={file} />
              ))}
            </ul>
          </section>
        ))}
        {notes.length > 0 && (
          <section aria-labelledby="download-notes">
            <h2 id="download-notes" className="subheading">
              {sections.download.notesHeading}
            </h2>
            <ArticleCardGrid basePath={basePath} items={notes} pathOf={(id) => `/detail/${id}`} />
          </section>
        )}
      </div>
    </>
  );
}
