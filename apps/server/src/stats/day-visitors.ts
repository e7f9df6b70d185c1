/**
 * The day's visitors as this instance has seen them (decision 038): their hashes' low 32 bits in one compact
 * set, for landing pages, and a count per address, so a flood of made-up user agents from one address adds one
 * visitor more, not one per user agent. A new Beijing day starts a new DayVisitors.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Uint32Counter, Uint32Set } from './compact-set';
import { type VisitorHasher, visitorHash } from './visitor';

/** Distinct visitors one address counts a day on one instance; more user agents from it are one visitor. */
export const MAX_VISITORS_PER_ADDRESS = 50;
/** Visitors remembered per day (8 MB of slots at most); past it a visitor no longer starts a landing page. */
const MAX_DAY_VISITORS = 1_000_000;
/** Addresses whose visitors are counted per day (2.5 MB at most); past it new addresses are not bounded. */
const MAX_ADDRESSES = 250_000;

/** What identifies a visitor of a view. */
interface Visit {
  address: string;
  userAgent: string;
}

export class DayVisitors {
  private readonly visitors = new Uint32Set(MAX_DAY_VISITORS);
  private readonly addresses = new Uint32Counter(MAX_ADDRESSES);
  private full = false;

  constructor(
    private readonly hasher: VisitorHasher,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Bytes the two structures hold now. */
  get bytes() {
    return this.visitors.bytes + this.addresses.bytes;
  }

  /**
   * The visitor a view counts for, and whether it is new here today: the browser's own hash `raw`, or past
   * MAX_VISITORS_PER_ADDRESS new browsers from one address today, the address's one stand-in. With
   * `peek` nothing is remembered (a beacon adding a width band).
   */
  counted(view: Visit, day: string, raw: number, peek = false) {
    if (this.visitors.has(raw)) return { visitor: raw, isNew: false };
    const salt = this.hasher.saltOf(day);
    const addressKey = visitorHash(salt, view.address, '');
    const used = peek ? this.addresses.get(addressKey) : this.addresses.increment(addressKey);
    if (used !== null && used > MAX_VISITORS_PER_ADDRESS) {
      const stand = visitorHash(salt, view.address, '\u0000more');
      return { visitor: stand, isNew: !peek && this.visitors.add(stand) === true };
    }
    if (peek) return { visitor: raw, isNew: false };
    const added = this.visitors.add(raw);
    if (added === null && !this.full) {
      this.full = true;
      this.log.warn({ day }, 'statistics: too many visitors to remember today; no more landing pages');
    }
    return { visitor: raw, isNew: added === true };
  }
}
