/**
 * Fuzzing the REST door: for every path of the router (read from it, so a new path is
 * fuzzed without anyone listing it), fast-check builds bodies from the shape of the
 * path's input schema and spoils them: wrong types, odd and huge strings, the NUL
 * character, numbers and dates out of range, malformed Money and Percent, deep nesting,
 * prototype keys, long arrays, and raw bodies that are not JSON. Every call carries a
 * valid identity (the store's owner; an administrator on system paths), so bodies reach
 * the procedures. Any 5xx, or a failure without `{success: false, message, code}`,
 * fails the test, with the seed and the shrunk body that did it.
 *
 * FUZZ_SEED and FUZZ_RUNS (per path) override the fixed seed and the run count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { appRouter } from '@pos/api';
import type { DbHandle } from '@pos/db';
import { createTestDb } from '../../../test/db';
import { addStaff, createApiHarness, loginAs, signInAdmin, signUpOwner, type ApiHarness, type Person } from '../../../test/factories';
import { buildApp } from '../src/app';
import { restPaths } from '../src/rest-door';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 70);

let handle: DbHandle;
let h: ApiHarness;
let app: FastifyInstance;
let owner: Person;
let admin: Person;
/** Whose sessions /logout ends, and whose password /password may change. */
let leaver: Person;
let changer: Person;
/** Ids of real rows of the owner's store by the field that names them, so bodies name records that exist. */
const knownIds: Record<string, number[]> = {};

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
  app = await buildApp({ db: handle.db, api: { scryptCost: 1024 } });
  owner = await signUpOwner(h);
  admin = await signInAdmin(h);
  [leaver, changer] = await Promise.all([signUpOwner(h), signUpOwner(h)]);
  const clerk = await addStaff(h, owner, 'STORE_STAFF');
  const drafts = await Promise.all(Array.from({ length: 6 }, () => h.as(owner).order.next()));
  const vendor = await h.as(owner).vendor.add({ tradeName: 'Fuzz Antiques', contactName: 'Ann', contactEmail: 'ann@example.test', primaryPhone: '555' });
  const codes = await h.as(owner).store.itemcode.add({ tag: 'FZ1', vendorId: vendor.vendor.id });
  const money = (value: string) => ({ type: 'Money', value });
  const percent = (value: string) => ({ type: 'Percent', value });
  const method = await h.as(owner).store.payment.create({ name: 'Cash', vendorFeePercent: percent('0'), customerFeePercent: percent('0'), customerFeeAmount: money('0'), minimumAmount: money('0') });
  const item = await h.as(owner).store.inventory.add({ sku: 'FZ-1', price: money('1000000') } as never);
  const entry = await h.as(owner).roadmap.roadmap({ action: 'create', entry: { title: 'T', description: 'D', estimatedCompletion: '2027-01-01T00:00:00Z' } } as never);
  Object.assign(knownIds, {
    orderId: drafts.map((d) => d.nextOrderId),
    orderLineId: drafts.map((d) => d.nextOrderLineId),
    vendorId: [vendor.vendor.id],
    userId: [clerk.userId, owner.userId],
    storeId: [owner.storeId],
    id: [codes.itemCodes[0]!.id, method.paymentMethod.id, item.item.id, entry.entry!.id, vendor.vendor.id, ...drafts.map((d) => d.nextOrderLineId)],
  });
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

// The shape of an input schema, read from zod's definitions ---------------------------
type Shape =
  | { kind: 'object'; fields: Record<string, Shape> }
  | { kind: 'array'; element: Shape }
  | { kind: 'union'; options: Shape[] }
  | { kind: 'literal'; values: unknown[] }
  | { kind: 'string'; format: string | undefined }
  | { kind: 'number' | 'boolean' | 'any' };

type ZodNode = { _zod: { def: Record<string, unknown> & { type: string } } };

