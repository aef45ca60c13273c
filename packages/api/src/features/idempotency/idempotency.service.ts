/**
 * One mechanism for the idempotency keys of every call that moves money (docs/API.md,
 * Idempotency). A key belongs to a store and a procedure; it is kept with the sha256 of
 * the request (as parsed, without the key and without a manager's `approval`, whose
 * password is never hashed into anything kept) and the first answer, written in the
 * transaction of the action. The same key and request answer the first answer and change
 * nothing; the same key with another request is 409; a refused call rolls back and keeps
 * nothing, so it may be corrected and sent again with the same key.
 */
import { createHash } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import { IDEMPOTENCY_KEY_REUSED } from '@pos/contracts';
import { AppError } from '../../errors';
import * as repo from './idempotency.repository';

type Db = Kysely<Database>;

/** A call that may carry a key: its store, its procedure (REST path) and its parsed input. */
export interface IdempotentCall {
  storeId: number;
  procedure: string;
  input: { idempotencyKey?: string | undefined };
}

/** Fields that do not make a request another one: the key itself and a manager's credentials. */
const NOT_HASHED = new Set(['idempotencyKey', 'approval']);

/** The request as canonical JSON: keys sorted, bigints and Dates tagged, the fields above left out. */
function canonical(value: unknown, top = false): unknown {
  if (typeof value === 'bigint') return { $bigint: value.toString() };
  if (value instanceof Date) return { $date: value.toISOString() };
  if (Array.isArray(value)) return value.map((v) => canonical(v));
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([k, v]) => v !== undefined && !(top && NOT_HASHED.has(k)))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, canonical(v)]));
  }
  return value;
}

/** sha256 of the request as parsed, without its key and approval. */
export function requestHash(input: object): Buffer {
  return createHash('sha256').update(JSON.stringify(canonical(input, true))).digest();
}

/** Whether a kept hash is this request's; a key kept before requests were hashed matches any. */
export function sameRequest(kept: Uint8Array | null, hash: Uint8Array): boolean {
  if (kept === null) return true;
  if (kept.length !== hash.length) return false;
  return Buffer.compare(Buffer.from(kept), Buffer.from(hash)) === 0;
}

function scopeOf(call: IdempotentCall, key: string): repo.KeyScope {
  return { storeId: call.storeId, procedure: call.procedure, key };
}

/** The kept answer when the hash matches; 409 when the key was used for another request. */
function answerOf<T>(kept: { requestHash: Uint8Array; answer: Uint8Array }, hash: Uint8Array): T {
  if (!sameRequest(kept.requestHash, hash)) throw new AppError('CONFLICT', IDEMPOTENCY_KEY_REUSED);
  return deserialize(kept.answer) as T;
}

/**
 * The first answer kept for the call's key, read before any work (a manager's approval
 * is checked only when there is none), or undefined; 409 for another request.
 */
export async function keptAnswer<T>(db: Db, call: IdempotentCall): Promise<{ answer: T } | undefined> {
  const key = call.input.idempotencyKey;
  if (key === undefined) return undefined;
  const kept = await repo.findKey(db, scopeOf(call, key));
  return kept ? { answer: answerOf<T>(kept, requestHash(call.input)) } : undefined;
}

/**
 * Runs `action` in one transaction. With a key: first the key's turn (calls with one key
 * take turns), then its first answer if kept (409 for another request), else the action
 * and its answer kept with the key, in the same transaction.
 */
export async function idempotent<T>(db: Db, call: IdempotentCall, action: (trx: Db) => Promise<T>): Promise<T> {
  const key = call.input.idempotencyKey;
  if (key === undefined) return db.transaction().execute(action);
  const scope = scopeOf(call, key);
  const hash = requestHash(call.input);
  return db.transaction().execute(async (trx) => {
    await repo.lockKey(trx, scope);
    const kept = await repo.findKey(trx, scope);
    if (kept) return answerOf<T>(kept, hash);
    const answer = await action(trx);
    await repo.insertKey(trx, scope, hash, serialize(answer));
    return answer;
  });
}
