/**
 * The REST door's OpenAPI document (GET /api/v1/openapi.json) and its viewer (/api/docs):
 * valid OpenAPI 3.1, every REST path of the router in it with who may call it, no body
 * left undescribed, and real answers of the server matching what it says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { DbHandle } from '@pos/db';
import { createTestDb } from '../../../test/db';
import { createApiHarness, signInAdmin, uniqueName, type Person } from '../../../test/factories';
import { buildApp } from '../src/app';
import { restProcedures } from '../src/rest-door';

interface Operation {
  operationId: string;
  'x-access': string | string[];
  security: unknown[];
  requestBody: { required: boolean; content: { 'application/json': { schema: object } } };
  responses: Record<string, { content?: { 'application/json': { schema: object } }; $ref?: string }>;
}
interface Document {
  openapi: string;
  paths: Record<string, { post: Operation }>;
  components: { schemas: Record<string, object> };
}

let handle: DbHandle;
let app: FastifyInstance;
let doc: Document;

beforeAll(async () => {
  handle = await createTestDb();
  app = await buildApp({ db: handle.db, api: { scryptCost: 1024 } });
  const res = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json<Document>();
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

describe('GET /api/v1/openapi.json', () => {
  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes every REST path of the router, and no other', () => {
    const paths = restProcedures().map((p) => p.path);
    expect(paths.length).toBeGreaterThanOrEqual(40);
    expect(Object.keys(doc.paths).sort()).toEqual([...paths].sort());
    for (const { path, key } of restProcedures()) expect(doc.paths[path]?.post.operationId).toBe(key);
  });

  it('says who may call each path, from the procedure it is built on', () => {
    const access = (path: string) => doc.paths[path]!.post['x-access'];
    expect(access('/login')).toBe('public');
    expect(access('/signup')).toBe('public');
    expect(access('/logout')).toBe('signed-in');
    expect(access('/account/leave-store')).toBe('signed-in');
    expect(access('/roadmap/roadmap')).toBe('member');
    expect(access('/order/update-line')).toEqual(['STORE_STAFF', 'STORE_MANAGER', 'STORE_OWNER']);
    expect(access('/store/update-settings')).toEqual(['STORE_MANAGER', 'STORE_OWNER']);
    expect(access('/dashboard/store-accountant')).toEqual(['STORE_ACCOUNTANT', 'STORE_OWNER']);
    expect(access('/system/users/list')).toEqual(['SST_ADMIN', 'ABSOLUTE_ADMIN']);
    expect(access('/dashboard/sst-staff')).toEqual(['SST_STAFF', 'SST_MANAGER', 'SST_ADMIN', 'ABSOLUTE_ADMIN']);
    expect(doc.paths['/roadmap/roadmap']!.post.security).not.toEqual([]);
    expect(doc.paths['/login']!.post.security).toEqual([]);
    for (const [path, item] of Object.entries(doc.paths)) expect(item.post['x-access'], path).toBeDefined();
  });

  it('gives every request body, answer and field a type: no schema is left empty', () => {
    const empty: string[] = [];
    const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf']);
    const visitSchema = (schema: unknown, at: string): void => {
      if (typeof schema !== 'object' || schema === null) return;
      const node = schema as Record<string, unknown>;
      if (Object.keys(node).length === 0) empty.push(at);
      for (const [key, value] of Object.entries(node)) {
        if (key === 'properties') for (const [name, sub] of Object.entries(value as object)) visitSchema(sub, `${at}.${name}`);
        else if (key === 'items' || key === 'additionalProperties') visitSchema(value, `${at}[]`);
        else if (SCHEMA_LISTS.has(key)) (value as unknown[]).forEach((sub, i) => visitSchema(sub, `${at}|${i}`));
      }
    };
    for (const [path, { post }] of Object.entries(doc.paths)) {
      visitSchema(post.requestBody.content['application/json'].schema, `${path} body`);
      visitSchema(post.responses['200']!.content!['application/json'].schema, `${path} answer`);
    }
    expect(empty).toEqual([]);
  });

  it('shows money and percents as their wire objects, in requests and answers', () => {
    const answer = doc.paths['/store/fetch-settings']!.post.responses['200']!.content!['application/json'].schema as { properties: Record<string, object> };
    expect(answer.properties.tax1Percent).toMatchObject({
      type: 'object',
      properties: { type: { const: 'Percent' }, value: { type: 'string' } },
      required: ['type', 'value'],
    });
    const body = doc.paths['/store/payment/create']!.post.requestBody.content['application/json'].schema as { allOf: [object, { properties: Record<string, object>; required: string[] }] };
    expect(body.allOf[1].properties.minimumAmount).toMatchObject({ type: 'object', properties: { type: { const: 'Money' } } });
    expect(body.allOf[1].required).toEqual(expect.arrayContaining(['name', 'minimumAmount', 'vendorFeePercent']));
  });

  it('is the one GET of /api/v1: other paths still answer 405 to GET', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/order/next' });
    expect(res.statusCode).toBe(405);
    expect((await app.inject({ method: 'POST', url: '/api/v1/openapi.json', payload: {} })).statusCode).toBe(404);
  });
});

describe('/api/docs', () => {
  it('serves Swagger UI from this origin, reading the document', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts).toEqual(['/api/docs/swagger-ui-bundle.js', '/api/docs/start.js']);
    for (const url of [...scripts, '/api/docs/swagger-ui.css']) {
      const asset = await app.inject({ method: 'GET', url });
      expect(asset.statusCode, url).toBe(200);
    }
    expect((await app.inject({ method: 'GET', url: '/api/docs/start.js' })).body).toContain("url: '/api/v1/openapi.json'");
  });

  it('serves only the viewer, not the rest of its package', async () => {
    for (const url of ['/api/docs/package.json', '/api/docs/index.html', '/api/docs/swagger-initializer.js']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});

describe('real answers match the document', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const compiled = new Map<object, ValidateFunction>();
  const validatorFor = (schema: object) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile({ ...schema, components: doc.components });
      compiled.set(schema, validate);
    }
    return validate;
  };
  const problems = (validate: ValidateFunction, value: unknown) => (validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));

  const as = (p: Person) => ({ tokenString: p.token, storeId: p.storeId, role: p.role });
  const seen = new Set<string>();

  /** Posts `body` to `path`; both the body and the answer must be what the document describes. */
  async function call<T = Record<string, unknown>>(path: string, body: object): Promise<T> {
    const operation = doc.paths[path]!.post;
    expect(problems(validatorFor(operation.requestBody.content['application/json'].schema), body), `${path} request`).toEqual([]);
    const res = await app.inject({ method: 'POST', url: `/api/v1${path}`, payload: body });
    const answer = res.json<T>();
    const schema = res.statusCode === 200 ? operation.responses['200']!.content!['application/json'].schema : doc.components.schemas.Failure!;
    expect(problems(validatorFor(schema), answer), `${path} answer ${res.statusCode} ${res.body.slice(0, 300)}`).toEqual([]);
    seen.add(`${path} ${res.statusCode}`);
    return answer;
  }

  it('for sign-up, settings, payment methods, vendors, item codes, stock, orders, roadmap, staff, the audit trail and dashboards', async () => {
    const username = uniqueName('doc');
    const signup = await call<{ token: string; userId: number; roles: { storeId: number; role: 'STORE_OWNER' }[] }>('/signup', {
      username,
      email: `${username}@example.test`,
      password: 'a fine password',
      storeName: uniqueName('Doc store '),
    });
    const owner = { token: signup.token, storeId: signup.roles[0]!.storeId, role: 'STORE_OWNER' } as Person;
    const me = as(owner);
    await call('/login', { usernameOrEmail: username, password: 'a fine password' });

    const settings = await call<Record<string, unknown>>('/store/fetch-settings', me);
    const { success: _s, message: _m, statusCode: _c, storeUpdatedAt: _u, ...fields } = settings;
    await call('/store/update-settings', { ...me, ...fields, tax1Enabled: true, tax1Percent: { type: 'Percent', value: 7_250_000 } });
    await call('/store/payment/create', {
      ...me,
      name: 'Card',
      vendorFeePercent: { type: 'Percent', value: '2500000' },
      customerFeePercent: { type: 'Percent', value: '0' },
      customerFeeAmount: { type: 'Money', value: '0' },
      minimumAmount: { type: 'Money', value: 1_000_000 },
    });
    await call('/store/payment/list', me);

    const vendor = await call<{ vendor: { id: number } }>('/vendor/add', {
      ...me,
      tradeName: 'Oak & Iron',
      contactName: 'Ada Vendor',
      contactEmail: 'ada@example.test',
      primaryPhone: '555-0100',
    });
    await call('/store/itemcode/add', { ...me, tag: 'OAK1', vendorId: vendor.vendor.id });
    await call('/vendor/list', { ...me, page: 1, pageSize: 10 });
    await call('/store/inventory/add', { ...me, sku: 'LAMP-1', price: { type: 'Money', value: '25000000' }, itemCode: 'OAK1', quantityOnHand: 3 });
    await call('/store/inventory/list', me);

    const next = await call<{ nextOrderId: number; nextOrderLineId: number }>('/order/next', me);
    await call('/order/update-line', {
      ...me,
      orderLineId: next.nextOrderLineId,
      itemCode: 'OAK1',
      itemDescription: 'Brass lamp',
      quantity: 2,
      price: { type: 'Money', value: '12500000' },
      discountPercent: { type: 'Percent', value: '10000000' },
      tax1Percent: { type: 'Percent', value: '7250000' },
      createNewLine: true,
    });
    await call('/order/submit', { ...me, orderId: next.nextOrderId, customerName: 'Walk-in', items: [{ id: next.nextOrderLineId }] });
    await call('/order/fetch', { ...me, orderId: next.nextOrderId });
    await call('/order/lookup', { ...me, startDate: '2000-01-01', minAmount: { type: 'Money', value: '1' } });

    await call('/roadmap/roadmap', { ...me, action: 'create', entry: { title: 'Spring sale', description: 'Tag the garden stock', estimatedCompletion: '2030-03-01T09:00:00-05:00' } });
    await call('/roadmap/roadmap', { ...me, action: 'list' });
    await call('/store/staff/add', { ...me, username: uniqueName('clerk'), email: `${uniqueName('clerk')}@example.test`, password: 'a fine password', staffRole: 'STORE_STAFF' });
    await call('/store/staff/list', me);
    await call('/store/audit/list', { ...me, from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00-05:00', action: 'PAYMENT_METHOD_CREATE', pageSize: 5 });
    await call('/store/audit/list', { ...me, from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' });
    await call('/store/audit/people', me);
    for (const dashboard of ['store-owner', 'store-manager', 'store-staff', 'store-accountant']) await call(`/dashboard/${dashboard}`, me);

    const admin = await signInAdmin(createApiHarness(handle.db));
    await call('/system/users/list', { ...as(admin), page: 1, pageSize: 5 });
    await call('/system/stores/list', { ...as(admin), page: 1, pageSize: 5 });
    await call('/dashboard/sst-manager', as(admin));

    // Failures answer the Failure body the document names.
    await call('/order/fetch', { ...me, orderId: 999_999_999 });
    await call('/system/users/list', me);
    expect([...seen].filter((s) => !s.endsWith(' 200')).sort()).toEqual(['/order/fetch 404', '/system/users/list 403']);
  });
});
