/**
 * The tRPC transformer: superjson, as the web client expects. Responses have already been through their
 * output schemas, which turn every bigint and Date into JSON text, so almost every
 * response is plain JSON; superjson still walks each node of it to find nothing to
 * record, which costs 4–8 times JSON.stringify (4.5 ms for 500 order stubs). For a plain
 * JSON tree superjson's wire form is `{ json: value }` with no meta, so that is answered
 * directly; anything else (a bigint, a Date, undefined, NaN, -0, a class instance, a
 * null-prototype object, an object met twice, a key superjson refuses) goes to superjson
 * itself. Requests are read by superjson unchanged, and the client reads responses with
 * superjson.
 */
import superjson, { type SuperJSONResult } from 'superjson';
import type { CombinedDataTransformer } from '@trpc/server';
import { answerForTrpc, answerTextOf } from './answer-text';

/** True when superjson would record nothing for `value`: plain JSON, each object once. */
export function isPlainJson(value: unknown, seen: Set<object> = new Set()): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object': {
      if (value === null) return true;
      if (seen.has(value)) return false;
      seen.add(value);
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (!(i in value) || !isPlainJson(value[i], seen)) return false;
        return true;
      }
      if (Object.getPrototypeOf(value) !== Object.prototype) return false;
      if (Object.getOwnPropertySymbols(value).length > 0) return false;
      for (const key in value) {
        // superjson refuses these keys (prototype pollution); let it answer as it does.
        if (key === '__proto__' || key === 'constructor' || key === 'prototype') return false;
        if (!isPlainJson((value as Record<string, unknown>)[key], seen)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

/**
 * An answer whose JSON text is recorded (answer-text.ts) is plain JSON by that record: it
 * is not walked, and is answered as the stand-in the tRPC door replaces by the text
 * where the door took it.
 */
export function serialize(value: unknown): ReturnType<typeof superjson.serialize> {
  if (answerTextOf(value) !== undefined) return { json: answerForTrpc(value as object) as never };
  return isPlainJson(value) ? { json: value as never } : superjson.serialize(value);
}

export const transformer: CombinedDataTransformer = {
  input: superjson,
  output: { serialize, deserialize: (payload: SuperJSONResult): unknown => superjson.deserialize(payload) },
};
