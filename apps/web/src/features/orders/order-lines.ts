/**
 * An order line as the editor holds it, and every mapping around it: from the server's
 * line, to the /order/update-line and /order/submit inputs, its amounts with the
 * domain's computeLine (the server's own arithmetic), the summary with summarizeOrder,
 * tax toggles and the item-code warnings. Pure functions, no React.
 */
import { computeLine, DomainError, isLineComplete, isLineEmpty, movesMoneyOut, presetLineTaxes, summarizeOrder, taxOn, type LineAmounts, type LineInput, type OrderSummary } from '@pos/domain';
import { fromWire, toMoneyWire, toPercentWire, type OrderLine } from '@pos/contracts';
import type { inferRouterInputs } from '@trpc/server';
import type { AppRouter } from '@pos/api';

export type TaxSlot = 0 | 1 | 2;
export const TAX_SLOT_INDEXES: readonly TaxSlot[] = [0, 1, 2];

export interface LineTax {
  enabled: boolean;
  /** Percent micro-units; 0 when off. */
  percent: bigint;
  /** The tax's short name at the time it was applied; '' when off. */
  description: string;
}
export type LineTaxes = readonly [LineTax, LineTax, LineTax];

/** One of the store's three taxes (store settings). */
export interface StoreTax {
  shortName: string;
  percent: bigint;
  enabled: boolean;
  applyByDefault: boolean;
}
export type StoreTaxes = readonly [StoreTax, StoreTax, StoreTax];

const NO_STORE_TAX: StoreTax = { shortName: '', percent: 0n, enabled: false, applyByDefault: false };
export const NO_STORE_TAXES: StoreTaxes = [NO_STORE_TAX, NO_STORE_TAX, NO_STORE_TAX];
const TAX_OFF: LineTax = { enabled: false, percent: 0n, description: '' };
export const NO_LINE_TAXES: LineTaxes = [TAX_OFF, TAX_OFF, TAX_OFF];

/** What the server said about the item code it saved last. */
export interface CodeCheck {
  code: string;
  known: boolean;
  warnOnNoControlCode: boolean;
}

/**
 * What /item/scan said of a code as it was typed: who is paid for it (null: the store's
 * own), or that it names nothing; for a tagged item that cannot be sold (sold, withdrawn),
 * why.
 */
export interface CodeScan {
  code: string;
  known: boolean;
  vendor: { tradeName: string; booth: string } | null;
  unsellable?: string | null;
}

/** /item/scan's answer as the till reads it (null: the code names nothing). */
export interface ScanAnswer {
  kind: 'ITEM' | 'ITEM_CODE';
  vendor: { tradeName: string; booth: string } | null;
  item: { itemNumber: string; itemCode: string | null; description: string; price: { value: string } } | null;
  unsellable: string | null;
}

export interface LineState {
  /** Stable client key (a line has no server id while the server is creating it). */
  key: string;
  id: number | null;
  /** The tagged item the line sells (scanned: its number), or '' for a typed code and price. */
  itemNumber: string;
  itemCode: string;
  description: string;
  quantity: number;
  price: bigint;
  discountPercent: bigint;
  taxes: LineTaxes;
  /** A valid price typed into the focused box, not committed yet (the box commits on blur). */
  livePrice: bigint | null;
  /** Likewise for the discount. */
  liveDiscountPercent: bigint | null;
  check: CodeCheck | null;
  /** The till's lookup of the code as typed (left out until one answers). */
  scan?: CodeScan | null;
}

type OrderInputs = inferRouterInputs<AppRouter>['order'];
export type UpdateLineWireInput = OrderInputs['updateLine'];
export type SubmitOrderWireInput = OrderInputs['submit'];
export type SubmitLineWire = SubmitOrderWireInput['items'][number];

interface SettingsWire {
  tax1ShortName: string;
  tax1Percent: { value: string | number | bigint };
  tax1Enabled: boolean;
  tax1ApplyByDefault: boolean;
  tax2ShortName: string;
  tax2Percent: { value: string | number | bigint };
  tax2Enabled: boolean;
  tax2ApplyByDefault: boolean;
  tax3ShortName: string;
  tax3Percent: { value: string | number | bigint };
  tax3Enabled: boolean;
  tax3ApplyByDefault: boolean;
}

