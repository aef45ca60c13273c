/**
 * The Audit screen's filters: what the form holds (days as the date boxes give them,
 * 'YYYY-MM-DD'; an action; a person's id as text, '' for everyone) and the
 * /store/audit/list input made from it: from the start of the From day to the start of
 * the day after To, in local time, so both days are whole.
 */
import dayjs from 'dayjs';
import type { AuditAction } from '@pos/contracts';
import { parseDay, toDayString, toOffsetIso } from '../../lib/local-day';

export interface AuditFilterForm {
  from: string;
  to: string;
  /** '' for every action. */
  action: AuditAction | '';
  /** A user's id, '' for everyone. */
  actorId: string;
}

/** Days shown when the screen opens: the last 30, today included. */
export const DEFAULT_DAYS = 30;

export function defaultAuditFilters(today: Date = new Date()): AuditFilterForm {
  return {
    from: toDayString(dayjs(today).subtract(DEFAULT_DAYS - 1, 'day').toDate()) ?? '',
    to: toDayString(today) ?? '',
    action: '',
    actorId: '',
  };
}

export interface AuditQuery {
  from: string;
  to: string;
  action: AuditAction | null;
  actorId: number | null;
}

export const INVALID_DAY = 'Enter a valid date';
export const TO_BEFORE_FROM = 'To must be on or after From';

export type AuditFilterErrors = Partial<Record<'from' | 'to', string>>;

export function buildAuditQuery(form: AuditFilterForm): { ok: true; query: AuditQuery } | { ok: false; errors: AuditFilterErrors } {
  const from = parseDay(form.from);
  const to = parseDay(form.to);
  const errors: AuditFilterErrors = {};
  if (!from) errors.from = INVALID_DAY;
  if (!to) errors.to = INVALID_DAY;
  else if (from && to.isBefore(from)) errors.to = TO_BEFORE_FROM;
  if (!from || !to || errors.to) return { ok: false, errors };
  return {
    ok: true,
    query: {
      from: toOffsetIso(from),
      to: toOffsetIso(to.add(1, 'day')),
      action: form.action === '' ? null : form.action,
      actorId: form.actorId === '' ? null : Number(form.actorId),
    },
  };
}

/** The download's file name: 'audit-2026-04-02-to-2026-05-01.csv'. */
export function auditCsvFilename(form: Pick<AuditFilterForm, 'from' | 'to'>): string {
  return `audit-${form.from}-to-${form.to}.csv`;
}
