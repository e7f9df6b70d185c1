/**
 * A map kept in two generations: the current one takes new entries; when it is full or older than the
 * window it becomes the previous one and the previous one is dropped whole (no per-entry bookkeeping). This
 * bounds the views the recorder remembers for their beacon without a timer or a per-entry expiry.
 */
export class Generations<V> {
  private current = new Map<string, V>();
  private previous = new Map<string, V>();
  private since = Date.now();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  get(key: string) {
    return this.current.get(key) ?? this.previous.get(key);
  }

  set(key: string, value: V) {
    if (this.current.size >= this.max / 2) this.rotate();
    this.current.set(key, value);
  }

  rotateIfOld(now = Date.now()) {
    if (now - this.since > this.windowMs) this.rotate();
  }

  private rotate() {
    this.previous = this.current;
    this.current = new Map();
    this.since = Date.now();
  }
}
