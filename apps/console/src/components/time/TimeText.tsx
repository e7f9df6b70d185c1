import { showTime } from './show-time';

/** A date and time read left to right also inside a right-to-left page ("2026-11-23 11:47", not "11:47 2026-11-23"). */
export function TimeText({ iso }: { iso: string | null | undefined }) {
  return <span dir="ltr">{showTime(iso)}</span>;
}
