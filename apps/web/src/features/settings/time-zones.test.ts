import { describe, expect, it } from 'vitest';
import { timeZoneOptions } from './time-zones';

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
