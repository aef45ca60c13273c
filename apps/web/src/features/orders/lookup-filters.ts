/**
 * The order lookup's filters (SPEC 5): what the form holds (text as typed), and the
 * /order/lookup input made from it: text filters trimmed, empty means none; the start
 * and end days sent as the start and the end of that local day, ISO with offset; the
 * amounts parsed as money (empty means none, unparsable text is an error on the field).
 */
import { DomainError, parseMoney } from '@pos/domain';
import { toMoneyWire, type MoneyWire } from '@pos/contracts';

export interface LookupForm {
  orderNumber: string;
  customer: string;
  itemKeyword: string;
  /** 'YYYY-MM-DD' (a date input's value) or ''. */
  startDate: string;
  endDate: string;
  minAmount: string;
  maxAmount: string;
}

export const EMPTY_LOOKUP_FORM: LookupForm = { orderNumber: '', customer: '', itemKeyword: '', startDate: '', endDate: '', minAmount: '', maxAmount: '' };

export interface LookupInput {
  orderNumber: string | null;
  customer: string | null;
  itemKeyword: string | null;
  startDate: string | null;
  endDate: string | null;
  minAmount: MoneyWire | null;
  maxAmount: MoneyWire | null;
}

export type LookupFormErrors = Partial<Record<keyof LookupForm, string>>;

export type LookupBuild = { ok: true; input: LookupInput } | { ok: false; errors: LookupFormErrors };

/** Trimmed text, or null when nothing is left. */
export function filterText(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** Year, month (1-12) and day of a 'YYYY-MM-DD' that names a real calendar day, else null. */
export function parseDay(day: string): { y: number; m: number; d: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(2000, 0, 1));
  probe.setUTCFullYear(y, m - 1, d);
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) return null;
  return { y, m, d };
}

/** The local offset of `date` as '+hh:mm' / '-hh:mm' (east of Greenwich is positive). */
export function offsetText(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  return `${sign}${pad(Math.trunc(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

/** A local time as ISO 8601 with milliseconds and its offset: '2026-05-01T00:00:00.000-04:00'. */
export function toOffsetIso(date: Date): string {
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}${offsetText(date)}`
  );
}

function localTime(y: number, m: number, d: number, h: number, min: number, s: number, ms: number): Date {
  const date = new Date(2000, 0, 1, h, min, s, ms);
  date.setFullYear(y, m - 1, d);
  return date;
}

/** The first moment of a local calendar day ('YYYY-MM-DD'), ISO with offset; null when empty or invalid. */
export function startOfDayIso(day: string): string | null {
  const p = parseDay(day);
  return p ? toOffsetIso(localTime(p.y, p.m, p.d, 0, 0, 0, 0)) : null;
}

/** The last millisecond of a local calendar day, ISO with offset; null when empty or invalid. */
export function endOfDayIso(day: string): string | null {
  const p = parseDay(day);
  return p ? toOffsetIso(localTime(p.y, p.m, p.d, 23, 59, 59, 999)) : null;
}

/** An amount filter: '' means none; otherwise money text parsed by the domain's rules. */
export function amountFilter(text: string): { value: bigint | null; error: string | null } {
  if (text.trim() === '') return { value: null, error: null };
  try {
    return { value: parseMoney(text), error: null };
  } catch (e) {
    if (e instanceof DomainError) return { value: null, error: e.message };
    throw e;
  }
}

export const INVALID_DATE = 'Enter a valid date';

/** The lookup input for the form, or the errors to show on its fields. */
export function buildLookupInput(form: LookupForm): LookupBuild {
  const errors: LookupFormErrors = {};
  const startDate = startOfDayIso(form.startDate);
  const endDate = endOfDayIso(form.endDate);
  if (form.startDate.trim() !== '' && startDate === null) errors.startDate = INVALID_DATE;
  if (form.endDate.trim() !== '' && endDate === null) errors.endDate = INVALID_DATE;
  const min = amountFilter(form.minAmount);
  const max = amountFilter(form.maxAmount);
  if (min.error) errors.minAmount = min.error;
  if (max.error) errors.maxAmount = max.error;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    input: {
      orderNumber: filterText(form.orderNumber),
      customer: filterText(form.customer),
      itemKeyword: filterText(form.itemKeyword),
      startDate,
      endDate,
      minAmount: min.value === null ? null : toMoneyWire(min.value),
      maxAmount: max.value === null ? null : toMoneyWire(max.value),
    },
  };
}

export function sameLookupInput(a: LookupInput | null, b: LookupInput | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' };
let localDateTime: Intl.DateTimeFormat | null = null;

/** An order's date-time, in local time unless a zone is given: 'May 1, 2026, 3:04 PM'; '' when unparseable. */
export function formatOrderDate(iso: string, timeZone?: string): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return '';
  const format = timeZone ? new Intl.DateTimeFormat('en-US', { ...DATE_TIME_OPTIONS, timeZone }) : (localDateTime ??= new Intl.DateTimeFormat('en-US', DATE_TIME_OPTIONS));
  return format.format(new Date(ms));
}

const STATUS_LABELS: Record<string, string> = {
  DRAFT: 'Draft',
  PENDING: 'Pending',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
  REFUNDED: 'Refunded',
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}
