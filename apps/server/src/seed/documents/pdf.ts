/**
 * A small PDF writer for Chinese documents: A4 pages of titles, headings, paragraphs, lists and
 * tables. Text uses STSong-Light with the UniGB-UCS2-H encoding, one of the CJK fonts every PDF
 * reader must provide (PDF 32000 §9.7.5.2), so no font is embedded and a ten-page manual stays a
 * few kilobytes. Deterministic: no dates, so a seeded document can be rebuilt byte for byte.
 */
import { deflateSync } from 'node:zlib';
import type { Block } from './blocks';

const PAGE = { width: 595, height: 842, margin: 56 };
const TEXT_WIDTH = PAGE.width - 2 * PAGE.margin;
const FOOTER_Y = 32;

/** Advance widths (1/1000 em) of STSong-Light's proportional ASCII glyphs, CIDs 1–95 (U+0020–U+007E). */
const ASCII_WIDTHS = [
  207, 270, 342, 467, 462, 797, 710, 239, 374, 374, 423, 605, 238, 375, 238, 334, 462, 462, 462, 462, 462,
  462, 462, 462, 462, 462, 238, 238, 605, 605, 605, 344, 748, 684, 560, 695, 739, 563, 511, 729, 793, 318,
  312, 666, 526, 896, 758, 772, 544, 772, 628, 465, 607, 753, 711, 972, 647, 620, 607, 374, 333, 374, 606,
  500, 239, 417, 503, 427, 529, 415, 264, 444, 518, 241, 230, 495, 228, 793, 527, 524, 524, 504, 338, 336,
  277, 517, 450, 652, 466, 452, 407, 370, 258, 370, 605,
];

const charWidth = (ch: string) => {
  const code = ch.codePointAt(0) ?? 0;
  return code >= 0x20 && code <= 0x7e ? (ASCII_WIDTHS[code - 0x20] ?? 500) : 1000;
};
const textWidth = (text: string, size: number) =>
  ([...text].reduce((sum, ch) => sum + charWidth(ch), 0) * size) / 1000;

/** Characters that may not start a line (Chinese line-breaking rules, simplified). */
const NO_LINE_START = new Set([...'，。、；：！？）》」』”’,.;:!?)]%']);

