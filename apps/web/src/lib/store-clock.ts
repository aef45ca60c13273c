/**
 * One clock: every date and time a screen shows is written in the current store's time
 * zone (`/store/fetch-time-zone`, any role of the store), whatever the browser's own
 * zone, by the formatters of `packages/domain/src/time-zones.ts`. Until the zone is
 * known a time is shown as nothing rather than in another zone.
 */
import { useMemo } from 'react';
import { formatDateIn, formatDateTimeIn, formatStampIn } from '@pos/domain';
import { trpc } from './trpc';
import { useSession } from './use-session';

export interface StoreClock {
  /** The store's IANA zone; undefined until known. */
  timeZone: string | undefined;
  /** 'May 1, 2026, 3:04 PM' in the store's zone. */
  dateTime(moment: string | Date): string;
  /** 'May 1, 2026' in the store's zone. */
  date(moment: string | Date): string;
  /** '2026-05-01 15:04:05' in the store's zone (what a spreadsheet reads as a date). */
  stamp(moment: string | Date): string;
}

/** The clock of a known zone (or of none yet: every time shows as ''). */
export function clockIn(timeZone: string | undefined): StoreClock {
  if (!timeZone) return { timeZone, dateTime: () => '', date: () => '', stamp: () => '' };
  return {
    timeZone,
    dateTime: (moment) => formatDateTimeIn(moment, timeZone),
    date: (moment) => formatDateIn(moment, timeZone),
    stamp: (moment) => formatStampIn(moment, timeZone),
  };
}

/** The zone of the browser the app runs in (a new store's default; the system screens' clock). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The current store's clock; re-read when the role's store changes or its settings are saved. */
export function useStoreClock(): StoreClock {
  const { currentRole } = useSession();
  const query = trpc.store.fetchTimeZone.useQuery(undefined, { enabled: currentRole !== null, staleTime: 5 * 60_000 });
  const timeZone = query.data?.timeZone;
  return useMemo(() => clockIn(timeZone), [timeZone]);
}