/** The store's taxes from /store/fetch-settings. */
export function storeTaxesFrom(settings: SettingsWire | null | undefined): StoreTaxes {
  if (!settings) return NO_STORE_TAXES;
  const tax = (n: 1 | 2 | 3): StoreTax => ({
    shortName: settings[`tax${n}ShortName`].trim(),
    percent: fromWire(settings[`tax${n}Percent`]),
    enabled: settings[`tax${n}Enabled`],
    applyByDefault: settings[`tax${n}ApplyByDefault`],
  });
  return [tax(1), tax(2), tax(3)];
}

/** A new line's toggles: the server's own preset. */
export const presetTaxes: (storeTaxes: StoreTaxes) => LineTaxes = presetLineTaxes;

/** A new line: quantity 1, price 0, the store's apply-by-default taxes on. */
export function emptyLine(key: string, id: number | null, storeTaxes: StoreTaxes): LineState {
  return {
    key,
    id,
    itemNumber: '',
    itemCode: '',
    description: '',
    quantity: 1,
    price: 0n,
    discountPercent: 0n,
    taxes: presetTaxes(storeTaxes),
    livePrice: null,
    liveDiscountPercent: null,
    check: null,
  };
}

function taxFromServer(enabled: boolean, percent: { value: string }, description: string): LineTax {
  return enabled ? { enabled: true, percent: fromWire(percent), description } : TAX_OFF;
}

/** The item-code check in a server line: only meaningful for a non-empty code. */
export function checkFromServer(line: OrderLine): CodeCheck | null {
  const code = line.itemCode.trim();
  return code === '' ? null : { code, known: line.knownItemCode, warnOnNoControlCode: line.warnOnNoControlCode };
}

export function lineFromServer(key: string, line: OrderLine): LineState {
  return {
    key,
    id: line.id,
    itemNumber: line.itemNumber ?? '',
    itemCode: line.itemCode,
    description: line.description,
    quantity: line.quantity,
    price: fromWire(line.price),
    discountPercent: fromWire(line.discountPercent),
    taxes: [
      taxFromServer(line.tax1Enabled, line.tax1Percent, line.tax1Description),
      taxFromServer(line.tax2Enabled, line.tax2Percent, line.tax2Description),
      taxFromServer(line.tax3Enabled, line.tax3Percent, line.tax3Description),
    ],
    livePrice: null,
    liveDiscountPercent: null,
    check: checkFromServer(line),
  };
}

/** The values the line shows right now: what is typed, even before the box is left. */
export function lineInput(line: LineState): LineInput {
  const t = line.taxes;
  return {
    quantity: line.quantity,
    price: line.livePrice ?? line.price,
    discountPercent: line.liveDiscountPercent ?? line.discountPercent,
    taxPercents: [t[0].enabled ? t[0].percent : 0n, t[1].enabled ? t[1].percent : 0n, t[2].enabled ? t[2].percent : 0n],
  };
}

/** The line's amounts, or null when they leave the 64-bit money range. */
export function lineAmounts(line: LineState): LineAmounts | null {
  try {
    return computeLine(lineInput(line));
  } catch (e) {
    if (e instanceof DomainError) return null;
    throw e;
  }
}

/** The order summary over the lines as shown, or null when it leaves the money range. */
export function summarizeLines(lines: readonly LineState[]): OrderSummary | null {
  try {
    return summarizeOrder(lines.map(lineInput));
  } catch (e) {
    if (e instanceof DomainError) return null;
    throw e;
  }
}

/** Commits typed-but-not-left price and discount values. */
export function commitLive(line: LineState): LineState {
  if (line.livePrice === null && line.liveDiscountPercent === null) return line;
  return {
    ...line,
    price: line.livePrice ?? line.price,
    discountPercent: line.liveDiscountPercent ?? line.discountPercent,
    livePrice: null,
    liveDiscountPercent: null,
  };
}

