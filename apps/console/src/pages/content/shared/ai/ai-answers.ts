/**
 * Reading AI answers into what the editors' fields take (three titles, a description and keywords) and writing an
 * accepted suggestion into the body's HTML (a picture's alt text, a polished paragraph). Answers arrive as plain
 * text (sanitised by the server); what goes into HTML here is set as text or attribute, never parsed as markup.
 */
import { isPictureFileName, pictureUuidsIn } from '@yuexun/contract';

/** A line without list numbering, bullets or wrapping quotes. */
const bare = (line: string) =>
  line
    .trim()
    .replace(/^(\d+[.、)）]|[-*•])\s*/, '')
    .replace(/^[“"「《](.*)[”"」》]$/, '$1')
    .trim();

/** Up to three titles, one per line. */
export const titlesOf = (text: string) =>
  text
    .split('\n')
    .map(bare)
    .filter((line) => line !== '')
    .slice(0, 3);

/** Keywords as a list: split at commas, 、 and semicolons. */
export const keywordsOf = (text: string) =>
  text
    .split(/[,，、;；]/)
    .map((k) => k.trim())
    .filter(Boolean);

/** The description and keywords of an SEO answer ("描述：…" and "关键词：…" lines); a missing label: the rest. */
export const seoOf = (text: string) => {
  const lines = text.split('\n').map((l) => l.trim());
  const labelled = (label: RegExp) => {
    const line = lines.find((l) => label.test(l));
    return line ? line.replace(label, '').trim() : '';
  };
  const keywordsLine = labelled(/^(关键词|关键字|keywords)\s*[:：]/i);
  const description =
    labelled(/^(描述|description)\s*[:：]/i) ||
    lines.filter((l) => l && !/^(关键词|关键字|keywords)\s*[:：]/i.test(l)).join('');
  return { description, keywords: keywordsOf(keywordsLine) };
};

export interface BodyPicture {
  index: number;
  /** How the panel names it: its file name where the body says it, else 图片 N. */
  label: string;
  /** The file name the body says (title, or an alt that is only a file name); the server knows our own ones'. */
  fileName: string;
  caption: string;
  context: string;
  alt: string;
  /** Our own picture (viewPic.file?fileUuid=…): the model that reads pictures is sent the picture itself. */
  fileUuid?: string;
}

/** The file of one of our picture addresses, whatever its variant; none for a picture from elsewhere. */
const fileUuidOf = (src: string): string | undefined => pictureUuidsIn(src)[0];

const parse = (html: string) => new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');

/** The pictures of a body with what the model may describe them from. */
export const picturesOf = (html: string): BodyPicture[] =>
  [...parse(html).querySelectorAll('img')].map((img, index) => {
    const src = img.getAttribute('src') ?? '';
    const name = decodeURIComponent(src.split(/[?#]/)[0]?.split('/').pop() ?? '');
    const block = img.closest('figure, p, li, td') ?? img.parentElement;
    const near = [block?.previousElementSibling, block, block?.nextElementSibling]
      .map((el) => el?.textContent?.trim() ?? '')
      .filter(Boolean)
      .join('\n');
    const alt = img.getAttribute('alt') ?? '';
    const ours = fileUuidOf(src);
    // Older bodies carry the uploaded file's name in alt; an address of ours names no file (viewPic.file).
    const fileName = img.getAttribute('title') || (isPictureFileName(alt) ? alt : '') || (ours ? '' : name);
    return {
      index,
      label: fileName || `图片 ${index + 1}`,
      fileName,
      caption: img.closest('figure')?.querySelector('figcaption')?.textContent?.trim() ?? '',
      context: near,
      alt: isPictureFileName(alt) ? '' : alt,
      ...(ours ? { fileUuid: ours } : {}),
    };
  });

/** The body with the picture's alt text set. */
export const withAlt = (html: string, index: number, alt: string) => {
  const doc = parse(html);
  const img = doc.querySelectorAll('img')[index];
  if (!img) return html;
  img.setAttribute('alt', alt);
  return doc.body.innerHTML;
};

/**
 * The body with the first block whose text is the paragraph replaced by the new text; not found (the paragraph was
 * edited meanwhile): the new text as a paragraph after it, so nothing typed is lost.
 */
export const withParagraph = (html: string, original: string, next: string) => {
  const doc = parse(html);
  const wanted = original.trim();
  const block = [...doc.body.querySelectorAll('p, li, h2, h3, h4, blockquote')].find(
    (el) => el.textContent?.trim() === wanted,
  );
  if (block) block.textContent = next;
  else {
    const p = doc.createElement('p');
    p.textContent = next;
    doc.body.append(p);
  }
  return doc.body.innerHTML;
};
