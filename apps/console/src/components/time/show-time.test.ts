import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { describe, expect, it } from 'vitest';
import { showTime } from './show-time';

dayjs.extend(utc);
dayjs.extend(timezone);

describe('showTime (Intl, no dayjs)', () => {
  it('reads as dayjs in Beijing time did, midnight and year ends included', () => {
    for (const iso of [
      '2026-11-23T03:47:00.000Z',
      '2026-11-27T16:00:00.000Z',
      '2026-12-31T15:59:59.000Z',
      '2026-12-31T16:00:00.000Z',
      '2024-02-28T17:05:00+00:00',
      '1999-07-01T00:00:00Z',
    ]) {
      expect(showTime(iso)).toBe(dayjs(iso).tz('Asia/Shanghai').format('YYYY-MM-DD HH:mm'));
    }
  });
  it('shows - for no time', () => {
    expect(showTime(null)).toBe('-');
    expect(showTime(undefined)).toBe('-');
    expect(showTime('')).toBe('-');
  });
});
