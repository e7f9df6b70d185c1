/**
 * At most `limit` site renders at once; the others wait their turn, first come first served.
 * A render is mostly work on the server's one JavaScript thread. Twenty renders started together
 * (a crawler's sweep of pages the page cache does not hold) finish no sooner than twenty in turn,
 * but while they run, every request the page cache or a static file would answer in a fraction of a
 * millisecond waits behind all of their slices. With a few at once the thread and the database's stay
 * busy and a cached page waits behind a few slices only (docs/decisions/039-uncached-render-cost.md).
 */
export class RenderQueue {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(render: () => Promise<T>): Promise<T> {
    if (this.active < this.limit) this.active++;
    // The slot is handed over by the render that finishes (active stays the same).
    else await new Promise<void>((start) => this.waiting.push(start));
    try {
      return await render();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }

  /** Renders waiting for a slot (for tests and metrics). */
  get queued() {
    return this.waiting.length;
  }
}
