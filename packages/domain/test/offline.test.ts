import { describe, expect, it } from 'vitest';
import { MICRO, OFFLINE_LIMIT_DEFAULTS, offlineSaleRefusal, type OfflineLimits } from '../src/index';

const limits: OfflineLimits = { offlineMaxSales: 3, offlineMaxTotal: 100n * MICRO, offlineMaxHours: 24 };
const now = new Date('2026-11-27T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

describe('offlineSaleRefusal', () => {
  it('lets a sale within every limit through', () => {
    expect(offlineSaleRefusal(limits, { pending: 2, pendingTotal: 50n * MICRO, offlineSince: hoursAgo(23) }, 50n * MICRO, now)).toBeNull();
  });

  it('refuses the sale past the count of sales a till may keep waiting', () => {
    const refusal = offlineSaleRefusal(limits, { pending: 3, pendingTotal: 0n, offlineSince: null }, MICRO, now);
    expect(refusal).toContain('already has 3 sales waiting');
    expect(refusal).toContain('(3)');
  });

  it('refuses the sale that takes the waiting total past the money limit, naming both amounts', () => {
    expect(offlineSaleRefusal(limits, { pending: 1, pendingTotal: 60n * MICRO, offlineSince: null }, 40n * MICRO, now)).toBeNull();
    const refusal = offlineSaleRefusal(limits, { pending: 1, pendingTotal: 60n * MICRO, offlineSince: null }, 40n * MICRO + 10_000n, now);
    expect(refusal).toContain('$100.01');
    expect(refusal).toContain('$100.00');
  });

  it('does not let a sale below zero make room under the money limit', () => {
    expect(offlineSaleRefusal(limits, { pending: 1, pendingTotal: 101n * MICRO, offlineSince: null }, -5n * MICRO, now)).toContain('$101.00');
  });

  it('refuses selling once the till has been away from the server longer than the hours limit', () => {
    expect(offlineSaleRefusal(limits, { pending: 0, pendingTotal: 0n, offlineSince: hoursAgo(24) }, MICRO, now)).toBeNull();
    expect(offlineSaleRefusal(limits, { pending: 0, pendingTotal: 0n, offlineSince: new Date(hoursAgo(24).getTime() - 1) }, MICRO, now)).toContain('more than 24 hours');
  });

  it('starts a store at 50 sales, $2,000.00 and 24 hours', () => {
    expect(OFFLINE_LIMIT_DEFAULTS).toEqual({ offlineMaxSales: 50, offlineMaxTotal: 2000n * MICRO, offlineMaxHours: 24 });
  });
});
