import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_LOOKUP_FORM, amountFilter, buildLookupInput, filterText, orderStatusLabel, partRefund, sameLookupInput, STATUS_FILTER_OPTIONS, statusLabel } from './lookup-filters';

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe('lookup filters', () => {
  it('trims text filters and sends empty ones as null', () => {
    expect(filterText('  A-100 ')).toBe('A-100');
    expect(filterText('   ')).toBeNull();
    expect(filterText('')).toBeNull();
  });

  it('an empty form searches without filters', () => {
    expect(buildLookupInput(EMPTY_LOOKUP_FORM)).toEqual({
      ok: true,
      input: { orderNumber: null, customer: null, itemKeyword: null, startDate: null, endDate: null, minAmount: null, maxAmount: null, status: null },
    });
  });

  it('maps every field', () => {
    const built = buildLookupInput({ orderNumber: ' A1 ', customer: ' ann ', itemKeyword: ' vase', startDate: '2026-05-01', endDate: '2026-05-03', minAmount: '10', maxAmount: '1,234.5', status: 'PENDING' });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.input).toMatchObject({
      orderNumber: 'A1',
      customer: 'ann',
      itemKeyword: 'vase',
      minAmount: { type: 'Money', value: '10000000' },
      maxAmount: { type: 'Money', value: '1234500000' },
      status: 'PENDING',
    });
    expect(Date.parse(built.input.startDate!)).toBe(new Date(2026, 4, 1, 0, 0, 0, 0).getTime());
    expect(Date.parse(built.input.endDate!)).toBe(new Date(2026, 4, 3, 23, 59, 59, 999).getTime());
  });

  it('filters by one status, or by none for any status', () => {
    expect(STATUS_FILTER_OPTIONS.map((o) => o.label)).toEqual(['Any status', 'Draft', 'Pending', 'Completed', 'Cancelled', 'Refunded']);
    const status = (value: string) => {
      const built = buildLookupInput({ ...EMPTY_LOOKUP_FORM, status: value });
      return built.ok ? built.input.status : 'refused';
    };
    expect(status('')).toBeNull();
    expect(status('CANCELLED')).toBe('CANCELLED');
    expect(status('pending')).toBeNull();
  });

  it('sends the start and end of the chosen local day with the local offset', () => {
    const days = (startDate: string, endDate: string) => {
      const built = buildLookupInput({ ...EMPTY_LOOKUP_FORM, startDate, endDate });
      return built.ok ? [built.input.startDate, built.input.endDate] : built.errors;
    };
    process.env.TZ = 'America/New_York';
    expect(days('2026-05-01', '2026-05-01')).toEqual(['2026-05-01T00:00:00-04:00', '2026-05-01T23:59:59.999-04:00']);
    expect(days('2026-01-15', '')).toEqual(['2026-01-15T00:00:00-05:00', null]);
    process.env.TZ = 'Asia/Kolkata';
    expect(days('2026-05-01', '')).toEqual(['2026-05-01T00:00:00+05:30', null]);
    process.env.TZ = 'UTC';
    expect(days('', '2024-02-29')).toEqual([null, '2024-02-29T23:59:59.999+00:00']);
  });

  it('an invalid day is an error on its field', () => {
    expect(buildLookupInput({ ...EMPTY_LOOKUP_FORM, startDate: '2026-02-30' })).toEqual({ ok: false, errors: { startDate: 'Enter a valid date' } });
    expect(buildLookupInput({ ...EMPTY_LOOKUP_FORM, startDate: '2026-13-01', endDate: 'x' })).toEqual({
      ok: false,
      errors: { startDate: 'Enter a valid date', endDate: 'Enter a valid date' },
    });
  });

  it('amounts: empty is none; bad text carries the domain message', () => {
    expect(amountFilter(' ')).toEqual({ value: null, error: null });
    expect(amountFilter('$5')).toEqual({ value: null, error: 'Invalid character in numeric payload' });
    expect(amountFilter('57.88')).toEqual({ value: 57_880_000n, error: null });
    expect(buildLookupInput({ ...EMPTY_LOOKUP_FORM, minAmount: 'abc', maxAmount: '99999999999999' })).toEqual({
      ok: false,
      errors: { minAmount: 'Invalid character in numeric payload', maxAmount: 'Money value exceeds 64-bit long bounds' },
    });
  });

  it('compares inputs by value', () => {
    const one = buildLookupInput({ ...EMPTY_LOOKUP_FORM, customer: 'ann' });
    const two = buildLookupInput({ ...EMPTY_LOOKUP_FORM, customer: ' ann ' });
    expect(one.ok && two.ok && sameLookupInput(one.input, two.input)).toBe(true);
    expect(sameLookupInput(null, one.ok ? one.input : null)).toBe(false);
  });

  it('names statuses for the results', () => {
    expect(statusLabel('COMPLETED')).toBe('Completed');
    expect(statusLabel('DRAFT')).toBe('Draft');
    expect(statusLabel('ODD')).toBe('ODD');
  });
});

describe('a partly refunded order', () => {
  const M = (v: string) => ({ type: 'Money' as const, value: v });
  it("reads 'Partly refunded' with what is left; an order without refunds keeps its status", () => {
    const order = { status: 'COMPLETED', total: M('50000000'), refunds: [{ amount: M('12500000') }] };
    expect(partRefund(order)).toEqual({ refunded: 12_500_000n, left: 37_500_000n });
    expect(orderStatusLabel(order)).toBe('Partly refunded');
    expect(orderStatusLabel({ status: 'COMPLETED', total: M('50000000'), refunds: [] })).toBe('Completed');
    expect(partRefund({ status: 'REFUNDED', total: M('50000000'), refunds: [{ amount: M('50000000') }] })).toBeNull();
  });
});