export function withTax(line: LineState, slot: TaxSlot, on: boolean, storeTax: StoreTax): LineState {
  const taxes = [...line.taxes] as [LineTax, LineTax, LineTax];
  taxes[slot] = on ? taxOn(storeTax) : TAX_OFF;
  return { ...line, taxes };
}

export function lineIsEmpty(line: LineState): boolean {
  const c = commitLive(line);
  return isLineEmpty({ itemCode: c.itemCode, description: c.description, price: c.price });
}

export function lineIsComplete(line: LineState): boolean {
  const c = commitLive(line);
  return isLineComplete({ itemCode: c.itemCode, description: c.description, quantity: c.quantity, price: c.price });
}

/**
 * What the server stores for the line (committed values, text trimmed as the server
 * trims it): two lines with the same signature need no save between them.
 */
export function lineSignature(line: LineState): string {
  const tax = (t: LineTax) => (t.enabled ? `1:${t.percent}:${t.description.trim()}` : '0');
  return [line.itemNumber, line.itemCode.trim(), line.description.trim(), line.quantity, line.price, line.discountPercent, ...line.taxes.map(tax)].join('\u0000');
}

function taxWire(line: LineState, slot: TaxSlot) {
  const t = line.taxes[slot];
  return {
    enabled: t.enabled,
    percent: toPercentWire(t.enabled ? t.percent : 0n),
    description: t.enabled ? t.description.trim() : '',
  };
}

function fieldsWire(line: LineState) {
  const [t1, t2, t3] = [taxWire(line, 0), taxWire(line, 1), taxWire(line, 2)];
  return {
    itemNumber: line.itemNumber,
    itemCode: line.itemCode.trim(),
    quantity: line.quantity,
    price: toMoneyWire(line.price),
    discountPercent: toPercentWire(line.discountPercent),
    tax1Enabled: t1.enabled,
    tax1Percent: t1.percent,
    tax1Description: t1.description,
    tax2Enabled: t2.enabled,
    tax2Percent: t2.percent,
    tax2Description: t2.description,
    tax3Enabled: t3.enabled,
    tax3Percent: t3.percent,
    tax3Description: t3.description,
  };
}

/** /order/update-line for a line that has its server id. */
export function toUpdateLineInput(line: LineState & { id: number }, createNewLine: boolean): UpdateLineWireInput {
  return { orderLineId: line.id, itemDescription: line.description.trim(), createNewLine, ...fieldsWire(line) };
}

/** One item of /order/submit; a line the server has not numbered yet goes without id. */
export function toSubmitLine(line: LineState): SubmitLineWire {
  const amounts = lineAmounts(line);
  return {
    ...(line.id === null ? {} : { id: line.id }),
    description: line.description.trim(),
    ...fieldsWire(line),
    ...(amounts ? { total: toMoneyWire(amounts.total) } : {}),
  };
}

/** A blank line (what a removed line is saved as: the server drops it on submit). */
export function blankedLine(line: LineState): LineState {
  return { ...line, itemNumber: '', itemCode: '', description: '', quantity: 1, price: 0n, discountPercent: 0n, taxes: NO_LINE_TAXES, livePrice: null, liveDiscountPercent: null, check: null };
}

export interface LineWarnings {
  /** The code is not one of the store's item codes. */
  unknownCode: boolean;
  /** The code asks for a warning when sold without a control code. */
  noControlCode: boolean;
  /** The code is a tagged item that cannot be sold: why (`Item 10234 was sold on order ORD-1042`). */
  unsellable: string | null;
}

export const NO_WARNINGS: LineWarnings = { unknownCode: false, noControlCode: false, unsellable: null };

/** What the till looks the line up by: the scanned item's number, else the code as typed. */
export function lookupCode(line: Pick<LineState, 'itemNumber' | 'itemCode'>): string {
  return line.itemNumber !== '' ? line.itemNumber : line.itemCode.trim();
}

