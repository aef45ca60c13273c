/**
 * Order arithmetic in integer micro-units, every rounding to whole cents half-to-even.
 * The server recomputes every amount with these functions; the client shows them.
 */

import { DomainError, MESSAGES } from './errors';
import { QUANTITY_MAX } from './percent-field';
import { CENT, MICRO, PERCENT_100, assertMoneyRange, divRoundHalfEven, formatMoney } from './money';

/**
 * Business limits of a sale, in micro-units, either sign: far above any real sale in a
 * consignment store, and low enough that no sum can leave 64-bit range (an order's
 * lines at the line limit, with three taxes of 100%, stay well inside it). Quantities
 * are bounded by QUANTITY_MAX.
 */
export const PRICE_LIMIT = 10_000_000n * MICRO;
export const LINE_TOTAL_LIMIT = 100_000_000n * MICRO;
export const ORDER_TOTAL_LIMIT = 1_000_000_000n * MICRO;

export const LIMIT_MESSAGES = {
  price: `Price must be between -${formatMoney(PRICE_LIMIT)} and ${formatMoney(PRICE_LIMIT)}`,
  quantity: `Quantity must be at most ${QUANTITY_MAX}`,
  lineTotal: `A line's amount (price × quantity) must be between -${formatMoney(LINE_TOTAL_LIMIT)} and ${formatMoney(LINE_TOTAL_LIMIT)}`,
  orderTotal: `An order's total must be between -${formatMoney(ORDER_TOTAL_LIMIT)} and ${formatMoney(ORDER_TOTAL_LIMIT)}`,
  payment: `A payment amount must be more than ${formatMoney(0n)} and at most ${formatMoney(ORDER_TOTAL_LIMIT)}`,
} as const;

const within = (v: bigint, limit: bigint) => v >= -limit && v <= limit;

/**
 * A line within the business limits: price, quantity, and amount (price × quantity,
 * which bounds its total).
 *
 * @throws DomainError LIMIT_EXCEEDED naming what is out of bounds.
 */
export function assertLineWithinLimits(line: { quantity: number | bigint; price: bigint }): void {
  const quantity = BigInt(line.quantity);
  if (!within(line.price, PRICE_LIMIT)) throw new DomainError('LIMIT_EXCEEDED', LIMIT_MESSAGES.price);
  if (quantity < 0n || quantity > BigInt(QUANTITY_MAX)) throw new DomainError('LIMIT_EXCEEDED', LIMIT_MESSAGES.quantity);
  if (!within(line.price * quantity, LINE_TOTAL_LIMIT)) throw new DomainError('LIMIT_EXCEEDED', LIMIT_MESSAGES.lineTotal);
}

/** @throws DomainError LIMIT_EXCEEDED when an order's total is outside ORDER_TOTAL_LIMIT. */
export function assertOrderWithinLimits(summary: { total: bigint }): void {
  if (!within(summary.total, ORDER_TOTAL_LIMIT)) throw new DomainError('LIMIT_EXCEEDED', LIMIT_MESSAGES.orderTotal);
}

export interface LineInput {
  /** Integer quantity. */
  quantity: number | bigint;
  /** Money micro-units. */
  price: bigint;
  /** Percent micro-units. */
  discountPercent: bigint;
  /** Percent micro-units per tax slot; a disabled tax has 0n. */
  taxPercents: readonly [bigint, bigint, bigint];
}

export interface LineAmounts {
  amount: bigint;
  discount: bigint;
  total: bigint;
  taxes: [bigint, bigint, bigint];
}

export interface OrderSummary {
  subtotal: bigint;
  discount: bigint;
  tax1: bigint;
  tax2: bigint;
  tax3: bigint;
  total: bigint;
}

function toBigQuantity(quantity: number | bigint): bigint {
  if (typeof quantity === 'bigint') return quantity;
  if (!Number.isSafeInteger(quantity)) {
    throw new RangeError(`quantity must be an integer, got ${quantity}`);
  }
  return BigInt(quantity);
}

/** `base × percent / 100%`, rounded to whole cents half-to-even, in micro-units. */
function percentOfToCents(base: bigint, percent: bigint): bigint {
  return divRoundHalfEven(base * percent, PERCENT_100 * CENT) * CENT;
}

/**
 * amount = price × quantity; discount = amount × discount% rounded to cents;
 * total = amount − discount; tax N = total × tax N% rounded to cents.
 *
 * @throws DomainError MONEY_OVERFLOW when any result leaves signed 64-bit range.
 * @throws RangeError when a number quantity is not a safe integer.
 */
export function computeLine(line: LineInput): LineAmounts {
  const amount = assertMoneyRange(line.price * toBigQuantity(line.quantity));
  const discount = assertMoneyRange(percentOfToCents(amount, line.discountPercent));
  const total = assertMoneyRange(amount - discount);
  const [p1, p2, p3] = line.taxPercents;
  const taxes: [bigint, bigint, bigint] = [
    assertMoneyRange(percentOfToCents(total, p1)),
    assertMoneyRange(percentOfToCents(total, p2)),
    assertMoneyRange(percentOfToCents(total, p3)),
  ];
  return { amount, discount, total, taxes };
}

