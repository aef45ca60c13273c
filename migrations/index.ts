/**
 * Every migration, in order. Append-only once landed: never edit a landed migration,
 * add the next NNNN_verb_object.ts and list it here.
 */
import type { Migration } from 'kysely';
import * as m0001 from './0001_create_accounts';
import * as m0002 from './0002_create_orders';

export const migrations: Record<string, Migration> = {
  '0001_create_accounts': m0001,
  '0002_create_orders': m0002,
};
