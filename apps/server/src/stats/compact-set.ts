/**
 * Sets and counters of 32-bit numbers in typed arrays (open addressing, linear probing): 4 bytes a slot
 * instead of the ~50 a JavaScript Set spends per entry, and nothing for the garbage collector to walk.
 * They grow by doubling up to a fixed number of entries; past it `add` refuses (returns null), so the
 * memory of a flood of made-up visitors stops at the cap. 0 marks an empty slot: the value 0 is kept as 1.
 */
const MIN_SLOTS = 8;

/** Spreads the bits of a value over the slot index (the visitor hashes are random already; ids need it). */
const slotOf = (value: number, mask: number) => (Math.imul(value, 0x9e3779b1) >>> 0) & mask;

export class Uint32Set {
  private slots: Uint32Array;
  size = 0;

  constructor(
    /** Entries at most; the slots stay at most twice that. */
    readonly maxSize: number,
  ) {
    this.slots = new Uint32Array(MIN_SLOTS);
  }

  /** Bytes held (for the bound stated in decision 038). */
  get bytes() {
    return this.slots.byteLength;
  }

  has(value: number) {
    const v = value >>> 0 || 1;
    const mask = this.slots.length - 1;
    for (let i = slotOf(v, mask); ; i = (i + 1) & mask) {
      const at = this.slots[i];
      if (at === 0) return false;
      if (at === v) return true;
    }
  }

  /** true when added, false when already there, null when full. */
  add(value: number): boolean | null {
    const v = value >>> 0 || 1;
    if (this.has(v)) return false;
    if (this.size >= this.maxSize) return null;
    if ((this.size + 1) * 2 > this.slots.length) this.grow();
    this.put(this.slots, v);
    this.size++;
    return true;
  }

  /** Every value, in no order. */
  *values() {
    for (const v of this.slots) if (v !== 0) yield v;
  }

  private put(slots: Uint32Array, v: number) {
    const mask = slots.length - 1;
    let i = slotOf(v, mask);
    while (slots[i] !== 0) i = (i + 1) & mask;
    slots[i] = v;
  }

  private grow() {
    const bigger = new Uint32Array(this.slots.length * 2);
    for (const v of this.slots) if (v !== 0) this.put(bigger, v);
    this.slots = bigger;
  }
}

/** Small counts (saturating at 255) per 32-bit key, in a set of keys and a parallel byte array. */
export class Uint32Counter {
  private keys: Uint32Array;
  private counts: Uint8Array;
  size = 0;

  constructor(readonly maxSize: number) {
    this.keys = new Uint32Array(MIN_SLOTS);
    this.counts = new Uint8Array(MIN_SLOTS);
  }

  get bytes() {
    return this.keys.byteLength + this.counts.byteLength;
  }

  /** The key's count. */
  get(key: number) {
    const i = this.find(key >>> 0 || 1);
    return i < 0 ? 0 : (this.counts[i] ?? 0);
  }

  /** Adds one to the key's count and returns it; null when the key is new and the counter full. */
  increment(key: number): number | null {
    const k = key >>> 0 || 1;
    let i = this.find(k);
    if (i < 0) {
      if (this.size >= this.maxSize) return null;
      if ((this.size + 1) * 2 > this.keys.length) this.grow();
      i = this.slotFor(this.keys, k);
      this.keys[i] = k;
      this.size++;
    }
    const n = Math.min(255, (this.counts[i] ?? 0) + 1);
    this.counts[i] = n;
    return n;
  }

  private find(k: number) {
    const mask = this.keys.length - 1;
    for (let i = slotOf(k, mask); ; i = (i + 1) & mask) {
      const at = this.keys[i];
      if (at === 0) return -1;
      if (at === k) return i;
    }
  }

  private slotFor(keys: Uint32Array, k: number) {
    const mask = keys.length - 1;
    let i = slotOf(k, mask);
    while (keys[i] !== 0) i = (i + 1) & mask;
    return i;
  }

  private grow() {
    const keys = new Uint32Array(this.keys.length * 2);
    const counts = new Uint8Array(this.keys.length * 2);
    this.keys.forEach((k, i) => {
      if (k === 0) return;
      const j = this.slotFor(keys, k);
      keys[j] = k;
      counts[j] = this.counts[i] ?? 0;
    });
    this.keys = keys;
    this.counts = counts;
  }
}
