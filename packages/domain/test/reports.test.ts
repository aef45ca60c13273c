/**
 * The reports' rules: the periods a preset covers in the store's days (weeks start on
 * Monday, last month across a year's end), the longest period, and the drawer's cash.
 */
import { describe, expect, it } from 'vitest';
import { expectedCash, overShort, overShortWord, parseMoney, presetRange, reportPeriodProblem, weekStart } from '../src';

const $ = parseMoney;

describe('presets', () => {
  it('covers today, yesterday, this week from Monday, this month so far and the whole of last month', () => {
    expect(presetRange('today', '2026-03-11')).toEqual({ from: '2026-03-11', to: '2026-03-11' });
    expect(presetRange('yesterday', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(presetRange('thisWeek', '2026-03-11')).toEqual({ from: '2026-03-09', to: '2026-03-11' }); // a Wednesday
    expect(presetRange('thisWeek', '2026-03-15')).toEqual({ from: '2026-03-09', to: '2026-03-15' }); // a Sunday
    expect(presetRange('thisMonth', '2026-03-11')).toEqual({ from: '2026-03-01', to: '2026-03-11' });
    expect(presetRange('lastMonth', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('lastMonth', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(presetRange('custom', '2026-03-11')).toBeNull();
  });

  it('starts weeks on Monday', () => {
    expect(['2026-03-09', '2026-03-10', '2026-03-14', '2026-03-15'].map(weekStart)).toEqual(['2026-03-09', '2026-03-09', '2026-03-09', '2026-03-09']);
    expect(weekStart('2026-03-16')).toBe('2026-03-16');
  });
});

describe('periods', () => {
  it('refuses a period backwards or longer than 366 days', () => {
    expect(reportPeriodProblem('2026-01-01', '2026-01-01')).toBeNull();
    expect(reportPeriodProblem('2024-01-01', '2024-12-31')).toBeNull();
    expect(reportPeriodProblem('2024-01-01', '2025-01-01')).toBe('A report covers at most 366 days');
    expect(reportPeriodProblem('2026-01-02', '2026-01-01')).toBe('From must be on or before To');
  });
});

describe('the drawer', () => {
  it('expects opening + cash tendered − change − cash refunds − cash returns − cash payouts, and says over or short', () => {
    const expected = expectedCash({ openingCash: $('100'), cashTendered: $('50'), change: $('5'), cashRefunds: $('26.25'), cashReturns: 0n, cashPayouts: $('10') });
    expect(expected).toBe($('108.75'));
    expect(expectedCash({ openingCash: $('100'), cashTendered: $('50'), change: $('5'), cashRefunds: $('26.25'), cashReturns: $('8.75'), cashPayouts: $('10') })).toBe($('100'));
    expect(overShort($('108'), expected)).toBe($('-0.75'));
    expect([overShortWord($('-0.75')), overShortWord($('0.01')), overShortWord(0n)]).toEqual(['Short', 'Over', 'Even']);
  });
});
