/**
 * The Time Zone choices: every IANA zone the browser knows, plus UTC and the store's
 * current zone when the browser's list lacks them (a store must always see its own).
 */
export function timeZoneOptions(current: string, supported: () => readonly string[] = browserTimeZones): string[] {
  const zones = new Set(supported());
  zones.add('UTC');
  if (current) zones.add(current);
  return [...zones].sort((a, b) => a.localeCompare(b, 'en'));
}

function browserTimeZones(): readonly string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}
