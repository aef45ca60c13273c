/**
 * Answers sent as the JSON text the API made and checked already (the order lookup's
 * stubs, as the database writes them; docs/PERFORMANCE.md, "Read paths") are the bytes a
 * client got when every answer went through its schema and was encoded by the door: the
 * REST door's JSON and tRPC's superjson, for texts that need escaping too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { ZLookupOrdersOutput, ZTrialBalanceOutput } from '@pos/contracts';
import { addDays } from '@pos/domain';
import type { DbHandle } from '@pos/db';
import { createTestDb } from '../../../test/db';
import { createApiHarness, signUpOwner, type ApiHarness, type Person } from '../../../test/factories';
import { addCode, addVendor, openExampleShop, type ExampleShop } from '../../../test/sales';
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

describe("the trial balance's answer, written as its JSON text from the balances", () => {
  let shop: ExampleShop;
  const VENDORS = ['Zoë 🙂', 'Bo "Q" & Co.', 'back\\slash', 'Ünïcode €'];
  /** Export names and numbers of accounts with a balance, as typed (kept untrimmed), by account. */
  const exportNames = new Map<string, [string, string]>();
  let today: string;

  beforeAll(async () => {
    shop = await openExampleShop(h);
    const vendors: number[] = [];
    for (const tradeName of VENDORS) vendors.push(await addVendor(h, shop.owner, { tradeName, monthlyRent: 10_000_000n, deductMonthlyRent: true }));
    await addCode(h, shop.owner, vendors[0]!, { tag: 'ZOE1', commissionPercent: 10_000_000n, receivesSeparateStatement: true, monthlyRent: 5_000_000n });
    const month = (await h.as(shop.manager).vendor.accounts({})).month;
    await h.as(shop.manager).vendor.rent.post({ month });
    exportNames.set('rent', ['Rent\u2028income\ttab', '']);
    exportNames.set(`vendor:${shop.ada}`, ['Cash "front" \\ drawer', '1010']);
    exportNames.set(`vendor:${vendors[1]}`, [' "quoted" vendor ', '\\2']);
    exportNames.set(`vendor:${vendors[2]}`, ['Provisión 🙂', 'n"1']);
    // Straight into the rows: names as an import or an older version may have left them (not trimmed).
    for (const [account, [exportName, exportNumber]] of exportNames) {
      await sql`insert into books_account_names (store_id, account, export_name, export_number) values (${BigInt(shop.owner.storeId)}, ${account}, ${exportName}, ${exportNumber})`.execute(handle.db);
    }
    today = (await h.as(shop.accountant).books.trialBalance({})).asOf;
  });

  /** The answer as the schema answers it (its totals read back to bigint), encoded as Fastify encodes an object. */
  const schemaText = (body: string) => {
    const b = JSON.parse(body) as { totalDebit: { value: string }; totalCredit: { value: string } };
    return JSON.stringify(ZTrialBalanceOutput.parse({ ...b, totalDebit: BigInt(b.totalDebit.value), totalCredit: BigInt(b.totalCredit.value) }));
  };

  async function trialBalanceDoors(input: Record<string, unknown>) {
    const who = shop.accountant;
    const rest = await app.inject({ method: 'POST', url: '/api/v1/books/trial-balance', payload: { ...input, tokenString: who.token, storeId: who.storeId, role: who.role } });
    const trpc = await app.inject({
      method: 'GET',
      url: `/trpc/books.trialBalance?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
      headers: { authorization: `Bearer ${who.token}`, 'x-store-id': String(who.storeId), 'x-role': who.role },
    });
    expect(rest.statusCode).toBe(200);
    expect(trpc.statusCode).toBe(200);
    return { rest, trpc };
  }

  it('is byte for byte the schema-encoded answer through REST and tRPC, and the same to a server-side caller', async () => {
    for (const input of [{}, { asOf: today }, { asOf: addDays(today, -1) }, { asOf: addDays(today, 1) }]) {
      const { rest, trpc } = await trialBalanceDoors(input);
      expect(rest.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(rest.body).toBe(schemaText(rest.body));
      expect(trpc.headers['content-type']).toBe('application/json');
      expect(trpc.body).toBe(`{"result":{"data":{"json":${rest.body}}}}`);
      expect(JSON.stringify(await h.as(shop.accountant).books.trialBalance(input))).toBe(rest.body);
    }
  });

  it('names every account by its export name, else its default name, escaped where JSON needs it', async () => {
    const { rest } = await trialBalanceDoors({});
    const answer = JSON.parse(rest.body) as { accounts: { account: string; name: string; number: string }[]; totalDebit: { value: string }; totalCredit: { value: string } };
    const byAccount = new Map(answer.accounts.map((a) => [a.account, a]));
    for (const [account, [name, number]] of exportNames) expect(byAccount.get(account)).toMatchObject({ name, number });
    const names = answer.accounts.map((a) => a.name);
    expect(names).toEqual(expect.arrayContaining(['liabilities:vendors:zoë', 'liabilities:vendors:zoë:zoe1', 'liabilities:vendors:ünïcode']));
    expect(answer.totalDebit).toEqual(answer.totalCredit);
    expect(rest.body).toContain(JSON.stringify('Rent\u2028income\ttab'));
  });
});
