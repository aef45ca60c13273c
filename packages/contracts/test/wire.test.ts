import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INT64_MAX, INT64_MIN } from '@pos/domain';
import { zDateOut, zDateWireOut, zIdOut, zIdWireOut, zMoneyOut, zMoneyWireOut } from '../src/wire';

// The order lookup's stubs come from the database already in wire form; these schemas
// check them. They must accept whatever the converting schemas write, and nothing else.
describe('wire-form output checks', () => {
  it('accept every value the converting schemas write', () => {
    fc.assert(fc.property(fc.bigInt({ min: INT64_MIN, max: INT64_MAX }), (v) => zMoneyWireOut.safeParse(zMoneyOut.parse(v)).success));
    fc.assert(fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (v) => zIdWireOut.safeParse(zIdOut.parse(BigInt(v))).success));
    fc.assert(
      fc.property(fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }), (d) => zDateWireOut.safeParse(zDateOut.parse(d)).success),
    );
  });

  it('refuse what is not in wire form', () => {
    for (const value of ['1.5', '', '1e6', ' 1', '0x10']) expect(zMoneyWireOut.safeParse({ type: 'Money', value }).success).toBe(false);
    expect(zMoneyWireOut.safeParse({ type: 'Percent', value: '1' }).success).toBe(false);
    for (const id of [0, -1, 1.5, Number.NaN]) expect(zIdWireOut.safeParse(id).success).toBe(false);
    for (const at of ['2025-06-07 08:09:10', '2025-06-07T08:09:10.987+02:00', 'yesterday']) expect(zDateWireOut.safeParse(at).success).toBe(false);
  });
});
