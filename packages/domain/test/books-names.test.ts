/**
 * The vendors' account slugs kept per family (docs/BOOKS.md, Default names): whatever the
 * store's vendors are called, the slugs `vendorAccountSlugs` gives the vendors of one
 * family among themselves are those `chartOfAccounts` gives them among all, so a rename
 * recomputes the two families it touches and names nothing else differently.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chartOfAccounts, chartOfKeptAccounts, vendorAccountName, vendorAccountSlugs, vendorSlugFamily } from '../src/index';

// Names that collide: the same slug, a slug that is another's suffixed name, all punctuation, the fallback's own spelling.
const nameArb = fc.constantFrom('Ada', 'ada', 'ADA!', 'Ada 3', 'ada-3', 'ada 3 5', 'Bo & Co.', 'bo co', 'bo-co-4', '!!', '', 'vendor 2', 'Vendor-7', 'Éa', 'éa 1');

describe('vendor slugs kept per family', () => {
  it('are the chart’s names, family by family', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 25 }), fc.array(nameArb, { minLength: 25, maxLength: 25 }), (ids, names) => {
        const vendors = ids.map((id, i) => ({ id: BigInt(id), name: names[i]! }));
        const chart = chartOfAccounts({ paymentMethods: [], taxes: [], vendors, separateStatementCodes: [] });
        const derived = new Map(chart.filter((a) => a.key.startsWith('vendor:')).map((a) => [a.key, a.name]));
        const families = new Map<string, typeof vendors>();
        for (const v of vendors) families.set(vendorSlugFamily(v), [...(families.get(vendorSlugFamily(v)) ?? []), v]);
        for (const members of families.values()) {
          for (const [id, slug] of vendorAccountSlugs(members)) expect(vendorAccountName(slug)).toBe(derived.get(`vendor:${id}`));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('give the chart `chartOfAccounts` derives from every name: accounts, names and order, codes with their own account under their vendor', () => {
    const codeArb = fc.record({ id: fc.integer({ min: 1, max: 60 }), vendor: fc.nat(), code: fc.constantFrom('BC1', 'bc1', 'BC 1', '!!', 'AD-2', 'ad 2') });
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 25 }),
        fc.array(nameArb, { minLength: 25, maxLength: 25 }),
        fc.uniqueArray(codeArb, { maxLength: 12, selector: (c) => c.id }),
        fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 9 }), name: fc.constantFrom('Card', 'card', 'Gift card', 'Cash'), isCash: fc.boolean() }), { maxLength: 4, selector: (m) => m.id }),
        (ids, names, codes, methods) => {
          const vendors = ids.map((id, i) => ({ id: BigInt(id), name: names[i]! }));
          const separateStatementCodes = codes.map((c) => ({ id: BigInt(c.id), vendorId: vendors[c.vendor % vendors.length]!.id, code: c.code }));
          const paymentMethods = methods.map((m) => ({ id: BigInt(m.id), name: m.name, isCash: m.isCash }));
          const taxes = [{ slot: 1 as const, shortName: 'GST' }, { slot: 2 as const, shortName: 'PST' }, { slot: 3 as const, shortName: '' }];
          const slugs = vendorAccountSlugs(vendors);
          const kept = chartOfKeptAccounts({ paymentMethods, taxes, separateStatementCodes, vendors: [...vendors].reverse().map((v) => ({ id: v.id, slug: slugs.get(v.id)! })) });
          expect(kept).toEqual(chartOfAccounts({ paymentMethods, taxes, vendors, separateStatementCodes }));
        },
      ),
      { numRuns: 300 },
    );
  });
});
