/** Splits text into plain and found parts (the search words, any case) for <mark>; no HTML is built. */
export interface TextPart {
  text: string;
  hit: boolean;
}

const escapeRegExp = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const highlightParts = (text: string, words: readonly string[]): TextPart[] => {
  const wanted = words.filter(Boolean).sort((a, b) => b.length - a.length);
  if (wanted.length === 0 || !text) return text ? [{ text, hit: false }] : [];
  const pattern = new RegExp(`(${wanted.map(escapeRegExp).join('|')})`, 'giu');
  return text
    .split(pattern)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, hit: wanted.some((w) => w === part.toLowerCase()) }));
};