/** Breaks text into lines no wider than `width`, keeping closing punctuation on its line. */
export const wrap = (text: string, size: number, width: number) => {
  const lines: string[] = [];
  let line = '';
  for (const ch of text) {
    if (line && textWidth(line + ch, size) > width && !NO_LINE_START.has(ch)) {
      lines.push(line);
      line = ch === ' ' ? '' : ch;
    } else {
      line += ch;
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
};

/**
 * UTF-16BE hex string: the UCS-2 codes UniGB-UCS2-H maps to glyphs (BMP only; the content has no
 * others). The middle dot U+00B7 has no mapping there; U+30FB is the same glyph in GB 2312.
 */
const hex = (text: string) =>
  `<${[...text.replace(/\u00b7/g, '\u30fb')]
    .map((ch) =>
      (ch.codePointAt(0) ?? 0x3f) > 0xffff ? '003F' : (ch.codePointAt(0) ?? 0).toString(16).padStart(4, '0'),
    )
    .join('')
    .toUpperCase()}>`;

const rgb = (hexColor: string) =>
  [1, 3, 5].map((i) => (Number.parseInt(hexColor.slice(i, i + 2), 16) / 255).toFixed(3)).join(' ');

const COLORS = { text: '#1f2329', muted: '#4e5969', primary: '#1890ff', line: '#bfbfbf', header: '#e6f4ff' };

/** Lays the blocks out on pages and returns each page's content stream. */
const layout = (blocks: Block[], footer: string) => {
  const pages: string[][] = [[]];
  let y = PAGE.height - PAGE.margin;
  const ops = () => pages[pages.length - 1] as string[];
  const need = (height: number) => {
    if (y - height < PAGE.margin) {
      pages.push([]);
      y = PAGE.height - PAGE.margin;
    }
  };
  const text = (x: number, baseline: number, size: number, color: string, content: string) =>
    ops().push(
      `BT /F1 ${size} Tf ${rgb(color)} rg ${x.toFixed(2)} ${baseline.toFixed(2)} Td ${hex(content)} Tj ET`,
    );
  const lines = (content: string, size: number, leading: number, x = PAGE.margin, width = TEXT_WIDTH) => {
    for (const line of wrap(content, size, width)) {
      need(leading);
      y -= leading;
      text(x, y + (leading - size) / 2, size, COLORS.text, line);
    }
  };

  for (const block of blocks) {
    switch (block.kind) {
      case 'title': {
        for (const line of wrap(block.text, 20, TEXT_WIDTH)) {
          need(32);
          y -= 32;
          text(PAGE.margin + (TEXT_WIDTH - textWidth(line, 20)) / 2, y + 6, 20, COLORS.text, line);
        }
        y -= 6;
        ops().push(
          `${rgb(COLORS.primary)} RG 1.5 w ${PAGE.margin} ${y} m ${PAGE.margin + TEXT_WIDTH} ${y} l S`,
        );
        y -= 14;
        break;
      }
      case 'heading':
        // Kept with at least two lines of what follows, never alone at the foot of a page.
        need(80);
        y -= 12;
        ops().push(`${rgb(COLORS.primary)} rg ${PAGE.margin} ${y - 20} 3 16 re f`);
        lines(block.text, 14, 24, PAGE.margin + 10, TEXT_WIDTH - 10);
        y -= 4;
        break;
      case 'paragraph':
        lines(block.text, 11, 19);
        y -= 8;
        break;
      case 'list':
        for (const [i, item] of block.items.entries()) {
          const [first = '', ...rest] = wrap(item, 11, TEXT_WIDTH - 24);
          need(19);
          y -= 19;
          text(PAGE.margin + 6, y + 4, 11, COLORS.primary, `${i + 1}.`);
          text(PAGE.margin + 24, y + 4, 11, COLORS.text, first);
          for (const line of rest) {
            need(19);
            y -= 19;
            text(PAGE.margin + 24, y + 4, 11, COLORS.text, line);
          }
        }
        y -= 8;
        break;
      case 'table': {
        const columns = Math.max(...block.rows.map((r) => r.length));
        const cellWidth = TEXT_WIDTH / columns;
        for (const [r, row] of block.rows.entries()) {
          const wrapped = row.map((cell) => wrap(cell, 10, cellWidth - 12));
          const height = Math.max(...wrapped.map((l) => l.length)) * 15 + 10;
          need(height);
          const top = y;
          y -= height;
          if (r === 0)
            ops().push(`${rgb(COLORS.header)} rg ${PAGE.margin} ${y} ${TEXT_WIDTH} ${height} re f`);
          ops().push(`${rgb(COLORS.line)} RG 0.5 w ${PAGE.margin} ${y} ${TEXT_WIDTH} ${height} re S`);
          for (const [c, cellLines] of wrapped.entries()) {
            const x = PAGE.margin + c * cellWidth;
            if (c > 0) ops().push(`${x} ${y} m ${x} ${top} l S`);
            for (const [l, line] of cellLines.entries())
              text(x + 6, top - 17 - l * 15, 10, COLORS.text, line);
          }
        }
        y -= 14;
        break;
      }
    }
  }
  return pages.map((page, i) => {
    const label = `${footer}    第 ${i + 1} 页 / 共 ${pages.length} 页`;
    const footerOps = [
      `${rgb(COLORS.line)} RG 0.5 w ${PAGE.margin} ${FOOTER_Y + 14} m ${PAGE.margin + TEXT_WIDTH} ${FOOTER_Y + 14} l S`,
      `BT /F1 9 Tf ${rgb(COLORS.muted)} rg ${(PAGE.margin + (TEXT_WIDTH - textWidth(label, 9)) / 2).toFixed(2)} ${FOOTER_Y} Td ${hex(label)} Tj ET`,
    ];
    return [...page, ...footerOps].join('\n');
  });
};

/** A complete PDF file of the blocks, titled `title` (shown by readers in the window title). */
export const pdf = (title: string, blocks: Block[], footer: string) => {
  const streams = layout(blocks, footer);
  // Object numbers: 1 catalog, 2 pages, 3 font, 4 CID font, 5 descriptor, 6 info, then page/content pairs.
  const pageIds = streams.map((_, i) => 7 + i * 2);
  const objects: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R /ViewerPreferences << /DisplayDocTitle true >> >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`,
    '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [4 0 R] >>',
    `<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /FontDescriptor 5 0 R /DW 1000 /W [1 [${ASCII_WIDTHS.join(' ')}]] >>`,
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
    `<< /Title ${hex(`\uFEFF${title}`)} /Producer (yuexun) >>`,
  ];
  for (const [i, stream] of streams.entries()) {
    const contentId = pageIds[i] as number;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentId + 1} 0 R >>`,
    );
    const packed = deflateSync(Buffer.from(stream, 'latin1'));
    objects.push(
      Buffer.concat([
        Buffer.from(`<< /Length ${packed.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
        packed,
        Buffer.from('\nendstream', 'latin1'),
      ]),
    );
  }
  // The binary comment on line 2 tells transfer tools the file is binary (PDF 32000 §7.5.2).
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'),
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    offsets.push(offset);
    parts.push(chunk);
    offset += chunk.length;
  }
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
};