function shapeOf(node: ZodNode): Shape {
  const def = node._zod.def;
  const child = (key: string) => shapeOf(def[key] as ZodNode);
  switch (def.type) {
    case 'object':
      return { kind: 'object', fields: Object.fromEntries(Object.entries(def.shape as Record<string, ZodNode>).map(([k, v]) => [k, shapeOf(v)])) };
    case 'array':
      return { kind: 'array', element: child('element') };
    case 'union':
      return { kind: 'union', options: (def.options as ZodNode[]).map(shapeOf) };
    case 'literal':
      return { kind: 'literal', values: def.values as unknown[] };
    case 'enum':
      return { kind: 'literal', values: Object.values(def.entries as Record<string, unknown>) };
    case 'string':
      return { kind: 'string', format: def.format as string | undefined };
    case 'number':
      return { kind: 'number' };
    case 'boolean':
      return { kind: 'boolean' };
    case 'pipe': {
      if ((def.in as ZodNode)._zod.def.type === 'unknown') return child('out');
      const inner = child('in');
      const out = child('out');
      return inner.kind === 'string' && out.kind === 'string' && out.format ? out : inner;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
      return child('innerType');
    default:
      return { kind: 'any' };
  }
}

// Values ------------------------------------------------------------------------------
const oddStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uFFFF',
  '😀',
  "'; drop table users; --",
  '%_\\',
  '9223372036854775808',
  '-9223372036854775809',
  '1e400',
  '0x10',
  '  42  ',
  'null',
  '__proto__',
  'constructor',
  'STORE_OWNER',
  'x'.repeat(5_000),
);
const dateStrings = fc.oneof(
  fc.constantFrom('0000-01-01T00:00:00Z', '0000-01-01', '10000-01-01T00:00:00Z', '+010000-01-01T00:00:00Z', '9999-12-31T23:59:59-14:00', '1899-12-31', '2024-02-30', '2024-13-01T00:00:00Z', 'yesterday'),
  fc
    .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
    .chain((d) => fc.constantFrom(d.toISOString(), d.toISOString().slice(0, 10), d.toISOString().replace('Z', '+14:00'))),
);
const anyString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 3, arbitrary: oddStrings },
  { weight: 1, arbitrary: dateStrings },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String) },
);
const anyNumber = fc.oneof(
  fc.integer({ min: -3, max: 1_000_005 }),
  fc.constantFrom(0, -0, 1.5, -1, 2 ** 31, 2 ** 53 - 1, 2 ** 53 + 2, 1e21, 1e308, -1e308, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const allKnownIds = () => [...new Set(Object.values(knownIds).flat())];
const someId = fc.oneof(fc.constantFrom(...[0, -1, 1, 2 ** 53 + 2, 1.5]), fc.integer({ min: 1, max: 50 }), fc.constant(null).chain(() => fc.constantFrom(...allKnownIds())));

/** Deep nesting, long arrays, prototype-looking keys: values no client should send. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer({ min: 50, max: 400 }).map((depth) => {
    let v: unknown = 'bottom';
    for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
    return v;
  }),
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => Array.from({ length: n }, (_, i) => i)),
  fc.constant({ constructor: { prototype: { isAdmin: true } } }),
  fc.constant(Object.defineProperty({}, 'toString', { value: 'x', enumerable: true })),
  fc.constantFrom(null, true, false, 0, '', [], {}),
);

function valueOf(shape: Shape): fc.Arbitrary<unknown> {
  const fitting = fittingValueOf(shape);
  return fc.oneof({ weight: 6, arbitrary: fitting }, { weight: 1, arbitrary: hostile }, { weight: 1, arbitrary: fc.oneof(anyString, anyNumber, fc.boolean()) });
}

function fittingValueOf(shape: Shape): fc.Arbitrary<unknown> {
  switch (shape.kind) {
    case 'object': {
      const entries = Object.entries(shape.fields);
      if (entries.length === 0) return fc.constant({});
      return fc.record(Object.fromEntries(entries.map(([k, v]) => [k, valueOf(v)])), { requiredKeys: [] });
    }
    case 'array':
      return fc.array(valueOf(shape.element), { maxLength: 6 });
    case 'union':
      return fc.oneof(...shape.options.map(fittingValueOf));
    case 'literal':
      return fc.constantFrom(...shape.values);
    case 'string':
      return shape.format && /date|time/.test(shape.format) ? dateStrings : anyString;
    case 'number':
      return fc.oneof(anyNumber, someId);
    case 'boolean':
      return fc.boolean();
    default:
      return fc.oneof(anyString, anyNumber, hostile);
  }
}

/**
 * A value a real client would plausibly send for a field: bodies made of these reach
 * past validation into the procedures and the database, where one spoiled field then
 * tests what a single bad value does deep inside.
 */
function plausibleOf(shape: Shape, key: string): fc.Arbitrary<unknown> {
  switch (shape.kind) {
    case 'object': {
      const type = shape.fields.type;
      if (type?.kind === 'literal' && type.values.includes('Money')) return fc.record({ type: fc.constant('Money'), value: fc.bigInt({ min: 0n, max: 50_000_000n }).map(String) });
      if (type?.kind === 'literal' && type.values.includes('Percent')) return fc.record({ type: fc.constant('Percent'), value: fc.integer({ min: 0, max: 100_000_000 }) });
      return fc.record(Object.fromEntries(Object.entries(shape.fields).map(([k, v]) => [k, plausibleOf(v, k)])));
    }
    case 'array':
      return fc.array(plausibleOf(shape.element, key), { minLength: 1, maxLength: 3 });
    case 'union': {
      // Mostly the first option, the form clients send (an id as a number, not as text).
      const [first, ...others] = shape.options.map((o) => plausibleOf(o, key));
      return others.length === 0 ? first! : fc.oneof({ weight: 4, arbitrary: first! }, { weight: 1, arbitrary: fc.oneof(...others) });
    }
    case 'literal':
      return fc.constantFrom(...shape.values);
    case 'string':
      if (shape.format === 'email' || /email/i.test(key)) return fc.stringMatching(/^[a-z]{1,8}@example\.test$/);
      if ((shape.format && /date|time/.test(shape.format)) || /date|completion/i.test(key)) {
        return fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
      }
      if (/timeZone/.test(key)) return fc.constantFrom('UTC', 'America/New_York', 'Europe/Paris');
      if (/password/i.test(key)) return fc.constantFrom('correct horse 1', changer.password);
      if (/usernameOrEmail/.test(key)) return fc.constantFrom(owner.username, owner.email, 'nobody');
      if (/itemCode|tag/i.test(key)) return fc.constantFrom('FZ1', '', 'NEW1');
      return fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,4}$/);
    case 'number':
      if (/id$/i.test(key)) return fc.constantFrom(...(knownIds[key] ?? knownIds.id!));
      if (/page$/.test(key)) return fc.integer({ min: 1, max: 3 });
      return fc.integer({ min: 1, max: 25 });
    case 'boolean':
      return fc.boolean();
    default:
      return fc.constant(undefined);
  }
}

