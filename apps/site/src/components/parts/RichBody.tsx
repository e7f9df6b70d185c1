/** An article's or product's body: sanitised on write; its stored pictures served responsively (lib/body-pictures). */
import type { SitePictures } from '@yuexun/contract';
import { type BodyColumn, responsiveBody } from '../../lib/body-pictures';

interface Props {
  html: string;
  pictures?: SitePictures;
  /** The column the body fills: an article's reading column unless told. */
  column?: BodyColumn;
}

export default function RichBody({ html, pictures, column }: Props) {
  const body = { __html: responsiveBody(html, pictures, column) };
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with an allow-list on write
  return <div className="article-body" dangerouslySetInnerHTML={body} />;
}
