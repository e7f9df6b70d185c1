/** An article's or product's body: sanitised on write; its stored pictures served responsively (lib/body-pictures). */
import type { SitePictures } from '@yuexun/contract';
import { responsiveBody } from '../../lib/body-pictures';

export default function RichBody({ html, pictures }: { html: string; pictures?: SitePictures }) {
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with an allow-list on write
    <div className="article-body" dangerouslySetInnerHTML={{ __html: responsiveBody(html, pictures) }} />
  );
}