const malformedWire = fc.constantFrom(
  { type: 'Money', value: '9223372036854775808' },
  { type: 'Money', value: '-9223372036854775809' },
  { type: 'Money', value: '9000000000000000000' },
  { type: 'Money', value: 1.5 },
  { type: 'Money', value: '1.5' },
  { type: 'Money', value: '１２' },
  { type: 'Money', value: '' },
  { type: 'Money' },
  { value: '1' },
  { type: 'Percent', value: '-1' },
  { type: 'Percent', value: '100000001' },
  { type: 'Percent', value: '9223372036854775807' },
  { type: 'Money', value: { type: 'Money', value: '1' } },
);
/** What replaces one value of a plausible body: given the value it replaces. */
const spoiled = (was: unknown): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.nat().map((at) => (typeof was === 'string' ? `${was.slice(0, at % (was.length + 1))}\u0000${was.slice(at % (was.length + 1))}` : 'a\u0000')) },
    { weight: 2, arbitrary: oddStrings },
    { weight: 1, arbitrary: dateStrings },
    { weight: 2, arbitrary: anyNumber },
    { weight: 2, arbitrary: malformedWire },
    { weight: 2, arbitrary: hostile },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );

type Json = Record<string, unknown> | unknown[];

/** Every place in a JSON value where a value sits, as a key path. */
function placesIn(value: unknown, at: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (depth > 5 || value === null || typeof value !== 'object') return [];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return keys.flatMap((k) => [[...at, k], ...placesIn((value as Record<string | number, unknown>)[k], [...at, k], depth + 1)]);
}

function valueAt(value: unknown, place: (string | number)[]): unknown {
  return place.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], value);
}

function replaced(value: unknown, place: (string | number)[], by: unknown): unknown {
  const [head, ...rest] = place;
  if (head === undefined) return by;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Json;
  (copy as Record<string | number, unknown>)[head] = replaced((value as Record<string | number, unknown>)[head], rest, by);
  return copy;
}

/** A plausible body with one value spoiled (or left out), in one place. */
function spoiledOnce(shape: Shape): fc.Arbitrary<unknown> {
  return plausibleOf(shape, '').chain((body) => {
    const places = placesIn(body);
    if (places.length === 0) return fc.constant(body);
    return fc.constantFrom(...places).chain((place) => spoiled(valueAt(body, place)).map((by) => replaced(body, place, by)));
  });
}

function bodyOf(shape: Shape): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: plausibleOf(shape, '') }, { weight: 5, arbitrary: spoiledOnce(shape) }, { weight: 2, arbitrary: valueOf(shape) });
}

