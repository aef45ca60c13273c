/**
 * How failures nobody planned for are answered: a database that cannot be reached is
 * 503 'Service unavailable' (pg and PGlite alike), a unique violation a procedure did not
 * expect is 409 without naming the constraint, and both go through the one status map.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_STATUS, isDatabaseUnavailable, toAppError } from '@pos/api';
import type { DbHandle } from '@pos/db';
import { createTestDb } from '../../../test/db';
import { createApiHarness, failureOf, signUpOwner, type ApiHarness, type Person } from '../../../test/factories';

let handle: DbHandle;
let h: ApiHarness;
let owner: Person;
beforeAll(async () => {
  handle = await createTestDb();
  h = createApiHarness(handle.db);
  owner = await signUpOwner(h);
});
afterAll(() => handle.close());

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('a database that cannot be reached', () => {
  it('is recognised from pg, pg-pool, PGlite and the server, also as the cause of another error', () => {
    const away = [
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      withCode('53300', 'sorry, too many clients already'),
      withCode('57014', 'canceling statement due to statement timeout'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('timeout expired'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('PGlite is closed'),
      new Error('wrapped', { cause: withCode('ECONNREFUSED') }),
    ];
    for (const error of away) expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    for (const error of away) expect(toAppError(error)).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'Service unavailable' });
    expect(HTTP_STATUS.SERVICE_UNAVAILABLE).toBe(503);
  });

  it('is not mistaken for other failures', () => {
    for (const error of [withCode('23505'), withCode('22003'), new Error('connect ECONNREFUSED in a message only'), new TypeError('x is undefined'), null, 'text']) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });

  it('answers 503 from a procedure on a closed database, and changes nothing', async () => {
    const gone = await createTestDb();
    const hGone = createApiHarness(gone.db);
    const person = await signUpOwner(hGone);
    await gone.close();
    expect(await failureOf(hGone.as(person).order.next())).toEqual({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'Service unavailable' });
    expect(await failureOf(hGone.call().auth.login({ usernameOrEmail: person.username, password: person.password }))).toMatchObject({ status: 503 });
  });
});

describe('a unique violation nobody expected', () => {
  it('answers 409 with a message that names no constraint', async () => {
    const clashing = handle.db.withPlugin({
      transformQuery: ({ node }) => {
        if (node.kind === 'InsertQueryNode') throw Object.assign(new Error('duplicate key value violates unique constraint "orders_store_number"'), { code: '23505' });
        return node;
      },
      transformResult: ({ result }) => Promise.resolve(result),
    });
    const failure = await failureOf(createApiHarness(clashing).as(owner).order.next());
    expect(failure).toEqual({ status: 409, code: 'CONFLICT', message: 'A record with these details already exists' });
  });
});
