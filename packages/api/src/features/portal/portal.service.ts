/**
 * The vendor portal: invitations (made, revoked, accepted), who has access, and what a
 * vendor reads of their own booth. Every read takes the vendor from the caller's VENDOR
 * assignment (vendorProcedure), never from the request (docs/API.md, Vendor portal).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import type { AcceptInviteInput, PortalSalesInput } from '@pos/contracts';
import {
  INVITE_TTL_MS,
  STATEMENT_MAX_DAYS,
  balanceInWords,
  daysFrom,
  deductsRent,
  monthStart,
  nextRentMonth,
  portalLineNet,
  rentEntryAmount,
} from '@pos/domain';
import type { Context } from '../../context';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../../db-errors';
import { recordAudit, type Actor } from '../audit/audit.service';
import { countSignup, createUser, hashPasswordGated, startSession, verifyCredentials } from '../auth/auth.service';
import { insertRoleAssignment } from '../auth/auth.repository';
import { hashToken, newToken } from '../auth/tokens';
import { accountStatement } from '../ledger/ledger.service';
import * as ledgerRepo from '../ledger/ledger.repository';
import { VENDOR_NOT_FOUND } from '../vendor/vendor.service';
import * as repo from './portal.repository';

type Db = Kysely<Database>;

export const INVITE_NOT_VALID = 'This invitation is not valid';
export const INVITE_EXPIRED = 'This invitation has expired';
export const INVITE_USED = 'This invitation was accepted already';
export const INVITE_REVOKED = 'This invitation was revoked';
const INVITE_NOT_FOUND = 'No such invitation in this store';

/** Where an invitation's link leads: the accept page, the token its last path segment. */
export const ACCEPT_PATH = '/accept-invite/';

// ---- invitations ------------------------------------------------------------------------

/**
 * Makes an invitation to the portal for a live vendor of the store: a random token of 256
 * bits, kept only as its hash, valid 7 days, accepted once. The link holds the token.
 */
export async function invite(ctx: Context, actor: Actor, input: { vendorId: number; email: string }) {
  const token = newToken();
  const expiresAt = new Date(ctx.config.now().getTime() + INVITE_TTL_MS);
  const inviteId = await ctx.db.transaction().execute(async (trx) => {
    const vendor = await repo.findVendor(trx, actor.storeId, input.vendorId);
    if (!vendor || vendor.archivedAt !== null) throw new AppError('NOT_FOUND', VENDOR_NOT_FOUND);
    const id = await repo.insertInvite(trx, actor.storeId, { vendorId: vendor.id, email: input.email, tokenHash: hashToken(token), expiresAt, createdBy: actor.userId! });
    await recordAudit(trx, actor, { action: 'VENDOR_INVITE', targetType: 'vendorInvite', targetId: id, after: { vendorId: vendor.id, email: input.email, expiresAt: expiresAt.toISOString() } });
    return id;
  });
  const base = ctx.config.publicUrl ?? ctx.origin ?? '';
  return { success: true, message: `Invitation made for ${input.email}`, inviteId, inviteUrl: `${base}${ACCEPT_PATH}${token}`, expiresAt };
}

/** Revokes an open invitation of the store; one accepted or revoked already is a 409. */
export async function revokeInvite(db: Db, actor: Actor, inviteId: number) {
  return db.transaction().execute(async (trx) => {
    const found = await repo.lockInvite(trx, actor.storeId, inviteId);
    if (!found) throw new AppError('NOT_FOUND', INVITE_NOT_FOUND);
    if (found.acceptedAt !== null) throw new AppError('CONFLICT', INVITE_USED);
    if (found.revokedAt !== null) throw new AppError('CONFLICT', INVITE_REVOKED);
    await repo.markInviteRevoked(trx, found.id, actor.userId!);
    await recordAudit(trx, actor, { action: 'VENDOR_INVITE_REVOKE', targetType: 'vendorInvite', targetId: found.id, before: { vendorId: found.vendorId, email: found.email } });
    return { success: true, message: `Invitation for ${found.email} revoked` };
  });
}

/** Who has portal access to a vendor of the store, and its open invitations. */
export async function portalAccess(db: Db, storeId: number, now: Date, vendorId: number) {
  const vendor = await repo.findVendor(db, storeId, vendorId);
  if (!vendor) throw new AppError('NOT_FOUND', VENDOR_NOT_FOUND);
  const [people, invites] = await Promise.all([repo.listPortalPeople(db, storeId, vendorId), repo.listOpenInvites(db, storeId, vendorId, now)]);
  return { success: true, vendorId: vendor.id, people, invites };
}

