import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { toDayString } from '../../lib/local-day';
import { fromServerDate, toDisplayDate, toServerDate } from './roadmap-dates';

const originalTz = process.env.TZ;

function inZone(tz: string) {
  beforeEach(() => {
    process.env.TZ = tz;
  });
  afterEach(() => {
    process.env.TZ = originalTz;
  });
}

describe('toServerDate: 07:00 local time on the chosen day, ISO with offset', () => {
  describe('in New York', () => {
    inZone('America/New_York');
    test('winter days carry -05:00', () => {
      expect(toServerDate('2026-12-01')).toBe('2026-12-01T07:00:00-05:00');
    });
    test('summer days carry -04:00', () => {
      expect(toServerDate('2026-07-04')).toBe('2026-07-04T07:00:00-04:00');
    });
    test('the day a clock change happens still gets 07:00', () => {
      expect(toServerDate('2026-03-08')).toBe('2026-03-08T07:00:00-04:00');
      expect(toServerDate('2026-11-01')).toBe('2026-11-01T07:00:00-05:00');
    });
    test('the text names the same instant as 07:00 local', () => {
      const sent = toServerDate('2026-12-01') ?? '';
      const local = new Date(2026, 11, 1, 7, 0, 0);
      expect(new Date(sent).getTime()).toBe(local.getTime());
    });
  });

  describe('in Kolkata', () => {
    inZone('Asia/Kolkata');
    test('half-hour offsets are written out', () => {
      expect(toServerDate('2026-12-01')).toBe('2026-12-01T07:00:00+05:30');
    });
  });

  describe('in UTC', () => {
    inZone('UTC');
    test('a zero offset is +00:00', () => {
      expect(toServerDate('2026-12-01')).toBe('2026-12-01T07:00:00+00:00');
    });
  });

  test('the offset agrees with Date#getTimezoneOffset in whatever zone runs the test', () => {
    const sent = toServerDate('2026-06-15') ?? '';
    const offset = -new Date(2026, 5, 15, 7).getTimezoneOffset();
    const sign = offset < 0 ? '-' : '+';
    const hh = String(Math.trunc(Math.abs(offset) / 60)).padStart(2, '0');
    const mm = String(Math.abs(offset) % 60).padStart(2, '0');
    expect(sent).toBe(`2026-06-15T07:00:00${sign}${hh}:${mm}`);
    expect(sent).not.toMatch(/Z$/);
  });

  test('no day, or not a real day, gives null', () => {
    expect(toServerDate(null)).toBeNull();
    expect(toServerDate(undefined)).toBeNull();
    expect(toServerDate('')).toBeNull();
    expect(toServerDate('2026-02-30')).toBeNull();
    expect(toServerDate('Dec 1, 2026')).toBeNull();
  });
});

describe('fromServerDate: ISO text to a Date', () => {
  inZone('America/New_York');

  test('reads date-times with Z or an offset', () => {
    expect(fromServerDate('2026-12-01T12:00:00.000Z')?.toISOString()).toBe('2026-12-01T12:00:00.000Z');
    expect(fromServerDate('2026-12-01T07:00:00-05:00')?.toISOString()).toBe('2026-12-01T12:00:00.000Z');
    expect(fromServerDate('2026-12-01T07:00:00+0530')?.toISOString()).toBe('2026-12-01T01:30:00.000Z');
  });

  test('a bare day is that local day', () => {
    const date = fromServerDate('2026-12-01');
    expect(date && toDayString(date)).toBe('2026-12-01');
  });

  test('empty is null without a word', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(fromServerDate(null)).toBeNull();
    expect(fromServerDate(undefined)).toBeNull();
    expect(fromServerDate('')).toBeNull();
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  test('unparseable text is null and logged', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(fromServerDate('next Tuesday')).toBeNull();
    expect(fromServerDate('2026-13-45T00:00:00Z')).toBeNull();
    expect(fromServerDate('12/01/2026')).toBeNull();
    expect(fromServerDate(42)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(4);
    warn.mockRestore();
  });

  test('a valid Date passes through', () => {
    const date = new Date(Date.UTC(2026, 0, 1));
    expect(fromServerDate(date)).toBe(date);
  });
});

describe('toDisplayDate: MMM d, yyyy in local time', () => {
  test('formats days without leading zeros', () => {
    expect(toDisplayDate(new Date(2026, 11, 1, 7))).toBe('Dec 1, 2026');
    expect(toDisplayDate(new Date(2027, 0, 15))).toBe('Jan 15, 2027');
  });

  test('no date is empty text', () => {
    expect(toDisplayDate(null)).toBe('');
    expect(toDisplayDate(new Date(Number.NaN))).toBe('');
  });

  describe('uses the local day, not the UTC day', () => {
    inZone('America/New_York');
    test('an evening in New York is still that day', () => {
      expect(toDisplayDate(new Date('2026-12-02T02:00:00Z'))).toBe('Dec 1, 2026');
    });
  });

  test('a date sent and read back shows the chosen day', () => {
    for (const tz of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/Berlin']) {
      process.env.TZ = tz;
      try {
        expect(toDisplayDate(fromServerDate(toServerDate('2026-12-01')))).toBe('Dec 1, 2026');
      } finally {
        process.env.TZ = originalTz;
      }
    }
  });
});
