/**
 * Instants as people read them, without dayjs: the phone lead page (decision 065) shows times and must not
 * carry dayjs and its time-zone plugins for it. time.ts re-exports these, so the console reads the same.
 */

/** The staff work in Beijing time whatever their computer's zone says (the site shows the same). */
export const CONSOLE_TIME_ZONE = 'Asia/Shanghai';

const format = new Intl.DateTimeFormat('en-US', {
  timeZone: CONSOLE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Instants are stored in UTC and shown in Beijing time ("2026-11-23 11:47"; '-' for none or a bad one). */
export const showTime = (iso: string | null | undefined) => {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  const part: Record<string, string> = {};
  for (const { type, value } of format.formatToParts(date)) part[type] = value;
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
};
