import { describe, expect, test } from 'vitest';
import { formatCount, formatCounter, formatPercentRounded } from './dashboard-format';

describe('formatCounter', () => {
  test('shows money to the cent with grouping', () => {
    expect(formatCounter('money', { type: 'Money', value: '1234567890' })).toBe('$1,234.57');
    expect(formatCounter('money', { type: 'Money', value: '0' })).toBe('$0.00');
    expect(formatCounter('money', { type: 'Money', value: '-5000000' })).toBe('-$5.00');
  });

  test('rounds half-cents to even like every money display', () => {
    expect(formatCounter('money', { type: 'Money', value: '12345000' })).toBe('$12.34');
    expect(formatCounter('money', { type: 'Money', value: '12355000' })).toBe('$12.36');
  });

  test('shows counts as grouped whole numbers', () => {
    expect(formatCounter('count', 0)).toBe('0');
    expect(formatCounter('count', 1234567)).toBe('1,234,567');
    expect(formatCount(12n)).toBe('12');
  });

  test('shows a percent rounded to two decimals', () => {
    expect(formatCounter('percent', { type: 'Percent', value: '33333333' })).toBe('33.33%');
    expect(formatCounter('percent', { type: 'Percent', value: '25000000' })).toBe('25%');
    expect(formatCounter('percent', { type: 'Percent', value: '0' })).toBe('0%');
  });

  test('shows a dash for a value of the wrong shape', () => {
    expect(formatCounter('money', 5)).toBe('—');
    expect(formatCounter('count', { value: '5' })).toBe('—');
    expect(formatCounter('percent', undefined)).toBe('—');
  });
});

describe('formatPercentRounded', () => {
  test('rounds at the hundredth, half to even, from the bigint', () => {
    expect(formatPercentRounded(66_666_667n)).toBe('66.67%');
    expect(formatPercentRounded(12_345_000n)).toBe('12.34%');
    expect(formatPercentRounded(12_355_000n)).toBe('12.36%');
    expect(formatPercentRounded(-12_500_000n)).toBe('-12.5%');
    expect(formatPercentRounded(100_000_000n)).toBe('100%');
  });
});