/** Takes a person's portal access to a vendor away; their sessions lose it at once. */
export async function revokePortalAccess(db: Db, actor: Actor, input: { vendorId: number; userId: number }) {
  return db.transaction().execute(async (trx) => {
    const vendor = await repo.findVendor(trx, actor.storeId, input.vendorId);
    if (!vendor) throw new AppError('NOT_FOUND', VENDOR_NOT_FOUND);
    if (!(await repo.deleteVendorAssignment(trx, actor.storeId, input.vendorId, input.userId))) {
      throw new AppError('NOT_FOUND', 'That person has no portal access to this vendor');
    }
    await recordAudit(trx, actor, { action: 'VENDOR_PORTAL_REVOKE', targetType: 'user', targetId: input.userId, before: { vendorId: vendor.id, role: 'VENDOR' } });
    return { success: true, message: `Portal access to ${vendor.tradeName} revoked` };
  });
}

function refusal(found: Awaited<ReturnType<typeof repo.lockInviteByHash>>, now: Date): string | null {
  if (!found) return INVITE_NOT_VALID;
  if (found.acceptedAt !== null) return INVITE_USED;
  if (found.revokedAt !== null) return INVITE_REVOKED;
  if (found.expiresAt.getTime() <= now.getTime()) return INVITE_EXPIRED;
  return null;
}

/**
 * Accepts an invitation: with an existing account's credentials (checked under the
 * sign-in limits) or a new account, adds the VENDOR assignment of the invitation's vendor
 * and signs in, answering as /login does. The invitation row is locked, so of two
 * acceptances of one token one succeeds; a person who is this vendor already keeps their
 * one assignment, and one who is another vendor of the store is refused (409).
 */
export async function acceptInvite(ctx: Context, input: AcceptInviteInput) {
  const tokenHash = hashToken(input.token);
  // A first look refuses a bad token before any password is hashed or counted.
  const early = refusal(await repo.lockInviteByHash(ctx.db, tokenHash), ctx.config.now());
  if (early) throw new AppError('BAD_REQUEST', early);
  const existing = input.usernameOrEmail ? await verifyCredentials(ctx, { usernameOrEmail: input.usernameOrEmail, password: input.password }) : null;
  let newAccount: { username: string; email: string; passwordHash: string } | null = null;
  if (!existing) {
    await countSignup(ctx);
    newAccount = { username: input.username!, email: input.email!, passwordHash: await hashPasswordGated(ctx, input.password) };
  }
  const user = await ctx.db.transaction().execute(async (trx) => {
    const found = await repo.lockInviteByHash(trx, tokenHash);
    const problem = refusal(found, ctx.config.now());
    if (problem || !found) throw new AppError('BAD_REQUEST', problem ?? INVITE_NOT_VALID);
    const storeId = Number(found.storeId);
    let person: { id: bigint; username: string; email: string };
    if (existing) {
      person = existing;
      const held = await repo.vendorAssignmentOf(trx, storeId, existing.id);
      if (held !== null && held !== found.vendorId) throw new AppError('CONFLICT', 'You are another vendor of this store already');
      if (held === null) await insertVendorAssignment(trx, storeId, existing.id, found.vendorId);
    } else {
      const account = newAccount!;
      person = { id: await createUser(trx, account, { storeId, role: 'VENDOR', vendorId: found.vendorId }), username: account.username, email: account.email };
    }
    await repo.markInviteAccepted(trx, found.id, person.id);
    await recordAudit(trx, { storeId, userId: person.id, role: 'VENDOR' }, {
      action: 'VENDOR_PORTAL_ACCEPT',
      targetType: 'vendorInvite',
      targetId: found.id,
      after: { vendorId: found.vendorId, userId: person.id, username: person.username },
    });
    return person;
  });
  return startSession(ctx, user, 'Invitation accepted');
}

async function insertVendorAssignment(trx: Db, storeId: number, userId: bigint, vendorId: bigint) {
  try {
    await insertRoleAssignment(trx, { storeId, userId, role: 'VENDOR', vendorId });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'You are another vendor of this store already');
    throw error;
  }
}

// ---- what a vendor reads ------------------------------------------------------------------

/** The caller's vendor, the one their VENDOR assignment names. */
export interface VendorCaller {
  db: Db;
  storeId: number;
  vendorId: bigint;
  config: { now: () => Date };
}

async function theVendor(c: VendorCaller) {
  const vendor = await repo.findVendor(c.db, c.storeId, c.vendorId);
  if (!vendor) throw new AppError('NOT_FOUND', VENDOR_NOT_FOUND);
  return vendor;
}

/** The store's days from..to as [start, end), this month so far by default, at most a statement's length. */
async function period(c: VendorCaller, from: string | undefined, to: string | undefined) {
  const calendar = await ledgerRepo.storeCalendar(c.db, c.storeId, c.config.now());
  const first = from ?? (to !== undefined && to < monthStart(calendar.today) ? monthStart(to) : monthStart(calendar.today));
  const last = to ?? (first > calendar.today ? first : calendar.today);
  if (first > last) throw new AppError('BAD_REQUEST', 'To must not be before From');
  if (daysFrom(first, last) >= STATEMENT_MAX_DAYS) throw new AppError('BAD_REQUEST', `A period covers at most ${STATEMENT_MAX_DAYS} days`);
  const { start, end } = await ledgerRepo.storeDayBounds(c.db, c.storeId, first, last);
  return { from: first, to: last, start, end, calendar };
}

