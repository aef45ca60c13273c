import { afterEach, describe, expect, test } from 'vitest';
import { END_OF_DAY, localTimeOnDayIso, parseDay, START_OF_DAY, toDayString, toOffsetIso } from './local-day';

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe('parseDay: a date box value naming a real calendar day', () => {
  test('gives local midnight of that day', () => {
    process.env.TZ = 'America/New_York';
    expect(parseDay('2026-12-01')?.toDate().getTime()).toBe(new Date(2026, 11, 1).getTime());
    expect(parseDay(' 2024-02-29 ')?.format('YYYY-MM-DD')).toBe('2024-02-29');
  });

  test('refuses days that do not exist and text of another shape', () => {
    for (const day of ['2026-02-30', '2025-02-29', '2026-13-01', '2026-1-5', '12/1/2026', 'Dec 1, 2026', '', null, undefined]) {
      expect(parseDay(day)).toBeNull();
    }
  });
});

describe('localTimeOnDayIso: a local time on a chosen day, ISO with the local offset', () => {
  test('07:00 in New York carries the offset of that day, winter or summer, clock change or not', () => {
    process.env.TZ = 'America/New_York';
    expect(localTimeOnDayIso('2026-12-01', { hour: 7 })).toBe('2026-12-01T07:00:00-05:00');
    expect(localTimeOnDayIso('2026-07-04', { hour: 7 })).toBe('2026-07-04T07:00:00-04:00');
    expect(localTimeOnDayIso('2026-03-08', { hour: 7 })).toBe('2026-03-08T07:00:00-04:00');
    expect(localTimeOnDayIso('2026-11-01', { hour: 7 })).toBe('2026-11-01T07:00:00-05:00');
  });

  test('half-hour and zero offsets are written out, never Z', () => {
    process.env.TZ = 'Asia/Kolkata';
    expect(localTimeOnDayIso('2026-12-01', { hour: 7 })).toBe('2026-12-01T07:00:00+05:30');
    process.env.TZ = 'UTC';
    expect(localTimeOnDayIso('2026-12-01', { hour: 7 })).toBe('2026-12-01T07:00:00+00:00');
  });

  test('the start and the last millisecond of a day; milliseconds only when there are some', () => {
    process.env.TZ = 'Europe/Berlin';
    expect(localTimeOnDayIso('2026-05-01', START_OF_DAY)).toBe('2026-05-01T00:00:00+02:00');
    expect(localTimeOnDayIso('2026-05-01', END_OF_DAY)).toBe('2026-05-01T23:59:59.999+02:00');
  });

  test('names the same instant as that local time, in whatever zone runs the test', () => {
    process.env.TZ = originalTz;
    const sent = localTimeOnDayIso('2026-06-15', { hour: 7 }) ?? '';
    expect(new Date(sent).getTime()).toBe(new Date(2026, 5, 15, 7).getTime());
    expect(sent).toMatch(/^2026-06-15T07:00:00[+-]\d{2}:\d{2}$/);
  });

  test('no day, or not a real one, gives null', () => {
    expect(localTimeOnDayIso('', START_OF_DAY)).toBeNull();
    expect(localTimeOnDayIso('2026-02-30', START_OF_DAY)).toBeNull();
  });
});

describe('toOffsetIso and toDayString', () => {
  test('a local Date as ISO with its offset', () => {
    process.env.TZ = 'America/Los_Angeles';
    expect(toOffsetIso(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02T03:04:05-08:00');
    expect(toOffsetIso(new Date(2026, 0, 2, 3, 4, 5, 60))).toBe('2026-01-02T03:04:05.060-08:00');
  });

  test('the local day of a moment, not the UTC day', () => {
    process.env.TZ = 'America/New_York';
    expect(toDayString(new Date('2026-12-02T02:00:00Z'))).toBe('2026-12-01');
    expect(toDayString(null)).toBeNull();
    expect(toDayString(new Date(Number.NaN))).toBeNull();
  });
});
