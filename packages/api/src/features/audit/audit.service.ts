/**
 * Records who did what: every action that moves money or changes who may move it writes
 * one event, in the transaction of the change itself (pass that transaction as `db`), so
 * a change that rolls back leaves no event and a committed change always has one.
 * Values are kept as JSON objects of field → value; money and percents (bigint
 * micro-units) as decimal strings, named in contracts' AUDIT_VALUE_KINDS.
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '@pos/db';
import type { AuditAction, AuditValues, ZListAuditInput } from '@pos/contracts';
import type { Role } from '@pos/domain';
import { countAuditEvents, insertAuditEvent, listAuditActors, listAuditEvents, type AuditFilter } from './audit.repository';

type Db = Kysely<Database>;

/** Who acted: the caller's user and the (store, role) they acted in. */
export interface Actor {
  storeId: number;
  userId: bigint | null;
  role: string;
}

/** An actor acting in one of the store's roles (a caller of a store procedure), whose role decides what it may change. */
export interface StoreActor extends Actor {
  userId: bigint;
  role: Role;
}

/** The actor of a call made in the caller's current (store, role). */
export function actorOf(ctx: { storeId: number; role: Role; user: { id: bigint } }): StoreActor {
  return { storeId: ctx.storeId, userId: ctx.user.id, role: ctx.role };
}

export interface AuditChange {
  action: AuditAction;
  targetType: string;
  targetId: string | number | bigint;
  /** The values before the change; absent for a creation. */
  before?: AuditValues | null;
  /** The values after it; absent for a removal. */
  after?: AuditValues | null;
}

function toJson(value: AuditValues | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

export async function recordAudit(db: Db, actor: Actor, change: AuditChange): Promise<void> {
  await insertAuditEvent(db, {
    storeId: actor.storeId,
    actorId: actor.userId,
    actorRole: actor.role,
    action: change.action,
    targetType: change.targetType,
    targetId: String(change.targetId),
    before: toJson(change.before),
    after: toJson(change.after),
  });
}

/**
 * The fields whose values differ between `before` and `after` (compared as recorded:
 * bigints as decimal strings), each side holding only those; `always` fields are kept on
 * both sides even when unchanged, to name the target (a payment method's name).
 */
export function changedFields<T extends AuditValues>(before: T, after: T, always: readonly (keyof T)[] = []): { before: AuditValues; after: AuditValues } {
  const recorded = (v: unknown) => JSON.stringify(v, (_key, x: unknown) => (typeof x === 'bigint' ? x.toString() : x));
  const keep = (key: string) => always.includes(key) || recorded(before[key]) !== recorded(after[key]);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(keep);
  return { before: Object.fromEntries(keys.map((k) => [k, before[k]])), after: Object.fromEntries(keys.map((k) => [k, after[k]])) };
}

/** One page of the store's events for the filter, newest first, and how many there are in all. */
export async function listAudit(db: Db, storeId: number, input: z.output<typeof ZListAuditInput>) {
  const filter: AuditFilter = { from: input.from, to: input.to, action: input.action ?? null, actorId: input.actorId ?? null };
  const [rows, totalEvents] = await Promise.all([listAuditEvents(db, storeId, filter, input.page, input.pageSize), countAuditEvents(db, storeId, filter)]);
  const events = rows.map(({ actorId, actorUsername, before, after, ...event }) => ({
    ...event,
    role: event.role as Role,
    action: event.action as AuditAction,
    actor: actorId === null ? null : { id: actorId, username: actorUsername ?? '' },
    before: before as AuditValues | null,
    after: after as AuditValues | null,
  }));
  return { success: true, events, totalEvents };
}

export async function listAuditPeople(db: Db, storeId: number) {
  return { success: true, people: await listAuditActors(db, storeId) };
}
