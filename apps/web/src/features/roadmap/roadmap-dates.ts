/**
 * Roadmap dates (SPEC 5, 9): the dialog works in calendar days ('YYYY-MM-DD', the value
 * of Mantine's date inputs); the server gets 07:00 local time on that day as an ISO
 * date-time with the local offset; the table shows 'MMM d, yyyy' in local time.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** The hour of the day every roadmap date is sent at (SPEC 9). */
export const SEND_HOUR = 7;

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** Year, month (1-12) and day of a 'YYYY-MM-DD' text that names a real calendar day, else null. */
function parseDay(day: string): { y: number; m: number; d: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(2000, 0, 1));
  probe.setUTCFullYear(y, m - 1, d);
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) return null;
  return { y, m, d };
}

/** 07:00 local time on a calendar day. */
function localMorning(y: number, m: number, d: number): Date {
  const date = new Date(2000, 0, 1, SEND_HOUR, 0, 0, 0);
  date.setFullYear(y, m - 1, d);
  return date;
}

/** The local offset of `date` as '+hh:mm' / '-hh:mm' (east of Greenwich is positive). */
export function offsetText(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  return `${sign}${pad(Math.trunc(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

/** A local Date as ISO 8601 with its offset: '2026-12-01T07:00:00-05:00' (never 'Z'). */
export function toOffsetIso(date: Date): string {
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}${offsetText(date)}`
  );
}

/**
 * A chosen day ('YYYY-MM-DD') as the server wants it: 07:00 local time that day, ISO with
 * offset. An empty or invalid day gives null.
 */
export function toServerDate(day: string | null | undefined): string | null {
  if (!day) return null;
  const parts = parseDay(day);
  if (!parts) return null;
  return toOffsetIso(localMorning(parts.y, parts.m, parts.d));
}

const ISO_LIKE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * A date from the server (ISO text) as a Date; empty gives null, and text that is not an
 * ISO date gives null and is logged (SPEC 5). A bare 'YYYY-MM-DD' is that local day.
 */
export function fromServerDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) {
    if (!Number.isNaN(value.getTime())) return value;
  } else if (typeof value === 'string') {
    const text = value.trim();
    const day = parseDay(text);
    if (day) return localMorning(day.y, day.m, day.d);
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
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** The local calendar day of a Date as 'YYYY-MM-DD' (the dialog's value); null for none. */
export function toDayString(date: Date | null | undefined): string | null {
  if (!date || Number.isNaN(date.getTime())) return null;
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
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
