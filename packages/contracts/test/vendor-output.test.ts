import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INT64_MAX } from '@pos/domain';
import { DEDUCT_RENT_OVERRIDES, VENDOR_TYPES, ZListVendorsOutput, parseListVendorsOutput } from '../src/vendor';

// The vendor list's answer is checked by a loop of its own (every till and back-office
// page reads it); it must answer exactly what the contract's schema answers, and refuse
// exactly what it refuses.
const money = fc.bigInt({ min: -INT64_MAX, max: INT64_MAX });
const id = fc.oneof(fc.bigInt({ min: 1n, max: INT64_MAX }), fc.integer({ min: 1 }), fc.constantFrom(-0, 0.5, 2 ** 60));
const code = fc.record(
  {
    id,
    tag: fc.string(),
    vendorId: fc.oneof(id, fc.constant(null)),
    warnOnNoControlCode: fc.boolean(),
    defaultCommissionPercent: money,
    receivesSeparateStatement: fc.boolean(),
    proportionalCcFee: fc.boolean(),
    deductMonthlyRentOverride: fc.constantFrom(...DEDUCT_RENT_OVERRIDES),
    monthlyRent: money,
    storeId: id,
  },
  { requiredKeys: ['id', 'tag', 'vendorId', 'warnOnNoControlCode', 'defaultCommissionPercent', 'receivesSeparateStatement', 'proportionalCcFee', 'deductMonthlyRentOverride', 'monthlyRent'] },
);
const contact = fc.record({ id, name: fc.string(), email: fc.string(), primaryPhone: fc.string(), secondaryPhone: fc.string(), priority: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })), extra: fc.string() }, { requiredKeys: ['id', 'name', 'email', 'primaryPhone', 'secondaryPhone', 'priority'] });
const vendor = fc.record(
  {
    id,
    tradeName: fc.string(),
    deductMonthlyRent: fc.boolean(),
    vendorType: fc.constantFrom(...VENDOR_TYPES),
    monthlyRent: money,
    booth: fc.string(),
    mailingAddress: fc.string(),
    taxId: fc.string(),
    outstandingStatementBalance: money,
    primaryContact: fc.oneof(fc.constant(null), contact),
    itemCodes: fc.array(code, { maxLength: 4 }),
    contactName: fc.string(),
  },
  { requiredKeys: ['id', 'tradeName', 'deductMonthlyRent', 'vendorType', 'monthlyRent', 'booth', 'mailingAddress', 'taxId', 'outstandingStatementBalance', 'primaryContact', 'itemCodes'] },
);
const answer = fc.record({ success: fc.boolean(), vendors: fc.array(vendor, { maxLength: 6 }), totalVendors: id });

/** The error's issues, or the answer. */
function outcome(parse: () => unknown): unknown {
  try {
    return { answer: parse() };
  } catch (error) {
    return { issues: (error as { issues?: unknown }).issues ?? String(error) };
  }
}
const json = (v: unknown) => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x));

describe("the vendor list's answer check", () => {
  it('answers what the schema answers: unknown keys left out, ids as numbers, money in wire form, in the same key order', () => {
    fc.assert(
      fc.property(answer, (value) => {
        const fast = parseListVendorsOutput(value);
        const zod = ZListVendorsOutput.parse(value);
        expect(fast).toEqual(zod);
        expect(json(fast)).toBe(json(zod));
      }),
    );
  });

  it('refuses what the schema refuses, with its issues', () => {
    const badVendor = fc.oneof(
      fc.constant(null),
      fc.constant('x'),
      fc.constant([]),
      vendor.map((v) => ({ ...v, id: '5' })),
      vendor.map((v) => ({ ...v, id: Number.POSITIVE_INFINITY })),
      vendor.map((v) => ({ ...v, vendorType: 'RENTER' })),
      vendor.map((v) => ({ ...v, monthlyRent: 5 })),
      vendor.map((v) => ({ ...v, booth: null })),
      vendor.map((v) => ({ ...v, primaryContact: undefined })),
      vendor.map((v) => ({ ...v, primaryContact: { id: 1n, name: 'n', email: '', primaryPhone: '', secondaryPhone: '', priority: Number.NaN } })),
      vendor.map((v) => ({ ...v, primaryContact: { id: 1n, name: 'n', email: '', primaryPhone: '', priority: 1 } })),
      vendor.map((v) => ({ ...v, itemCodes: [null] })),
      vendor.map((v) => ({ ...v, itemCodes: 'none' })),
      vendor.chain((v) => code.map((c) => ({ ...v, itemCodes: [{ ...c, deductMonthlyRentOverride: 'ALWAYS' }] }))),
      vendor.chain((v) => code.map((c) => ({ ...v, itemCodes: [{ ...c, defaultCommissionPercent: 1 }] }))),
      vendor.chain((v) => code.map((c) => ({ ...v, itemCodes: [{ ...c, vendorId: undefined }] }))),
    );
    fc.assert(
      fc.property(answer, badVendor, fc.nat(), (value, bad, at) => {
        const vendors: unknown[] = [...value.vendors];
        vendors.splice(at % (vendors.length + 1), 0, bad);
        const wrong = { ...value, vendors };
        expect(outcome(() => parseListVendorsOutput(wrong))).toEqual(outcome(() => ZListVendorsOutput.parse(wrong)));
        expect(() => parseListVendorsOutput(wrong)).toThrow();
      }),
    );
    for (const wrong of [null, {}, [], { success: true, vendors: 'none', totalVendors: 1n }, { success: true, vendors: [], totalVendors: '1' }, { success: 'yes', vendors: [], totalVendors: 1 }]) {
      expect(outcome(() => parseListVendorsOutput(wrong))).toEqual(outcome(() => ZListVendorsOutput.parse(wrong)));
      expect(() => parseListVendorsOutput(wrong)).toThrow();
    }
  });
});
