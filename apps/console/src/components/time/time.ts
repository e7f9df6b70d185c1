import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { CONSOLE_TIME_ZONE } from './show-time';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The one place the console turns instants into what people read or pick, and back: every date is
 * Beijing time whatever the computer's zone (tested with the browser in New York, e2e/console/time-zone).
 */

/** Beijing time, and instants shown in it, without dayjs (show-time.ts: the phone lead page needs no dayjs). */
export { CONSOLE_TIME_ZONE, showTime } from './show-time';

/** An instant as a date-picker value showing Beijing wall-clock time. */
export const toPickerValue = (iso: string) =>
  dayjs(dayjs(iso).tz(CONSOLE_TIME_ZONE).format('YYYY-MM-DD HH:mm'));

/**
 * A date-picker value (a Dayjs, or the text a Pro form field hands over) read as Beijing wall-clock
 * time → the instant (ISO 8601, UTC).
 */
export const fromPickerValue = (value: Dayjs | string) =>
  dayjs.tz(dayjs(value).format('YYYY-MM-DD HH:mm:ss'), CONSOLE_TIME_ZONE).toISOString();

/** Now in Beijing, as a date-picker value (for "not before today" rules). */
export const pickerNow = () => toPickerValue(new Date().toISOString());

/**
 * Calendar days picked in a range filter (YYYY-MM-DD, Beijing) → the instants the server compares:
 * from the first day's midnight in Beijing up to (not including) the midnight after the last day.
 */
export const dayRangeInstants = ([first, last]: [string, string]) => ({
  from: dayjs.tz(first, CONSOLE_TIME_ZONE).toISOString(),
  to: dayjs.tz(last, CONSOLE_TIME_ZONE).add(1, 'day').toISOString(),
});

/** The inverse of dayRangeInstants: a saved filter's instants → the days the range picker shows. */
export const instantsDayRange = (from: string, to: string): [string, string] => [
  dayjs(from).tz(CONSOLE_TIME_ZONE).format('YYYY-MM-DD'),
  dayjs(to).tz(CONSOLE_TIME_ZONE).subtract(1, 'day').format('YYYY-MM-DD'),
];
