/**
 * Roadmap dates: the dialog works in calendar days ('YYYY-MM-DD', the value of Mantine's
 * date inputs); the server gets 07:00 local time on that day as an ISO date-time with
 * the local offset; the table shows 'MMM d, yyyy' ('Dec 1, 2026') in local time.
 */
import dayjs from 'dayjs';
import { localTimeOnDay, localTimeOnDayIso, parseDay, type TimeOfDay } from '../../lib/local-day';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** Every roadmap date is sent at 07:00 local time on its day. */
export const SEND_TIME: TimeOfDay = { hour: 7 };

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

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

/**
 * What a user types into a date box, as 'YYYY-MM-DD' or null while it is not a whole
 * date yet: '2026-12-01', '12/1/2026' (month first) or 'Dec 1, 2026' (the shown format,
 * any case, full month names too). Half-typed text never jumps to a surprising date.
 */
export function parseTypedDate(text: string): string | null {
  const t = text.trim();
  let y: number;
  let m: number;
  let d: number;
  let match: RegExpExecArray | null;
  if ((match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t))) {
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else if ((match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t))) {
    [m, d, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else if ((match = /^([a-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/i.exec(t))) {
    const name = (match[1] ?? '').toLowerCase();
    const index = MONTHS.findIndex((mon, i) => name === mon.toLowerCase() || name === MONTH_NAMES[i]);
    if (index < 0) return null;
    [m, d, y] = [index + 1, Number(match[2]), Number(match[3])];
  } else {
    return null;
  }
  const day = `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
  return parseDay(day) ? day : null;
}