/** The till's lookup of the line as it stands, if it has answered for this very code. */
function currentScan(line: LineState): CodeScan | null {
  const code = lookupCode(line);
  const scan = line.scan;
  return code !== '' && scan != null && scan.code.toLowerCase() === code.toLowerCase() ? scan : null;
}

/** The warnings for the code as it stands, from the server's answer about that same code. */
export function lineWarnings(line: LineState): LineWarnings {
  const code = line.itemCode.trim();
  const scan = currentScan(line);
  const unsellable = scan?.unsellable ?? null;
  const scannedUnknown = scan !== null && !scan.known;
  const check = line.check;
  if (code === '' || check === null || check.code.toLowerCase() !== code.toLowerCase()) return { unknownCode: scannedUnknown, noControlCode: false, unsellable };
  return { unknownCode: !check.known || scannedUnknown, noControlCode: check.known && check.warnOnNoControlCode, unsellable };
}

/**
 * The line a sellable tagged item fills (a scan, then Enter): the item's number, code,
 * description and price, quantity 1; who is paid shows at once.
 */
export function scannedItemLine(line: LineState, answer: ScanAnswer & { item: NonNullable<ScanAnswer['item']> }): LineState {
  const { item } = answer;
  return {
    ...line,
    itemNumber: item.itemNumber,
    itemCode: item.itemCode ?? '',
    description: item.description,
    price: fromWire(item.price),
    livePrice: null,
    quantity: 1,
    scan: { code: item.itemNumber, known: true, vendor: answer.vendor, unsellable: null },
  };
}

/**
 * Who is paid for a line, as the till's lookup of its code as typed answered: the
 * vendor's trade name and booth, 'own' for the store's own goods; null while the code
 * is empty, unknown or not looked up yet.
 */
export function lineOwner(line: LineState): { tradeName: string; booth: string } | 'own' | null {
  const scan = currentScan(line);
  if (scan === null || !scan.known || scan.unsellable) return null;
  return scan.vendor ?? 'own';
}

/** Whether the lines as shown move money out (packages/domain's movesMoneyOut): a total below zero or a negative line. */
export function linesMoveMoneyOut(lines: readonly LineState[], total: bigint): boolean {
  return movesMoneyOut(
    lines.map((l) => ({ price: l.price, amount: lineAmounts(l)?.amount ?? 0n })),
    total,
  );
}

/** What the lines call a tax slot: the description of the first line carrying it with one, else ''. */
export function carriedTaxName(slot: TaxSlot, lines: readonly LineState[]): string {
  return lines.find((l) => l.taxes[slot].enabled && l.taxes[slot].description !== '')?.taxes[slot].description ?? '';
}

/** The name a tax slot goes by: the store's short name, else `carried` (what a line calls it). */
export function taxLabel(slot: TaxSlot, storeTaxes: StoreTaxes, carried = ''): string {
  const storeName = storeTaxes[slot].shortName;
  if (storeName !== '') return storeName;
  return carried !== '' ? carried : `Tax ${slot + 1}`;
}

/**
 * A tax's toggle column is shown when the tax has a short name; also when a
 * line carries that tax (so it can be seen and switched off after a settings change).
 */
export function visibleTaxSlots(storeTaxes: StoreTaxes, enabledInLines: readonly boolean[]): TaxSlot[] {
  return TAX_SLOT_INDEXES.filter((slot) => storeTaxes[slot].shortName !== '' || enabledInLines[slot] === true);
}

/**
 * The lines a draft opens with: empty lines left behind (removed lines are saved
 * blank) are dropped, but one trailing empty line stays for typing into.
 */
export function visibleDraftLines<T extends { itemCode: string; description: string; price: { value: string } }>(items: readonly T[]): T[] {
  const empty = (l: T) => isLineEmpty({ itemCode: l.itemCode, description: l.description, price: fromWire(l.price) });
  const kept = items.filter((l) => !empty(l));
  const last = items[items.length - 1];
  if (last !== undefined && empty(last)) kept.push(last);
  if (kept.length === 0 && items[0] !== undefined) kept.push(items[0]);
  return kept;
}
