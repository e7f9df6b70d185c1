/**
 * Reads until the answer is done, every 50 ms, failing after `ms` with what was awaited: for what a server
 * does after it has answered (an outbox delivery, a stand-in's request), which a busy machine may delay.
 */
export const until = async <T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  what: string,
  ms = 30_000,
) => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};
