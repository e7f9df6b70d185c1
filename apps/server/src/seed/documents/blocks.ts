/** The content of a generated document, independent of its format (PDF, DOCX, text). */
export type Block =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] }
  /** The first row is the header. */
  | { kind: 'table'; rows: string[][] };

/** Plain text (for .txt), lines joined with CRLF so that every Windows editor shows them as lines. */
export const plainText = (blocks: Block[]) => {
  const lines: string[] = [];
  for (const block of blocks) {
    switch (block.kind) {
      case 'title':
        lines.push(block.text, '='.repeat(24), '');
        break;
      case 'heading':
        lines.push(block.text, '-'.repeat(16));
        break;
      case 'paragraph':
        lines.push(block.text, '');
        break;
      case 'list':
        lines.push(...block.items.map((item, i) => `${i + 1}. ${item}`), '');
        break;
      case 'table':
        lines.push(...block.rows.map((row) => row.join('\t')), '');
        break;
    }
  }
  return Buffer.from(`${lines.join('\r\n').trimEnd()}\r\n`, 'utf8');
};

/** CSV for Excel: UTF-8 with a byte-order mark (or Excel guesses GBK), CRLF, fields quoted when needed. */
export const csv = (rows: string[][]) => {
  const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return Buffer.from(`\uFEFF${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`, 'utf8');
};
