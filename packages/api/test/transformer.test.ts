import fc from 'fast-check';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { isPlainJson, serialize, transformer } from '../src/transformer';

const anything = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  withUnicodeString: true,
});

/** What `f` answers, or the message it throws (superjson refuses some keys). */
function outcome(f: () => unknown): { answer: unknown } | { thrown: string } {
  try {
    return { answer: f() };
  } catch (error) {
    return { thrown: String(error) };
  }
}

describe('the tRPC output transformer', () => {
  it('answers exactly what superjson answers, for any value', () => {
    fc.assert(
      fc.property(anything, (value) => {
        const ours = outcome(() => serialize(value));
        const theirs = outcome(() => superjson.serialize(value));
        expect(ours).toStrictEqual(theirs);
        expect(JSON.stringify(ours)).toBe(JSON.stringify(theirs));
      }),
      { numRuns: 2000 },
    );
  });

  it('round-trips any value through the client side (superjson.deserialize)', () => {
    fc.assert(
      fc.property(anything, (value) => {
        fc.pre(!('thrown' in outcome(() => superjson.serialize(value))));
        expect(transformer.output.deserialize(JSON.parse(JSON.stringify(serialize(value))))).toEqual(superjson.parse(superjson.stringify(value)));
      }),
      { numRuns: 1000 },
    );
  });

  it('takes the short way only for plain JSON met once', () => {
    const refusedKey = /"(__proto__|constructor|prototype)":/;
    // Through a JSON text and back, as values come from the database (fc.jsonValue makes -0).
    const json = fc.jsonValue().map((v) => JSON.stringify(v)).filter((text) => !refusedKey.test(text));
    fc.assert(fc.property(json, (text) => isPlainJson(JSON.parse(text))), { numRuns: 2000 });
    const shared = { a: 1 };
    const refused = ['__proto__', 'constructor', 'prototype'].map((key) => JSON.parse(`{"${key}": 1}`) as unknown);
    // A hole in an array is one of the cases superjson records, so the list holds one.
    // eslint-disable-next-line no-sparse-arrays
    for (const value of [1n, new Date(0), undefined, Number.NaN, -0, Infinity, { a: undefined }, [1, , 3], new Map(), { x: shared, y: shared }, { n: [1n] }, ...refused]) {
      expect(isPlainJson(value)).toBe(false);
    }
    const stubs = { success: true, orderStubs: [{ id: 1, orderNumber: 'A-1', total: { type: 'Money', value: '1500000' } }] };
    expect(serialize(stubs)).toStrictEqual({ json: stubs });
  });
});
