/**
 * Answers kept as their JSON text. A public read served from the read cache is the same object for every
 * visitor until the next change; serialising it once instead of on every request saves most of a cached
 * answer's time and its garbage (issue 20). The object stays an ordinary envelope for the code that
 * handles it; only the serialiser looks its text up here.
 */
const texts = new WeakMap<object, string>();

/** The answer with its JSON text computed now and reused by every later send of the same object. */
export const serialisedOnce = <T extends object>(answer: T): T => {
  texts.set(answer, JSON.stringify(answer));
  return answer;
};

/** Fastify's serialiser for every route: the kept text when there is one, JSON.stringify otherwise. */
export const serialise = (data: unknown): string =>
  (typeof data === 'object' && data !== null && texts.get(data)) || JSON.stringify(data);
