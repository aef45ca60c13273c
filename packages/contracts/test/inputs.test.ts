/**
 * Rules every input schema shares, checked over all of them at once (a new input is
 * covered without anyone listing it): no text a client may send can carry the NUL
 * character, which PostgreSQL refuses; dates stay within the years the database holds;
 * sales stay within the business limits.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LIMIT_MESSAGES, PRICE_LIMIT, QUANTITY_MAX } from '@pos/domain';
import * as contracts from '../src/index';
import { zDateInput, zOptionalText, zString, zText } from '../src/wire';

type Node = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };

/** Every string schema a value sent by a client can reach, with the path to it. */
function stringLeaves(schema: Node, path: string, seen = new Set<Node>()): { path: string; schema: Node }[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def;
  const walk = (child: unknown, at = path) => stringLeaves(child as Node, at, seen);
  switch (def.type) {
    case 'string':
      return [{ path, schema }];
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, child]) => walk(child, `${path}.${key}`));
    case 'array':
      return walk(def.element, `${path}[]`);
    case 'union':
      return (def.options as unknown[]).flatMap((option) => walk(option));
    case 'pipe':
      return [...walk(def.in), ...walk(def.out)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return walk(def.innerType);
    default:
      return [];
  }
}

const inputSchemas = Object.entries(contracts as Record<string, unknown>).filter(
  (entry): entry is [string, Node] => /^Z\w+Input$/.test(entry[0]) && typeof entry[1] === 'object' && entry[1] !== null && '_zod' in entry[1],
);

describe('every text input', () => {
  it('finds the input schemas and their text fields (the walk is not empty)', () => {
    expect(inputSchemas.map(([name]) => name)).toEqual(expect.arrayContaining(['ZLoginInput', 'ZSubmitOrderInput', 'ZLookupOrdersInput', 'ZRoadmapInput', 'ZUpdateSettingsInput']));
    const leaves = inputSchemas.flatMap(([name, schema]) => stringLeaves(schema, name));
    expect(leaves.map((l) => l.path)).toEqual(expect.arrayContaining(['ZSubmitOrderInput.items[].description', 'ZUpdateSettingsInput.tax1ShortName', 'ZLookupOrdersInput.customer']));
  });

  it('refuses a string with the NUL character, wherever it sits', () => {
    const accepting = inputSchemas
      .flatMap(([name, schema]) => stringLeaves(schema, name))
      .filter(({ schema }) => schema.safeParse('ab\u0000cd').success || schema.safeParse('\u0000').success)
      .map((l) => l.path);
    expect(accepting).toEqual([]);
  });

  it('names the field in the NUL message', () => {
    expect(zText('Title').safeParse('a\u0000').error?.issues.map((i) => i.message)).toContain('Title must not contain the NUL character');
    expect(zOptionalText('Secondary Phone', 40).safeParse('\u0000').error?.issues[0]?.message).toBe('Secondary Phone must not contain the NUL character');
    // Without a label the API prefixes the message with the field's path.
    const issue = contracts.ZLookupOrdersInput.safeParse({ customer: 'a\u0000' }).error?.issues[0];
    expect(issue).toMatchObject({ path: ['customer'], message: 'Customer must not contain the NUL character' });
    expect(zString().safeParse('\u0000').error?.issues[0]?.message).toBe('must not contain the NUL character');
  });
});

describe('every date input', () => {
  const date = zDateInput('Start Date', { dateOnly: true });

  it('accepts the years 1900 to 9999, with an offset or as a bare date', () => {
    for (const text of ['1900-01-01T00:00:00Z', '2026-05-01T09:30:00-05:00', '9999-12-31T23:59:59Z', '2026-05-01', '9999-12-31']) {
      expect(date.safeParse(text).success, text).toBe(true);
    }
  });

  it('refuses years the database cannot hold, or outside the range, naming the field', () => {
    for (const text of ['0000-01-01T00:00:00Z', '1899-12-31T23:59:59Z', '0001-01-01', '9999-12-31T23:00:00-05:00']) {
      expect(date.safeParse(text).error?.issues[0]?.message, text).toBe('Start Date must be between the years 1900 and 9999');
    }
    expect(date.safeParse('+010000-01-01T00:00:00Z').success).toBe(false);
    expect(date.safeParse('yesterday').error?.issues[0]?.message).toBe('Start Date must be an ISO date or date-time with offset');
  });

  it('is what the lookup and the roadmap use', () => {
    expect(contracts.ZLookupOrdersInput.safeParse({ startDate: '0000-01-01' }).success).toBe(false);
    expect(contracts.ZLookupOrdersInput.safeParse({ endDate: '9999-12-31T23:30:00-01:00' }).success).toBe(false);
    const entry = { title: 'T', description: 'D', estimatedCompletion: '0000-06-01T00:00:00Z' };
    expect(contracts.ZRoadmapInput.safeParse({ action: 'create', entry }).error?.issues[0]?.message).toBe('Estimated Completion must be between the years 1900 and 9999');
    expect(contracts.ZRoadmapInput.safeParse({ action: 'create', entry: { ...entry, estimatedCompletion: '2026-06-01T00:00:00Z', actualCompletion: '1899-01-01T00:00:00Z' } }).success).toBe(false);
  });
});

describe('order lines within the business limits', () => {
  const money = (value: bigint) => ({ type: 'Money', value: value.toString() });

  it('refuse a price beyond the limit in either sign, on update-line and submit', () => {
    for (const price of [PRICE_LIMIT + 1n, -PRICE_LIMIT - 1n]) {
      expect(contracts.ZUpdateLineInput.safeParse({ orderLineId: 1, price: money(price) }).error?.issues[0]?.message).toBe(LIMIT_MESSAGES.price);
      expect(contracts.ZSubmitOrderInput.safeParse({ orderId: 1, items: [{ price: money(price) }] }).error?.issues[0]?.message).toBe(LIMIT_MESSAGES.price);
    }
    expect(contracts.ZUpdateLineInput.safeParse({ orderLineId: 1, price: money(PRICE_LIMIT), quantity: QUANTITY_MAX }).success).toBe(true);
    expect(contracts.ZUpdateLineInput.safeParse({ orderLineId: 1, quantity: QUANTITY_MAX + 1 }).error?.issues[0]?.message).toBe(LIMIT_MESSAGES.quantity);
  });

  it('leave out of a submitted line what the body leaves out (no default replaces a saved value)', () => {
    const parsed = contracts.ZSubmitOrderInput.parse({ orderId: 1, items: [{ id: 5, price: money(1n) }] });
    expect(parsed).toEqual({ orderId: 1, items: [{ id: 5, price: 1n }] });
  });
});
