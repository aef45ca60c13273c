/**
 * Every event of a filter, for the CSV: read page after page (the largest pages the
 * server gives) until the total is reached. An event written while the pages are read
 * moves the older ones one place down, so an event can come twice: it is kept once.
 */
import { AUDIT_PAGE_SIZE_MAX, type AuditEvent } from '@pos/contracts';

export interface AuditPage {
  events: AuditEvent[];
  totalEvents: number;
}

export async function collectAuditEvents(fetchPage: (page: number, pageSize: number) => Promise<AuditPage>): Promise<AuditEvent[]> {
  const kept = new Map<number, AuditEvent>();
  for (let page = 1; ; page++) {
    const { events, totalEvents } = await fetchPage(page, AUDIT_PAGE_SIZE_MAX);
    for (const event of events) if (!kept.has(event.id)) kept.set(event.id, event);
    if (events.length === 0 || page * AUDIT_PAGE_SIZE_MAX >= totalEvents) break;
  }
  return [...kept.values()];
}

/** The end of an export's window: `to`, or now when `to` is later, so events written during the export stay out. */
export function exportEnd(to: string, now: Date = new Date()): string {
  return Date.parse(to) > now.getTime() ? now.toISOString() : to;
}
