/**
 * Order rules the server enforces and the till shows with the same code: which orders
 * may still be edited, and which taxes a new line starts with.
 */

/**
 * Only a draft may be edited (its lines, customer name and submit). A PENDING order is
 * frozen while it waits for a manager's approval; COMPLETED, CANCELLED and REFUNDED
 * orders are history.
 */
export function isOrderEditable(status: string): boolean {
  return status === 'DRAFT';
}

/** One of the store's three taxes, as the store settings hold it. */
export interface StoreTax {
  shortName: string;
  /** Percent micro-units. */
  percent: bigint;
  enabled: boolean;
  applyByDefault: boolean;
}

/** A tax as a line holds it: what the store's tax was when it was applied. */
export interface LineTax {
  enabled: boolean;
  /** Percent micro-units; 0 when off. */
  percent: bigint;
  /** The tax's short name when it was applied; '' when off. */
  description: string;
}

export const LINE_TAX_OFF: LineTax = { enabled: false, percent: 0n, description: '' };

/** A tax turned on for a line copies the store's current percent and short name. */
export function taxOn(tax: StoreTax): LineTax {
  return { enabled: true, percent: tax.percent, description: tax.shortName };
}

/** A new line's taxes: each of the store's taxes that is enabled and applies by default is on, the others off. */
export function presetLineTaxes(taxes: readonly [StoreTax, StoreTax, StoreTax]): [LineTax, LineTax, LineTax] {
  const preset = (tax: StoreTax) => (tax.enabled && tax.applyByDefault ? taxOn(tax) : LINE_TAX_OFF);
  return [preset(taxes[0]), preset(taxes[1]), preset(taxes[2])];
}

/** A line as the money-out rule sees it: its price and its amount (price × quantity), micro-units. */
export interface MoneyOutLine {
  price: bigint;
  amount: bigint;
}

/**
 * Whether an order moves money out of the store the way a refund does: its total is
 * below zero, or a line has a negative price or amount (a return rung up as a line,
 * which would otherwise take back a vendor's credit or hand cash from the drawer). Such
 * an order needs a manager: STORE_STAFF submit it only with a manager's approval
 * (docs/SETTLEMENT.md, Money out).
 */
export function movesMoneyOut(lines: readonly MoneyOutLine[], total: bigint): boolean {
  return total < 0n || lines.some((l) => l.price < 0n || l.amount < 0n);
}

/** What a STORE_STAFF submit of an order that moves money out answers without a manager's approval (403). */
export const MONEY_OUT_NEEDS_APPROVAL = "Manager approval failed: a sale below zero or a negative line needs a manager's approval";

/**
 * A line's code must name something of the store: a stock item's SKU or an item code
 * (the line's owner is resolved from it); a line with no code is the store's own sale.
 * This is what submit answers (400) for one that names neither, and what the till shows.
 */
export function unknownItemCodeMessage(code: string): string {
  return `Unknown item code ${code}`;
}