/**
 * subtotal = Σ amounts, discount = Σ discounts, tax N = Σ line tax N,
 * total = subtotal − discount + tax1 + tax2 + tax3.
 *
 * @throws DomainError MONEY_OVERFLOW when a line or a summary field leaves signed 64-bit range.
 */
export function summarizeOrder(lines: readonly LineInput[]): OrderSummary {
  let subtotal = 0n;
  let discount = 0n;
  let tax1 = 0n;
  let tax2 = 0n;
  let tax3 = 0n;
  for (const line of lines) {
    const a = computeLine(line);
    subtotal += a.amount;
    discount += a.discount;
    tax1 += a.taxes[0];
    tax2 += a.taxes[1];
    tax3 += a.taxes[2];
  }
  return {
    subtotal: assertMoneyRange(subtotal),
    discount: assertMoneyRange(discount),
    tax1: assertMoneyRange(tax1),
    tax2: assertMoneyRange(tax2),
    tax3: assertMoneyRange(tax3),
    total: assertMoneyRange(subtotal - discount + tax1 + tax2 + tax3),
  };
}

function isBlank(s: string): boolean {
  return s.trim() === '';
}

/** A line nobody has typed into: no item code, no description, zero price. Empty lines are dropped on submit. */
export function isLineEmpty(line: { itemCode: string; description: string; price: bigint }): boolean {
  return isBlank(line.itemCode) && isBlank(line.description) && line.price === 0n;
}

/**
 * A complete line: item code, description, quantity and price all present —
 * non-blank code and description, quantity > 0, price ≠ 0.
 */
export function isLineComplete(line: {
  itemCode: string;
  description: string;
  quantity: number | bigint;
  price: bigint;
}): boolean {
  return (
    !isBlank(line.itemCode) &&
    !isBlank(line.description) &&
    (typeof line.quantity === 'bigint' ? line.quantity > 0n : line.quantity > 0) &&
    line.price !== 0n
  );
}

/**
 * The store's commission on a line: its total (after discount, before tax) times the
 * commission percent, rounded to cents half-to-even like every other rounding here.
 */
export function commissionAmount(lineTotal: bigint, commissionPercent: bigint): bigint {
  return assertMoneyRange(percentOfToCents(lineTotal, commissionPercent));
}

/** What the vendor is owed for a line: its total less the store's commission. */
export function vendorShare(lineTotal: bigint, commissionPercent: bigint): bigint {
  return assertMoneyRange(lineTotal - commissionAmount(lineTotal, commissionPercent));
}

/**
 * Profit margin as a Percent (micro-units of one percent): (revenue − expenses) /
 * revenue × 100, rounded half-to-even at the micro-unit; zero with no revenue.
 */
export function profitMarginPercent(revenue: bigint, expenses: bigint): bigint {
  if (revenue === 0n) return 0n;
  return divRoundHalfEven((revenue - expenses) * PERCENT_100, revenue);
}

/** A saved line's computed amounts, as summing them needs them. */
export interface SavedLineAmounts {
  amount: bigint;
  discountAmount: bigint;
  taxes: readonly [{ amount: bigint }, { amount: bigint }, { amount: bigint }];
  vendorShare: bigint;
}

const INT8_MIN = -(2n ** 63n);
const INT8_MAX = 2n ** 63n - 1n;

/** A sum the database stores as int8. @throws DomainError MONEY_OVERFLOW outside its range. */
function int8(value: bigint): bigint {
  if (value < INT8_MIN || value > INT8_MAX) throw new DomainError('MONEY_OVERFLOW', MESSAGES.moneyOverflow);
  return value;
}

/**
 * An order's totals from its saved lines' (already rounded) amounts, by summarizeOrder's
 * formula, each partial sum within int8 as the database keeps it, and Σ vendor shares.
 *
 * @throws DomainError MONEY_OVERFLOW when a sum leaves int8; LIMIT_EXCEEDED when the total
 *   is outside the order limit.
 */
export function sumSavedLines(lines: readonly SavedLineAmounts[]): OrderSummary & { vendorShare: bigint } {
  const sum = (of: (v: SavedLineAmounts) => bigint) => int8(lines.reduce((total, v) => total + of(v), 0n));
  const subtotal = sum((v) => v.amount);
  const discount = sum((v) => v.discountAmount);
  const tax1 = sum((v) => v.taxes[0].amount);
  const tax2 = sum((v) => v.taxes[1].amount);
  const tax3 = sum((v) => v.taxes[2].amount);
  const total = int8(int8(int8(int8(subtotal - discount) + tax1) + tax2) + tax3);
  const totals = { subtotal, discount, tax1, tax2, tax3, total };
  assertOrderWithinLimits(totals);
  return { ...totals, vendorShare: sum((v) => v.vendorShare) };
}
