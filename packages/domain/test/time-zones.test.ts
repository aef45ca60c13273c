import { describe, expect, it } from 'vitest';
import { formatDateIn, formatDateTimeIn, formatStampIn, timeZoneCity, timeZoneMatches } from '../src/time-zones';

describe("one clock: moments written in the store's zone", () => {
  const moment = '2026-11-27T00:19:00.000Z';
  // ICU writes a narrow no-break space before AM/PM.
  const plain = (text: string) => text.replace(/\u202f/g, ' ');

  it('writes the same moment as each zone reads it, whatever the machine runs in', () => {
    expect(plain(formatDateTimeIn(moment, 'UTC'))).toBe('Nov 27, 2026, 12:19 AM');
    expect(plain(formatDateTimeIn(moment, 'America/New_York'))).toBe('Nov 26, 2026, 7:19 PM');
    expect(plain(formatDateTimeIn(new Date(moment), 'Pacific/Kiritimati'))).toBe('Nov 27, 2026, 2:19 PM');
    expect(formatDateIn(moment, 'America/Los_Angeles')).toBe('Nov 26, 2026');
    expect(formatStampIn('2026-05-01T14:30:05.123Z', 'Asia/Tokyo')).toBe('2026-05-01 23:30:05');
    expect(formatStampIn('2026-05-01T00:00:00Z', 'UTC')).toBe('2026-05-01 00:00:00');
  });

  it('writes nothing for an unreadable moment or a zone not yet known', () => {
    expect(formatDateTimeIn('nonsense', 'UTC')).toBe('');
    expect(formatDateTimeIn(moment, undefined)).toBe('');
    expect(formatStampIn(moment, '')).toBe('');
  });
});

describe('time zones in words', () => {
  it('finds a zone by city, region, abbreviation or IANA name', () => {
    expect(timeZoneCity('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(timeZoneMatches('America/New_York', 'New York')).toBe(true);
    expect(timeZoneMatches('America/New_York', 'eastern')).toBe(true);
    expect(timeZoneMatches('America/New_York', 'EST')).toBe(true);
    expect(timeZoneMatches('America/Los_Angeles', 'Pacific')).toBe(true);
    expect(timeZoneMatches('America/Los_Angeles', 'america/los')).toBe(true);
    expect(timeZoneMatches('America/Los_Angeles', 'Eastern')).toBe(false);
    expect(timeZoneMatches('Europe/Paris', 'new york')).toBe(false);
  });
});
