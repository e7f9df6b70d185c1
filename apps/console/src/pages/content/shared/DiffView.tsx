/**
 * A readable word diff of two values: HTML reduced to its text, Chinese split into words with
 * Intl.Segmenter (jsdiff's diffWords alone would treat a whole Chinese sentence as one word).
 */
import { diffWords } from 'diff';
import styles from './diff.module.css';

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** Text as a reader sees it: tags dropped, block ends as line breaks, entities decoded. */
export const readable = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(readable).join('、');
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  if (!/[<&]/.test(text)) return text;
  const doc = new DOMParser().parseFromString(
    text.replace(/<\/(p|h\d|li|blockquote|div)>/gi, '</$1>\n').replace(/<br\s*\/?>/gi, '\n'),
    'text/html',
  );
  return (doc.body.textContent ?? '').trim();
};

export function DiffView({ before, after }: { before: unknown; after: unknown }) {
  const parts = diffWords(readable(before), readable(after), { intlSegmenter: segmenter });
  return (
    <p className={styles.diff}>
      {parts.map((part, i) =>
        part.added ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts have no identity beyond their order
          <ins key={i}>{part.value}</ins>
        ) : part.removed ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <del key={i}>{part.value}</del>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={i}>{part.value}</span>
        ),
      )}
    </p>
  );
}