// Requests ----------------------------------------------------------------------------
interface Request {
  contentType: string | null;
  payload: string;
}

/** The body as JSON, or spoiled: a prototype key spliced in, cut short, another type, oversized. */
function requestOf(body: fc.Arbitrary<unknown>): fc.Arbitrary<Request> {
  const json = 'application/json';
  return fc.oneof(
    { weight: 24, arbitrary: body.map((b) => ({ contentType: json, payload: JSON.stringify(b) ?? 'null' })) },
    {
      weight: 1,
      arbitrary: fc.tuple(body, fc.constantFrom('"__proto__":{"polluted":true}', '"constructor":{"prototype":{"polluted":true}}')).map(([b, key]) => {
        const text = JSON.stringify(b && typeof b === 'object' && !Array.isArray(b) ? b : {});
        return { contentType: json, payload: text === '{}' ? `{${key}}` : `{${key},${text.slice(1)}` };
      }),
    },
    { weight: 1, arbitrary: body.chain((b) => fc.nat().map((n) => ({ contentType: json, payload: (JSON.stringify(b) ?? '').slice(0, n % 40) }))) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom('text/plain', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/xml', null), fc.string({ maxLength: 60 })).map(([contentType, text]) => ({
        contentType,
        payload: text,
      })),
    },
    { weight: 1, arbitrary: fc.constantFrom({ contentType: json, payload: `{"a":"${'x'.repeat(1024 * 1024)}"}` }, { contentType: json, payload: '' }, { contentType: json, payload: '\u0000' }) },
  );
}

const PLATFORM_PATHS = /^\/(system\/|dashboard\/(absolute-admin|sst-))/;

/** The identity fields a REST client adds, spliced into a JSON object body. */
async function withIdentity(path: string, payload: string): Promise<string> {
  if (!payload.startsWith('{')) return payload;
  // /logout ends the session it is called with: each call gets a session of its own.
  const person = PLATFORM_PATHS.test(path)
    ? admin
    : path === '/logout'
      ? await loginAs(h, { usernameOrEmail: leaver.username, password: leaver.password })
      : path === '/password'
        ? changer
        : owner;
  const identity = JSON.stringify({ tokenString: person.token, storeId: person.storeId, role: person.role }).slice(1, -1);
  return payload === '{}' ? `{${identity}}` : `{${identity},${payload.slice(1)}`;
}

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { inputs: ZodNode[] } }>;
const paths = [...restPaths()].map(([path, key]) => ({ path, shape: shapeOf(procedures[key]!._def.inputs[0]!) }));

let calls = 0;

describe('fuzzing every REST path', () => {
  it('reads the paths from the router', () => {
    expect(paths.length).toBeGreaterThanOrEqual(40);
    expect(paths.map((p) => p.path)).toEqual(expect.arrayContaining(['/login', '/order/submit', '/order/lookup', '/roadmap/roadmap', '/store/update-settings']));
  });

  it.each(paths.map((p, i) => [p.path, p.shape, i] as const))('%s answers every body without a 5xx, failures in the failure body', async (path, shape, index) => {
    await fc.assert(
      fc.asyncProperty(requestOf(bodyOf(shape)), async (request) => {
        calls++;
        const payload = await withIdentity(path, request.payload);
        const res = await app.inject({
          method: 'POST',
          url: `/api/v1${path}`,
          payload,
          headers: request.contentType === null ? {} : { 'content-type': request.contentType },
        });
        // A body may legitimately revoke the owner's role (after adding a second owner):
        // the owner gets it back, so later bodies still reach the procedures.
        await handle.db
          .insertInto('role_assignments')
          .values({ store_id: BigInt(owner.storeId), user_id: BigInt(owner.userId), role: 'STORE_OWNER' })
          .onConflict((oc) => oc.doNothing())
          .execute();
        if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
        if (res.statusCode === 200) return;
        const body = res.json<Record<string, unknown>>();
        expect(Object.keys(body).sort()).toEqual(['code', 'message', 'success']);
        expect(body.success).toBe(false);
        expect(typeof body.message === 'string' && body.message.length > 0).toBe(true);
        expect(typeof body.code).toBe('string');
      }),
      { seed: SEED + index, numRuns: RUNS },
    );
  });

  it('made thousands of calls', () => {
    expect(calls).toBeGreaterThanOrEqual(Math.min(2_000, paths.length * RUNS));
  });
});
