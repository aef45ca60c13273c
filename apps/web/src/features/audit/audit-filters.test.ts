import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '@pos/contracts';
import { auditCsvFilename, buildAuditQuery, defaultAuditFilters, INVALID_DAY, TO_BEFORE_FROM } from './audit-filters';
import { collectAuditEvents, exportEnd } from './audit-export';

describe('the audit filters', () => {
  it('open on the last 30 days, today included, every action and everyone', () => {
    expect(defaultAuditFilters(new Date(2026, 4, 10, 15, 0))).toEqual({ from: '2026-04-11', to: '2026-05-10', action: '', actorId: '' });
  });

  it('ask for whole days: from the start of From to the start of the day after To, with the local offset', () => {
    const built = buildAuditQuery({ from: '2026-04-01', to: '2026-04-30', action: 'PAYMENT_METHOD_UPDATE', actorId: '12' });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.query.action).toBe('PAYMENT_METHOD_UPDATE');
    expect(built.query.actorId).toBe(12);
    expect(built.query.from).toMatch(/^2026-04-01T00:00:00[+-]\d\d:\d\d$/);
    expect(built.query.to).toMatch(/^2026-05-01T00:00:00[+-]\d\d:\d\d$/);
    expect(new Date(built.query.from).getTime()).toBe(new Date(2026, 3, 1).getTime());
    expect(new Date(built.query.to).getTime()).toBe(new Date(2026, 4, 1).getTime());
    expect(buildAuditQuery({ from: '2026-04-01', to: '2026-04-01', action: '', actorId: '' })).toMatchObject({ ok: true, query: { action: null, actorId: null } });
  });

  it('refuse a missing or impossible day, and To before From', () => {
    expect(buildAuditQuery({ from: '', to: '2026-04-30', action: '', actorId: '' })).toEqual({ ok: false, errors: { from: INVALID_DAY } });
    expect(buildAuditQuery({ from: '2026-02-30', to: '', action: '', actorId: '' })).toEqual({ ok: false, errors: { from: INVALID_DAY, to: INVALID_DAY } });
    expect(buildAuditQuery({ from: '2026-05-02', to: '2026-05-01', action: '', actorId: '' })).toEqual({ ok: false, errors: { to: TO_BEFORE_FROM } });
  });

  it('name the download after the days', () => {
    expect(auditCsvFilename({ from: '2026-04-01', to: '2026-04-30' })).toBe('audit-2026-04-01-to-2026-04-30.csv');
  });
});

describe('the export', () => {
  const ev = (id: number) => ({ id }) as AuditEvent;

  it('reads every page until the total, and keeps an event pushed onto the next page once', async () => {
    const asked: [number, number][] = [];
    const pages: Record<number, AuditEvent[]> = {
      1: Array.from({ length: 500 }, (_, i) => ev(1000 - i)),
      // A new event arrived: the last of page 1 comes again first on page 2.
      2: [ev(501), ...Array.from({ length: 499 }, (_, i) => ev(500 - i))],
      3: [ev(1)],
    };
    const events = await collectAuditEvents((page, pageSize) => {
      asked.push([page, pageSize]);
      return Promise.resolve({ events: pages[page] ?? [], totalEvents: 1001 });
    });
    expect(asked).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
    ]);
    expect(events.map((e) => e.id)).toEqual(Array.from({ length: 1000 }, (_, i) => 1000 - i));
  });

  it('stops at an empty page', async () => {
    await expect(collectAuditEvents(() => Promise.resolve({ events: [], totalEvents: 3 }))).resolves.toEqual([]);
  });

  it('ends the window now when To is later', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    expect(exportEnd('2026-05-02T00:00:00-04:00', now)).toBe('2026-05-01T12:00:00.000Z');
    expect(exportEnd('2026-05-01T00:00:00-04:00', now)).toBe('2026-05-01T00:00:00-04:00');
  });
});
