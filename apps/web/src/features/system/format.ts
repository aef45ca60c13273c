import { formatDateIn } from '@pos/domain';
import { browserTimeZone } from '../../lib/store-clock';

/**
 * A date-time as 'MMM d, yyyy', the way the product shows dates: in a store's zone when
 * the row is a store's, else (a user, of no one store) in the browser's.
 */
export function formatDate(iso: string, timeZone: string = browserTimeZone()): string {
  return formatDateIn(iso, timeZone);
}
