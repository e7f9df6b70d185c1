import dayjs from 'dayjs';

/** Instants are stored in UTC and shown in the browser's zone (Beijing time for the staff). */
export const showTime = (iso: string | null | undefined) =>
  iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '-';
