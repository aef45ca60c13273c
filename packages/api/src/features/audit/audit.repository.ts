/**
 * The audit trail's SQL. Events are only ever inserted (the database refuses UPDATE and
 * DELETE) and read within the caller's store, newest first.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@pos/db';
import { inStore } from '../../db-helpers';

type Db = Kysely<Database>;

export interface NewAuditEvent {
  storeId: number;
  actorId: bigint | null;
  actorRole: string;
  action: string;
  targetType: string;
  targetId: string;
  /** JSON text of the values before and after, or null where there is no before (a creation) or after (a removal). */
  before: string | null;
  after: string | null;
}

export async function insertAuditEvent(db: Db, e: NewAuditEvent): Promise<void> {
  await sql`
    insert into audit_events (store_id, actor_id, actor_role, action, target_type, target_id, before, after)
    values (${BigInt(e.storeId)}, ${e.actorId}, ${e.actorRole}, ${e.action}, ${e.targetType}, ${e.targetId}, ${e.before}, ${e.after})`.execute(db);
}

export interface AuditFilter {
  /** Events at or after `from` and before `to`. */
  from: Date;
  to: Date;
  action: string | null;
  actorId: number | null;
}

/** The store's events the filter keeps (the indexes start with store_id, then action or actor, then time). */
function filteredEvents(db: Db, storeId: number, f: AuditFilter) {
  let query = db.selectFrom('audit_events as e').where(inStore(storeId, 'e')).where('e.created_at', '>=', f.from).where('e.created_at', '<', f.to);
  if (f.action !== null) query = query.where('e.action', '=', f.action);
  if (f.actorId !== null) query = query.where('e.actor_id', '=', BigInt(f.actorId));
  return query;
}

/** One page of the filtered events, newest first (events of one transaction share a time: then the later id first). */
export async function listAuditEvents(db: Db, storeId: number, f: AuditFilter, page: number, pageSize: number) {
  return filteredEvents(db, storeId, f)
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .select([
      'e.id',
      'e.created_at as createdAt',
      'e.actor_id as actorId',
      'u.username as actorUsername',
      'e.actor_role as role',
      'e.action',
      'e.target_type as targetType',
      'e.target_id as targetId',
      'e.before',
      'e.after',
    ])
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
}

export async function countAuditEvents(db: Db, storeId: number, f: AuditFilter): Promise<bigint> {
  const row = await filteredEvents(db, storeId, f)
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * Everyone who acted in an event of the store, by username. The distinct actors are
 * found by skipping through the (store_id, actor_id, ...) index one actor at a time, so
 * the cost follows the number of people, not the number of events.
 */
export async function listAuditActors(db: Db, storeId: number) {
  const { rows } = await sql<{ id: bigint; username: string }>`
    with recursive actors (id) as (
      select min(e.actor_id) from audit_events e where ${inStore(storeId, 'e')}
      union all
      select (select min(e.actor_id) from audit_events e where ${inStore(storeId, 'e')} and e.actor_id > a.id)
      from actors a
      where a.id is not null
    )
    select u.id, u.username
    from actors a
    join users u on u.id = a.id
    order by lower(u.username), u.id`.execute(db);
  return rows;
}
