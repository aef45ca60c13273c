/**
 * Order rules the server enforces and the till shows with the same code: which orders
 * may still be edited, approved or cancelled and by whom, what a submit leaves, and
 * which taxes a new line starts with.
 */
import { includes, type Role } from './roles';

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

/** What a change to an order that is no longer a draft answers (409). */
export function notEditableMessage(status: string): string {
  return `This order is ${status} and can no longer be edited`;
}

/** Why an order action is refused: a status that does not allow it (409) or a role that may not (403). */
export interface OrderRefusal {
  reason: 'CONFLICT' | 'FORBIDDEN';
  message: string;
}

/** What an approval of an order that is not PENDING answers (409). */
export function notPendingMessage(status: string): string {
  return `This order is ${status}: only a PENDING order waits for approval`;
}

/** Only a PENDING order is approved (by a manager: the procedure's role); null when it may be. */
export function approveRefusal(status: string): OrderRefusal | null {
  return status === 'PENDING' ? null : { reason: 'CONFLICT', message: notPendingMessage(status) };
}

/**
 * A DRAFT is cancelled by anyone who may sell (STORE_STAFF and above); a PENDING order,
 * which waits for a manager, by STORE_MANAGER and above only; any other order is history.
 * Null when `role` may cancel an order of `status`.
 */
export function cancelRefusal(status: string, role: Role): OrderRefusal | null {
  if (status !== 'DRAFT' && status !== 'PENDING') return { reason: 'CONFLICT', message: `This order is ${status} and can no longer be cancelled` };
  if (status === 'PENDING' && !includes(role, 'STORE_MANAGER')) return { reason: 'FORBIDDEN', message: 'Only a manager may cancel an order that waits for approval' };
  return null;
}

/** Whether `role` needs a manager's approval to submit an order that moves money out (STORE_STAFF does; a manager is one). */
export function moneyOutNeedsApprover(role: Role): boolean {
  return !includes(role, 'STORE_MANAGER');
}

/**
 * An order that moves money out needs a manager (docs/SETTLEMENT.md, Money out): a
 * STORE_STAFF submit of one without a verified approval is refused
 * (MONEY_OUT_NEEDS_APPROVAL, 403).
 */
export function moneyOutRefused(role: Role, orderMovesMoneyOut: boolean, approved: boolean): boolean {
  return orderMovesMoneyOut && moneyOutNeedsApprover(role) && !approved;
}

/** What a submit that was not refused leaves. */
export interface SubmitOutcome {
  /** COMPLETED, or PENDING while a payment's method waits for a manager's approval. */
  status: 'COMPLETED' | 'PENDING';
  /** The approving manager is stored with the order (only when an approval was needed). */
  keepsApprover: boolean;
}

/**
 * A payment whose method needs a manager's approval leaves the order PENDING until a
 * manager approves it, unless a verified approval came with the submit; the approver
 * is kept only when the order needed one (it moves money out or a method asked).
 */
export function submitOutcome(facts: { movesMoneyOut: boolean; methodNeedsApproval: boolean; approved: boolean }): SubmitOutcome {
  return {
    status: facts.methodNeedsApproval && !facts.approved ? 'PENDING' : 'COMPLETED',
    keepsApprover: facts.approved && (facts.movesMoneyOut || facts.methodNeedsApproval),
  };
}

/** A line's tax as a client sends it: the flag, when left out, is on when a percent or a description is set. */
export interface SentLineTax {
  enabled?: boolean | undefined;
  percent: bigint;
  description: string;
}

/** The tax a line stores from what was sent: an off tax keeps no percent and no name. */
export function lineTaxOf(sent: SentLineTax): LineTax {
  const enabled = sent.enabled ?? (sent.percent !== 0n || sent.description !== '');
  return enabled ? { enabled, percent: sent.percent, description: sent.description } : LINE_TAX_OFF;
}
