/**
 * The vendors' account slugs kept per family (docs/BOOKS.md, Default names): whatever the
 * store's vendors are called, the slugs `vendorAccountSlugs` gives the vendors of one
 * family among themselves are those `chartOfAccounts` gives them among all, so a rename
 * recomputes the two families it touches and names nothing else differently.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chartOfAccounts, vendorAccountName, vendorAccountSlugs, vendorSlugFamily } from '../src/index';

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
});
