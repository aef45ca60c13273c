/**
 * Calendar days as the screens' date boxes hold them ('YYYY-MM-DD', the value of
 * Mantine's date inputs) and a local time on such a day as the server takes it: ISO 8601
 * with the local offset ('2026-12-01T07:00:00-05:00', never 'Z'), so the server learns
 * both the instant and the user's own day. On dayjs, as the date inputs are.
 */
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

const DAY_FORMAT = 'YYYY-MM-DD';

export interface TimeOfDay {
  hour: number;
  minute?: number;
  second?: number;
  millisecond?: number;
}

export const START_OF_DAY: TimeOfDay = { hour: 0 };
export const END_OF_DAY: TimeOfDay = { hour: 23, minute: 59, second: 59, millisecond: 999 };

/** Local midnight of a 'YYYY-MM-DD' text that names a real calendar day; null for anything else. */
export function parseDay(day: string | null | undefined): Dayjs | null {
  if (!day) return null;
  const parsed = dayjs(day.trim(), DAY_FORMAT, true);
  return parsed.isValid() ? parsed : null;
}

/** A moment as ISO 8601 with its local offset; milliseconds are written only when it has some. */
export function toOffsetIso(moment: Date | Dayjs): string {
  const d = dayjs(moment);
  return d.format(d.millisecond() === 0 ? 'YYYY-MM-DDTHH:mm:ssZ' : 'YYYY-MM-DDTHH:mm:ss.SSSZ');
}

/** The local time `time` on a chosen day; null for no day, or a day that does not exist. */
export function localTimeOnDay(day: string | null | undefined, time: TimeOfDay): Dayjs | null {
  const d = parseDay(day);
  return d ? d.hour(time.hour).minute(time.minute ?? 0).second(time.second ?? 0).millisecond(time.millisecond ?? 0) : null;
}

/** The local time `time` on a chosen day as the server takes it (ISO with offset); null as above. */
export function localTimeOnDayIso(day: string | null | undefined, time: TimeOfDay): string | null {
  const d = localTimeOnDay(day, time);
  return d ? toOffsetIso(d) : null;
}

/** The local calendar day of a moment as 'YYYY-MM-DD' (a date box's value); null for none. */
export function toDayString(moment: Date | null | undefined): string | null {
  if (!moment || Number.isNaN(moment.getTime())) return null;
  return dayjs(moment).format(DAY_FORMAT);
}
