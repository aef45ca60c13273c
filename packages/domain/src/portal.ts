/**
 * The vendor portal's words and small rules, shared by the server and the portal's
 * screens: a balance in words, when the next rent posts, an invitation's lifetime.
 */
import { formatMoney } from './money';
import { includes, type Role } from './roles';

/** How long an invitation to the portal may be accepted: 7 days from when it was made. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A balance as the vendor reads it: who owes whom, and how much. */
export function balanceInWords(balance: bigint): string {
  if (balance > 0n) return `The store owes you ${formatMoney(balance)}`;
  if (balance < 0n) return `You owe the store ${formatMoney(-balance)}`;
  return 'Nothing is owed either way';
}

/** The month after `month` ('2026-12' → '2027-01'). */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * The month whose rent the vendor pays next: this month while its rent is not posted yet
 * on every paying account, else the next month. Rent posts on the first day of its month
 * at the earliest (when the store posts the month).
 */
export function nextRentMonth(thisMonth: string, postedThisMonth: boolean): { month: string; postsOn: string } {
  const month = postedThisMonth ? nextMonth(thisMonth) : thisMonth;
  return { month, postsOn: `${month}-01` };
}

/** A sold or refunded line's net for the vendor: its total less commission and card fee (both posted negative). */
export function portalLineNet(line: { lineTotal: bigint; commission: bigint; cardFee: bigint }): bigint {
  return line.lineTotal + line.commission + line.cardFee;
}

/**
 * Who invites a vendor's people to the portal and takes their access away: a store
 * accountant, a manager, and an owner (whose role includes both).
 */
export function mayManagePortalAccess(role: Role): boolean {
  return includes(role, 'STORE_MANAGER') || includes(role, 'STORE_ACCOUNTANT');
}
