import { describe, expect, it } from 'vitest';
import {
  carriedTaxName,
  NO_STORE_TAXES,
  blankedLine,
  commitLive,
  emptyLine,
  lineAmounts,
  lineFromServer,
  lineIsComplete,
  lineIsEmpty,
  lineSignature,
  lineWarnings,
  lineOwner,
  scannedItemLine,
  presetTaxes,
  storeTaxesFrom,
  summarizeLines,
  taxLabel,
  toSubmitLine,
  toUpdateLineInput,
  visibleDraftLines,
  visibleTaxSlots,
  withTax,
  type LineState,
  type StoreTaxes,
} from './order-lines';
import { money, percent, serverLine } from './test-fixtures';

const TAXES: StoreTaxes = [
  { shortName: 'GST', percent: 7_250_000n, enabled: true, applyByDefault: true },
  { shortName: 'PST', percent: 5_000_000n, enabled: true, applyByDefault: false },
  { shortName: '', percent: 0n, enabled: false, applyByDefault: false },
];

function line(over: Partial<LineState> = {}): LineState {
  return { ...emptyLine('L1', 5, NO_STORE_TAXES), ...over };
}

describe('order lines', () => {
  it('reads the store taxes from the settings', () => {
    const settings = {
      tax1ShortName: ' GST ', tax1Percent: percent(7_250_000), tax1Enabled: true, tax1ApplyByDefault: true,
      tax2ShortName: 'PST', tax2Percent: percent(5_000_000), tax2Enabled: true, tax2ApplyByDefault: false,
      tax3ShortName: '', tax3Percent: percent(0), tax3Enabled: false, tax3ApplyByDefault: false,
    };
    expect(storeTaxesFrom(settings)).toEqual(TAXES);
    expect(storeTaxesFrom(undefined)).toBe(NO_STORE_TAXES);
  });

  it('a new line: quantity 1, price 0, the apply-by-default taxes on', () => {
    const fresh = emptyLine('L9', null, TAXES);
    expect(fresh).toMatchObject({ key: 'L9', id: null, quantity: 1, price: 0n, discountPercent: 0n, itemCode: '', description: '' });
    expect(fresh.taxes).toEqual(presetTaxes(TAXES));
    expect(fresh.taxes.map((t) => t.enabled)).toEqual([true, false, false]);
    expect(fresh.taxes[0]).toEqual({ enabled: true, percent: 7_250_000n, description: 'GST' });
  });

  it('a disabled tax is never preset even when it applies by default', () => {
    const taxes: StoreTaxes = [{ ...TAXES[0], enabled: false }, TAXES[1], TAXES[2]];
    expect(presetTaxes(taxes)[0].enabled).toBe(false);
  });

  it('toggling a tax on copies the store percent and short name, off zeroes it', () => {
    const on = withTax(line(), 1, true, TAXES[1]);
    expect(on.taxes[1]).toEqual({ enabled: true, percent: 5_000_000n, description: 'PST' });
    expect(withTax(on, 1, false, TAXES[1]).taxes[1]).toEqual({ enabled: false, percent: 0n, description: '' });
  });

  it('computes a line and the summary with the domain (19.99 x 3, 10% off, 7.25% tax)', () => {
    const l = withTax(line({ quantity: 3, price: 19_990_000n, discountPercent: 10_000_000n }), 0, true, TAXES[0]);
    expect(lineAmounts(l)).toEqual({ amount: 59_970_000n, discount: 6_000_000n, total: 53_970_000n, taxes: [3_910_000n, 0n, 0n] });
    const other = line({ key: 'L2', quantity: 2, price: 5_000_000n });
    expect(summarizeLines([l, other])).toEqual({ subtotal: 69_970_000n, discount: 6_000_000n, tax1: 3_910_000n, tax2: 0n, tax3: 0n, total: 67_880_000n });
  });

  it('live typed values count before they are committed', () => {
    const l = line({ quantity: 2, price: 1_000_000n, livePrice: 3_000_000n, liveDiscountPercent: 50_000_000n });
    expect(lineAmounts(l)?.total).toBe(3_000_000n);
    const committed = commitLive(l);
    expect(committed).toMatchObject({ price: 3_000_000n, discountPercent: 50_000_000n, livePrice: null, liveDiscountPercent: null });
    const plain = line();
    expect(commitLive(plain)).toBe(plain);
  });

  it('amounts out of the money range give null, not an exception', () => {
    const huge = line({ quantity: 1_000_000, price: 9_000_000_000_000_000_000n });
    expect(lineAmounts(huge)).toBeNull();
    expect(summarizeLines([huge])).toBeNull();
  });

  it('empty and complete lines follow the domain (live values included)', () => {
    expect(lineIsEmpty(line())).toBe(true);
    expect(lineIsEmpty(line({ livePrice: 1n }))).toBe(false);
    expect(lineIsComplete(line({ itemCode: 'AB', description: 'Vase', price: 1n }))).toBe(true);
    expect(lineIsComplete(line({ itemCode: 'AB', description: 'Vase', livePrice: 1n }))).toBe(true);
    expect(lineIsComplete(line({ itemCode: 'AB', description: ' ', price: 1n }))).toBe(false);
    expect(lineIsComplete(line({ itemCode: 'AB', description: 'Vase', price: 1n, quantity: 0 }))).toBe(false);
  });

  it('maps a line to /order/update-line and /order/submit', () => {
    const l = withTax(line({ itemCode: ' ab1 ', description: ' Vase ', quantity: 3, price: 19_990_000n, discountPercent: 10_000_000n }), 0, true, TAXES[0]);
    expect(toUpdateLineInput({ ...l, id: 5 }, true)).toEqual({
      orderLineId: 5,
      itemNumber: '',
      itemCode: 'ab1',
      itemDescription: 'Vase',
      quantity: 3,
      price: money(19_990_000),
      discountPercent: percent(10_000_000),
      createNewLine: true,
      tax1Enabled: true,
      tax1Percent: percent(7_250_000),
      tax1Description: 'GST',
      tax2Enabled: false,
      tax2Percent: percent(0),
      tax2Description: '',
      tax3Enabled: false,
      tax3Percent: percent(0),
      tax3Description: '',
    });
    expect(toSubmitLine(l)).toMatchObject({ id: 5, description: 'Vase', itemCode: 'ab1', total: money(53_970_000) });
    expect('id' in toSubmitLine({ ...l, id: null })).toBe(false);
  });

  it('reads a server line, taxes off when disabled', () => {
    const s = serverLine({ id: 7, itemCode: 'AB1', description: 'Vase', quantity: 2, price: money(5_000_000), tax2Enabled: true, tax2Percent: percent(5_000_000), tax2Description: 'PST', tax1Percent: percent(9), knownItemCode: true });
    const l = lineFromServer('K', s);
    expect(l).toMatchObject({ key: 'K', id: 7, quantity: 2, price: 5_000_000n, check: { code: 'AB1', known: true, warnOnNoControlCode: false } });
    expect(l.taxes[0]).toEqual({ enabled: false, percent: 0n, description: '' });
    expect(l.taxes[1]).toEqual({ enabled: true, percent: 5_000_000n, description: 'PST' });
  });

  it('the signature ignores live values and surrounding spaces', () => {
    expect(lineSignature(line({ itemCode: 'A ', livePrice: 5n }))).toBe(lineSignature(line({ itemCode: 'A' })));
    expect(lineSignature(line({ price: 5n }))).not.toBe(lineSignature(line()));
  });

  it('warns about an unknown code, or a known one that wants a control code, for the current code only', () => {
    const unknown = line({ itemCode: 'ZZ9', check: { code: 'ZZ9', known: false, warnOnNoControlCode: false } });
    expect(lineWarnings(unknown)).toEqual({ unknownCode: true, noControlCode: false, unsellable: null });
    expect(lineWarnings({ ...unknown, itemCode: 'ZZ8' })).toEqual({ unknownCode: false, noControlCode: false, unsellable: null });
    expect(lineWarnings(line({ itemCode: 'ab12', check: { code: 'AB12', known: true, warnOnNoControlCode: true } }))).toEqual({ unknownCode: false, noControlCode: true, unsellable: null });
    expect(lineWarnings(line({ itemCode: '', check: null }))).toEqual({ unknownCode: false, noControlCode: false, unsellable: null });
  });

  it('a scanned item fills the line, bound by its number; a sold one is refused with the reason and pays no one', () => {
    const vendor = { tradeName: 'Ruth Antiques', booth: 'RUTH1' };
    const filled = scannedItemLine(line({ itemCode: '10001', price: 0n }), {
      kind: 'ITEM',
      vendor,
      item: { itemNumber: '10001', itemCode: 'RUTH1', description: 'Cameo brooch', price: money(35_000_000) },
      unsellable: null,
    });
    expect(filled).toMatchObject({ itemNumber: '10001', itemCode: 'RUTH1', description: 'Cameo brooch', price: 35_000_000n, quantity: 1 });
    expect(lineOwner(filled)).toEqual(vendor);
    expect(toUpdateLineInput({ ...filled, id: 3 }, false)).toMatchObject({ itemNumber: '10001', itemCode: 'RUTH1' });
    expect(lineSignature(filled)).not.toBe(lineSignature({ ...filled, itemNumber: '' }));
    const sold = line({ itemCode: '10002', scan: { code: '10002', known: true, vendor, unsellable: 'Item 10002 was sold on order ORD-1042' } });
    expect(lineWarnings(sold).unsellable).toBe('Item 10002 was sold on order ORD-1042');
    expect(lineOwner(sold)).toBeNull();
    expect(lineFromServer('K', serverLine({ id: 9, itemNumber: '10001', itemCode: 'RUTH1' })).itemNumber).toBe('10001');
  });

  it('names tax columns by the store short name, else a line description; shows them by short name or use', () => {
    expect(taxLabel(0, TAXES)).toBe('GST');
    const carried = withTax(line(), 2, true, { shortName: 'OLD', percent: 1n, enabled: true, applyByDefault: false });
    expect(carriedTaxName(2, [line(), carried])).toBe('OLD');
    expect(taxLabel(2, TAXES, carriedTaxName(2, [carried]))).toBe('OLD');
    expect(taxLabel(2, TAXES, carriedTaxName(2, []))).toBe('Tax 3');
    expect(visibleTaxSlots(TAXES, [false, false, false])).toEqual([0, 1]);
    expect(visibleTaxSlots(TAXES, [false, false, true])).toEqual([0, 1, 2]);
    expect(visibleTaxSlots(NO_STORE_TAXES, [false, false, false])).toEqual([]);
  });

  it('a reopened draft skips blank lines but keeps a trailing one to type into', () => {
    const full = (id: number) => serverLine({ id, itemCode: 'A', price: money(1) });
    const blank = (id: number) => serverLine({ id });
    expect(visibleDraftLines([full(1), blank(2), full(3)]).map((l) => l.id)).toEqual([1, 3]);
    expect(visibleDraftLines([full(1), blank(2), full(3), blank(4)]).map((l) => l.id)).toEqual([1, 3, 4]);
    expect(visibleDraftLines([blank(1), blank(2)]).map((l) => l.id)).toEqual([2]);
    expect(visibleDraftLines([])).toEqual([]);
  });

  it('a blanked line is empty', () => {
    expect(lineIsEmpty(blankedLine(line({ itemCode: 'A', price: 5n })))).toBe(true);
  });
});