/** An account of the vendor named by its item code: one of the vendor's separate-statement accounts, else 404. */
async function checkAccount(c: VendorCaller, itemCodeId: number | null) {
  if (itemCodeId === null) return;
  if (!(await ledgerRepo.findAccountCode(c.db, c.storeId, c.vendorId, itemCodeId))) throw new AppError('NOT_FOUND', 'No such account of yours');
}

function figures(t: { lines: bigint; lineTotal: bigint; commission: bigint; cardFee: bigint }) {
  return { lines: t.lines, sales: t.lineTotal, net: portalLineNet(t) };
}

/** My Booth: the balance in words, sales today and this month, the last payout, the next rent. */
export async function portalSummary(c: VendorCaller) {
  const vendor = await theVendor(c);
  const calendar = await ledgerRepo.storeCalendar(c.db, c.storeId, c.config.now());
  const [{ start: dayStart }, { start: monthBegin, end }] = await Promise.all([
    ledgerRepo.storeDayBounds(c.db, c.storeId, calendar.today, calendar.today),
    ledgerRepo.storeDayBounds(c.db, c.storeId, monthStart(calendar.today), calendar.today),
  ]);
  const [accounts, today, month, payout, rents, posted] = await Promise.all([
    repo.vendorAccounts(c.db, c.storeId, c.vendorId),
    repo.saleTotals(c.db, c.storeId, c.vendorId, null, dayStart, end),
    repo.saleTotals(c.db, c.storeId, c.vendorId, null, monthBegin, end),
    repo.lastPayout(c.db, c.storeId, c.vendorId),
    repo.vendorRentAccounts(c.db, c.storeId, c.vendorId),
    repo.rentPosted(c.db, c.storeId, c.vendorId, calendar.month),
  ]);
  const rent = rents.reduce((sum, a) => sum - (rentEntryAmount(a.monthlyRent, deductsRent(a.vendorDeducts, a.codeOverride)) ?? 0n), 0n);
  const balance = accounts.reduce((sum, a) => sum + a.balance, 0n);
  return {
    success: true,
    vendorId: vendor.id,
    tradeName: vendor.tradeName,
    storeName: calendar.name,
    balance,
    balanceWords: balanceInWords(balance),
    accounts,
    today: calendar.today,
    month: calendar.month,
    salesToday: figures(today),
    salesMonth: figures(month),
    lastPayout: payout ? withoutTag(payout) : null,
    nextRent: rent > 0n ? { amount: rent, ...nextRentMonth(calendar.month, posted) } : null,
  };
}

function withoutTag({ tag: _tag, ...payout }: repo.PortalPayoutRow) {
  return payout;
}

/** A page of the vendor's sold and refunded lines in a period, with the period's totals and the balance now. */
export async function portalSales(c: VendorCaller, input: PortalSalesInput) {
  const itemCodeId = input.itemCodeId ?? null;
  await checkAccount(c, itemCodeId);
  const p = await period(c, input.from, input.to);
  // One snapshot: the page is counted off against the totals' count of lines, and the totals add up to the balance shown.
  const { rows, totals, balance } = await c.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const totals = await repo.saleTotals(trx, c.storeId, c.vendorId, itemCodeId, p.start, p.end);
      const [rows, balance] = await Promise.all([
        repo.saleLinesPage(trx, c.storeId, c.vendorId, itemCodeId, { start: p.start, end: p.end, timeZone: p.calendar.timeZone }, (input.page - 1) * input.pageSize, input.pageSize, Number(totals.lines)),
        repo.accountsBalance(trx, c.storeId, c.vendorId, itemCodeId),
      ]);
      return { rows, totals, balance };
    });
  return {
    success: true,
    from: p.from,
    to: p.to,
    lines: rows.map((r) => ({ ...r, itemNumber: null, net: portalLineNet(r) })),
    totals: { lineTotal: totals.lineTotal, commission: totals.commission, cardFee: totals.cardFee, net: portalLineNet(totals) },
    totalLines: totals.lines,
    balance,
  };
}

/** The store's statement of one of the vendor's accounts (the main account by default). */
export function portalStatement(c: VendorCaller, input: { from?: string | undefined; to?: string | undefined; itemCodeId?: number | null | undefined }) {
  return accountStatement(c.db, c.storeId, c.config.now(), {
    vendorId: Number(c.vendorId),
    itemCodeId: input.itemCodeId ?? null,
    ...(input.from !== undefined ? { from: input.from } : {}),
    ...(input.to !== undefined ? { to: input.to } : {}),
  });
}

/** The vendor's payouts, newest first, with method and reference. */
export async function portalPayouts(c: VendorCaller, input: { page: number; pageSize: number }) {
  const { rows, total } = await repo.payoutsPage(c.db, c.storeId, c.vendorId, (input.page - 1) * input.pageSize, input.pageSize);
  return { success: true, payouts: rows, total };
}
