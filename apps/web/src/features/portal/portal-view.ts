/**
 * The vendor portal's screens as data: which accounts a vendor may pick on each screen,
 * a sale line's where-and-when in words, the period a screen asks for.
 */
import { fromWire } from '@pos/contracts';
import { formatMoney } from '@pos/domain';
import { dayLabel } from '../vendor-accounts/statement-view';

export interface PortalAccount {
  itemCodeId: number | null;
  tag: string | null;
}

/** The Select value of "every account" on Sales, and of the main account on Statements. */
export const ALL_ACCOUNTS = 'all';
export const MAIN_ACCOUNT = 'main';

/**
 * Sales reads every account together or one separate-statement account (an item code of
 * its own); a vendor with one account has nothing to pick.
 */
export function salesAccountOptions(accounts: readonly PortalAccount[]): { value: string; label: string }[] {
  const separate = accounts.filter((a): a is { itemCodeId: number; tag: string | null } => a.itemCodeId !== null);
  if (separate.length === 0) return [];
  return [{ value: ALL_ACCOUNTS, label: 'All accounts' }, ...separate.map((a) => ({ value: String(a.itemCodeId), label: `Item code ${a.tag ?? a.itemCodeId}` }))];
}

/** A statement is one account's: the main one, or a separate-statement one. */
export function statementAccountOptions(accounts: readonly PortalAccount[]): { value: string; label: string }[] {
  const separate = accounts.filter((a): a is { itemCodeId: number; tag: string | null } => a.itemCodeId !== null);
  if (separate.length === 0) return [];
  return [{ value: MAIN_ACCOUNT, label: 'Main account' }, ...separate.map((a) => ({ value: String(a.itemCodeId), label: `Item code ${a.tag ?? a.itemCodeId}` }))];
}

/** The account a Select value names: null for all (Sales) or the main account (Statements). */
export function accountOfOption(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** 'Nov 2, 2026 · Order 1001 · Code ADA' or, for a refund, '… · Refund 12 of order 1001 · …'. */
export function saleLineWhere(line: { day: string; orderNumber: string; refundNumber: string | null; itemNumber: string | null; itemCode: string | null }): string {
  const order = line.refundNumber ? `Refund ${line.refundNumber} of order ${line.orderNumber}` : `Order ${line.orderNumber}`;
  const item = line.itemNumber ?? line.itemCode;
  return [dayLabel(line.day), order, item ? `Item ${item}` : null].filter(Boolean).join(' · ');
}

/** '3 lines' / '1 line'. */
export function linesLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'line' : 'lines'}`;
}

/** What the period's lines changed the balance by, in words beside the balance. */
export function netInWords(net: { value: string }): string {
  const amount = fromWire(net);
  if (amount === 0n) return 'These lines did not change your balance';
  return amount > 0n ? `These lines added ${formatMoney(amount)} to your balance` : `These lines took ${formatMoney(-amount)} from your balance`;
}

/** '1 day on the floor' / '12 days on the floor'; a sold or withdrawn item's days stop when it left. */
export function floorDaysLabel(days: number, status: 'ACTIVE' | 'SOLD' | 'WITHDRAWN'): string {
  const count = `${days.toLocaleString('en-US')} ${days === 1 ? 'day' : 'days'}`;
  return status === 'ACTIVE' ? `${count} on the floor` : `${count} on the floor until ${status === 'SOLD' ? 'sold' : 'withdrawn'}`;
}

/** Whose a typed item code is, beside an intake row of the vendor's: only their own live codes are taken. */
export function ownCodeName(tag: string, codes: readonly { tag: string }[], tradeName: string): string {
  return codes.some((c) => c.tag.toLowerCase() === tag.trim().toLowerCase()) ? tradeName : 'Unknown item code: not one of yours';
}
