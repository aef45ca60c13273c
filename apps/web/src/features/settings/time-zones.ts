/**
 * The Time Zone choices: every IANA zone the browser knows, plus UTC and the store's
 * current zone when the browser's list lacks them (a store must always see its own).
 * A search finds a zone by its name, its city or its region's common name ("New York",
 * "Eastern", "Pacific"; `packages/domain/src/time-zones.ts`).
 */
import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import { timeZoneMatches } from '@pos/domain';

export function timeZoneOptions(current: string, supported: () => readonly string[] = browserTimeZones): string[] {
  const zones = new Set(supported());
  zones.add('UTC');
  if (current) zones.add(current);
  return [...zones].sort((a, b) => a.localeCompare(b, 'en'));
}

const isItem = (option: ComboboxParsedItem): option is ComboboxItem => 'value' in option;

/** The Select's filter: the zones a search names, by IANA name, city or common name. */
export const filterTimeZones: OptionsFilter = ({ options, search, limit }) =>
  options.filter((option) => isItem(option) && timeZoneMatches(option.value, search)).slice(0, limit);

function browserTimeZones(): readonly string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}
