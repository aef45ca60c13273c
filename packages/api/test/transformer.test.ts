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

describe('the tRPC output transformer', () => {
  it('answers exactly what superjson answers, for any value', () => {
    fc.assert(
      fc.property(anything, (value) => {
        const ours = serialize(value);
        const theirs = superjson.serialize(value);
        expect(ours).toStrictEqual(theirs);
        expect(JSON.stringify(ours)).toBe(JSON.stringify(theirs));
      }),
      { numRuns: 2000 },
    );
  });

  it('round-trips any value through the client side (superjson.deserialize)', () => {
    fc.assert(
      fc.property(anything, (value) => {
        expect(transformer.output.deserialize(JSON.parse(JSON.stringify(serialize(value))))).toEqual(superjson.parse(superjson.stringify(value)));
      }),
      { numRuns: 1000 },
    );
  });

  it('takes the short way only for plain JSON met once', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => isPlainJson(value)));
    const shared = { a: 1 };
    for (const value of [1n, new Date(0), undefined, Number.NaN, -0, Infinity, { a: undefined }, [1, , 3], new Map(), { x: shared, y: shared }, { n: [1n] }]) {
      expect(isPlainJson(value)).toBe(false);
    }
    const stubs = { success: true, orderStubs: [{ id: 1, orderNumber: 'A-1', total: { type: 'Money', value: '1500000' } }] };
    expect(serialize(stubs)).toStrictEqual({ json: stubs });
  });
});
