import { highlightParts } from '../../lib/highlight';

/** Text with the search words marked (<mark>), escaped by React like any text. */
export default function Highlighted({ text, words }: { text: string; words: readonly string[] }) {
  return (
    <>
      {highlightParts(text, words).map((part, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: parts have no identity but their place
        part.hit ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
      )}
    </>
  );
}
