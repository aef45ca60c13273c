/**
 * Answers sent as the JSON text the API made and checked already (the order lookup's
 * stubs, as the database writes them; docs/PERFORMANCE.md, "Read paths") are the bytes a
 * client got when every answer went through its schema and was encoded by the door: the
 * REST door's JSON and tRPC's superjson, for texts that need escaping too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { ZLookupOrdersOutput } from '@pos/contracts';
import type { DbHandle } from '@pos/db';
import { createTestDb } from '../../../test/db';
import { createApiHarness, signUpOwner, type ApiHarness, type Person } from '../../../test/factories';
import { buildApp } from '../src/app';

let handle: DbHandle;
let h: ApiHarness;
let app: FastifyInstance;
let owner: Person;

const NAMES = ['Ann Lee', 'Ann "Quote" Lee', 'back\\slash', 'new\nline', 'tab\there', 'bell\u0007', 'emoji 🙂', 'ünïcode €', 'sep\u2028arator', 'del\u007f', '</script>', "O'Brien", ''];

beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
  app = await buildApp({ db: handle.db, api: { scryptCost: 1024 } });
  owner = await signUpOwner(h);
  for (const name of NAMES) {
    const { nextOrderId } = await h.as(owner).order.next();
    // Straight into the row: a name as an import or an older version may have left it.
    await sql`update orders set customer_name = ${name} where id = ${BigInt(nextOrderId)}`.execute(handle.db);
  }
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

/** The answer as the schema answers it, encoded as Fastify encodes an object. */
const schemaText = (body: string) => JSON.stringify(ZLookupOrdersOutput.parse(JSON.parse(body)));

async function bothDoors(input: Record<string, unknown>) {
  const rest = await app.inject({ method: 'POST', url: '/api/v1/order/lookup', payload: { ...input, tokenString: owner.token, storeId: owner.storeId, role: owner.role } });
  const trpc = await app.inject({
    method: 'GET',
    url: `/trpc/order.lookup?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
    headers: { authorization: `Bearer ${owner.token}`, 'x-store-id': String(owner.storeId), 'x-role': owner.role },
  });
  expect(rest.statusCode).toBe(200);
  expect(trpc.statusCode).toBe(200);
  return { rest, trpc };
}

describe("the lookup's answer, sent as the database's text where it is in the schema's form", () => {
  it('is byte for byte the schema-encoded answer through REST and tRPC, for every kind of name', async () => {
    const inputs: Record<string, unknown>[] = [{}, ...NAMES.filter((n) => n.trim() !== '').map((customer) => ({ customer })), { customer: 'Ann' }, { customer: 'nobody at all' }];
    for (const input of inputs) {
      const { rest, trpc } = await bothDoors(input);
      expect(rest.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(rest.body).toBe(schemaText(rest.body));
      expect(trpc.headers['content-type']).toBe('application/json');
      expect(trpc.body).toBe(`{"result":{"data":{"json":${rest.body}}}}`);
    }
    const all = JSON.parse((await bothDoors({})).rest.body) as { orderStubs: { customerName: string }[] };
    expect(all.orderStubs.map((s) => s.customerName).sort()).toEqual([...NAMES].sort());
  });

  it('is the same text in each answer of a tRPC batch', async () => {
    const inputs = [{ customer: 'Ann' }, { customer: 'new' }, { customer: 'nobody at all' }];
    const batch = await app.inject({
      method: 'GET',
      url: `/trpc/order.lookup,order.lookup,order.lookup?batch=1&input=${encodeURIComponent(JSON.stringify(Object.fromEntries(inputs.map((input, i) => [i, { json: input }]))))}`,
      headers: { authorization: `Bearer ${owner.token}`, 'x-store-id': String(owner.storeId), 'x-role': owner.role },
    });
    expect(batch.statusCode).toBe(200);
    expect(batch.headers['content-type']).toBe('application/json');
    const rest = await Promise.all(inputs.map(async (input) => (await bothDoors(input)).rest.body));
    expect(batch.body).toBe(`[${rest.map((body) => `{"result":{"data":{"json":${body}}}}`).join(',')}]`);
  });

  it('is the same text in a batch the client asked to stream', async () => {
    const input = { customer: 'Ann' };
    const streamed = await app.inject({
      method: 'GET',
      url: `/trpc/order.lookup?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: input } }))}`,
      headers: { authorization: `Bearer ${owner.token}`, 'x-store-id': String(owner.storeId), 'x-role': owner.role, 'trpc-accept': 'application/jsonl' },
    });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.body).toContain((await bothDoors(input)).rest.body);
    expect(streamed.body).not.toContain('answer-text-');
  });

  it('answers the same to a server-side caller', async () => {
    const answer = await h.as(owner).order.lookup({ customer: 'Ann' });
    expect(answer.orderStubs.map((s) => s.customerName).sort()).toEqual(['Ann "Quote" Lee', 'Ann Lee']);
    expect(JSON.stringify(answer)).toBe((await bothDoors({ customer: 'Ann' })).rest.body);
  });
});
