/**
 * Beacons per client address per minute, counted in memory (a beacon is worth too little for a database
 * round trip). A flood from one address costs a map lookup per request; the map is bounded, and when
 * too many addresses are seen within one minute the newcomers are refused until it turns.
 */
const WINDOW_MS = 60_000;
const MAX_ADDRESSES = 50_000;

export class BeaconLimit {
  private counts = new Map<string, number>();
  private windowStart = Date.now();

  constructor(private readonly perMinute: number) {}

  take(address: string, now = Date.now()): boolean {
    if (now - this.windowStart >= WINDOW_MS) {
      this.counts.clear();
      this.windowStart = now;
    }
    const used = this.counts.get(address);
    if (used === undefined) {
      if (this.counts.size >= MAX_ADDRESSES) return false;
      this.counts.set(address, 1);
      return true;
    }
    if (used >= this.perMinute) return false;
    this.counts.set(address, used + 1);
    return true;
  }
}
