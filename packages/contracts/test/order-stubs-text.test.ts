import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, ZLookupOrdersOutput, isOrderStubsText } from '../src/order';

// The lookup answers the database's text of its stubs as is when `isOrderStubsText`
// accepts it: whatever it accepts must be what the schema accepts, and re-encoding the
// schema's answer must give the same text, byte for byte.
const HEAD = '{"success":true,"orderStubs":';

/** What the schema answers for the text, as JSON text; null when the text is not JSON or the schema refuses it. */
function schemaText(text: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const result = ZLookupOrdersOutput.safeParse({ success: true, orderStubs: parsed });
  return result.success ? JSON.stringify(result.data) : null;
}

const plainText = fc.string({ unit: fc.constantFrom('a', 'Z', '0', ' ', '-', "'", 'é', '€', '/', '<', '\u2028', '\u007f') });
const anyText = fc.string({ unit: 'binary', maxLength: 12 });
const validDate = fc.date({ min: new Date('0001-01-01T00:00:00.000Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }).map((d) => d.toISOString());
const stub = fc.record({
  id: fc.oneof(fc.integer({ min: 1, max: 999_999_999_999_999 }), fc.constantFrom(0, -1, 1.5, 2 ** 53, 2 ** 53 + 2, 1e16)),
  orderNumber: fc.oneof(plainText, anyText),
  customerName: fc.oneof(plainText, anyText),
  createdAt: fc.oneof(validDate, fc.constantFrom('2026-02-29T00:00:00.000Z', '2024-02-29T10:00:00Z', '2026-11-27T10:00:00.000+01:00', '2026-13-01T00:00:00.000Z', '2026-11-27 10:00:00')),
  status: fc.oneof(fc.constantFrom(...ORDER_STATUSES), fc.constantFrom('completed', 'PAID', '')),
  total: fc.record({ type: fc.constantFrom('Money', 'Percent'), value: fc.oneof(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).map(String), fc.constantFrom('', '1.5', '+1', '01')) }),
});
const stubs = fc.array(stub, { maxLength: 6 });

describe("the lookup's stub text", () => {
  it('accepts only text the schema answers with that very text', () => {
    fc.assert(
      fc.property(stubs, (value) => {
        const text = JSON.stringify(value);
        if (isOrderStubsText(text)) expect(schemaText(text)).toBe(HEAD + text + '}');
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts the database\'s form of stubs whose texts need no escaping', () => {
    const plainStub = fc.record({
      id: fc.integer({ min: 1, max: 999_999_999_999_999 }),
      orderNumber: plainText,
      customerName: plainText,
      createdAt: validDate.filter((d) => /^\d{4}-/.test(d)),
      status: fc.constantFrom(...ORDER_STATUSES),
      total: fc.record({ type: fc.constant('Money'), value: fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).map(String) }),
    });
    fc.assert(
      fc.property(fc.array(plainStub, { maxLength: 6 }), (value) => {
        const text = JSON.stringify(value);
        expect(isOrderStubsText(text)).toBe(true);
        expect(schemaText(text)).toBe(HEAD + text + '}');
      }),
    );
    expect(isOrderStubsText('[]')).toBe(true);
  });

  it('refuses text changed anywhere unless the schema answers the changed text as it is', () => {
    const good = JSON.stringify([
      { id: 12, orderNumber: 'B1-12', customerName: 'Ann Lee', createdAt: '2026-11-27T10:11:12.345Z', status: 'COMPLETED', total: { type: 'Money', value: '21000000' } },
      { id: 9, orderNumber: 'B1-9', customerName: '', createdAt: '2024-02-29T00:00:00.000Z', status: 'DRAFT', total: { type: 'Money', value: '-5' } },
    ]);
    const edit = fc.record({ at: fc.nat(good.length), drop: fc.nat(3), insert: fc.string({ unit: fc.constantFrom('"', '\\', ',', '{', '}', '[', ']', ':', ' ', '0', '9', '-', '.', 'Z', 'T', 'e', 'u', 'n', '\n'), maxLength: 3 }) });
    fc.assert(
      fc.property(edit, ({ at, drop, insert }) => {
        const text = good.slice(0, at) + insert + good.slice(at + drop);
        if (isOrderStubsText(text)) expect(schemaText(text)).toBe(HEAD + text + '}');
      }),
      { numRuns: 5000 },
    );
    for (const bad of ['', '[', '[{}]', ' []', '[] ', 'null', good.replace('Ann Lee', 'Ann \\"Lee\\"'), good.replace('"id":12', '"id":12.0'), good.replace('"id":12', '"id":012'), good.replace('.345Z', '.345+00:00'), good.replace('"id":12,', '"id":12, ')]) {
      expect(isOrderStubsText(bad)).toBe(false);
    }
  });
});
