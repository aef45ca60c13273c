/**
 * Roadmap dates: the dialog works in calendar days ('YYYY-MM-DD', the value of
 * the date boxes); the server gets 07:00 local time on that day as an ISO date-time with
 * the local offset; the table shows 'MMM d, yyyy' ('Dec 1, 2026') in local time.
 */
import dayjs from 'dayjs';
import { localTimeOnDay, localTimeOnDayIso, type TimeOfDay } from '../../lib/local-day';

/** Every roadmap date is sent at 07:00 local time on its day. */
export const SEND_TIME: TimeOfDay = { hour: 7 };

/**
 * A chosen day ('YYYY-MM-DD') as the server wants it: 07:00 local time that day, ISO with
 * offset. An empty or invalid day gives null.
 */
export function toServerDate(day: string | null | undefined): string | null {
  return localTimeOnDayIso(day, SEND_TIME);
}

const ISO_LIKE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * A date from the server (ISO text) as a Date; empty gives null, and text that is not an
 * ISO date gives null and is logged. A bare 'YYYY-MM-DD' is that local day.
 */
export function fromServerDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) {
    if (!Number.isNaN(value.getTime())) return value;
  } else if (typeof value === 'string') {
    const text = value.trim();
    const day = localTimeOnDay(text, SEND_TIME);
    if (day) return day.toDate();
    if (ISO_LIKE.test(text)) {
      const date = new Date(text);
      if (!Number.isNaN(date.getTime())) return date;
    }
  }
  console.warn('Roadmap: unparseable date from the server', value);
  return null;
}

/** 'MMM d, yyyy' in local time ('Dec 1, 2026'); '' for no date. */
export function toDisplayDate(date: Date | null | undefined): string {
  if (!date || Number.isNaN(date.getTime())) return '';
  return dayjs(date).format('MMM D, YYYY');
}
