import { describe, expect, it } from 'vitest';
import { filterTimeZones, timeZoneOptions } from './time-zones';

describe('timeZoneOptions', () => {
  it("lists the platform's IANA zones, sorted, with UTC", () => {
    const zones = timeZoneOptions('America/New_York');
    expect(zones).toContain('America/New_York');
    expect(zones).toContain('Europe/Paris');
    expect(zones).toContain('UTC');
    expect([...zones].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(zones);
    expect(new Set(zones).size).toBe(zones.length);
  });

  it("keeps the store's current zone even when the list lacks it", () => {
    expect(timeZoneOptions('Etc/GMT+5', () => ['Europe/Paris'])).toEqual(['Etc/GMT+5', 'Europe/Paris', 'UTC']);
    expect(timeZoneOptions('', () => [])).toEqual(['UTC']);
  });
});

describe('filterTimeZones', () => {
  const options = timeZoneOptions('UTC').map((zone) => ({ value: zone, label: zone }));
  const found = (search: string) => filterTimeZones({ options, search, limit: 1000 }).map((o) => ('value' in o ? o.value : ''));

  it('finds a zone by its city, its region and its IANA name', () => {
    expect(found('New York')).toContain('America/New_York');
    expect(found('new york')).toEqual(['America/New_York']);
    expect(found('Eastern')).toContain('America/New_York');
    expect(found('Pacific')).toContain('America/Los_Angeles');
    expect(found('pacific time')).toContain('America/Los_Angeles');
    expect(found('Central')).toContain('America/Chicago');
    expect(found('America/New_York')).toEqual(['America/New_York']);
    expect(found('los ang')).toEqual(['America/Los_Angeles']);
    expect(found('Toronto')).toEqual(['America/Toronto']);
  });

  it('finds nothing for words no zone is known by, and everything for no words', () => {
    expect(found('Atlantis Standard')).toEqual([]);
    expect(found('')).toHaveLength(options.length);
  });
});
