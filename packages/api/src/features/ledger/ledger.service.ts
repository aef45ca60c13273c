/**
 * Posting rules of the vendor ledger (docs/SETTLEMENT.md). Every amount comes from
 * packages/domain's settlement functions; this file decides which account each line
 * posts to and writes the entries inside the caller's transaction, so a posting and its
 * cause commit or roll back together.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import type { AccountsInput } from '@pos/contracts';
import {
  PAYOUT_METHOD_LABELS,
  STATEMENT_MAX_DAYS,
  daysFrom,
  deductsRent,
  formatMoney,
  linePostings,
  monthStart,
  payoutProblem,
  payoutRunAmount,
  refundShare,
  rentEntryAmount,
  totalsByKind,
  type AppliedPayment,
  type PayoutMethod,
} from '@pos/domain';
import { likeContains } from '../../db-helpers';
import { AppError } from '../../errors';
import { recordAudit, type Actor } from '../audit/audit.service';
import { journalAdjustment, journalPayouts, journalRent } from '../books/books.service';
import { idempotent } from '../idempotency/idempotency.service';
import { assertDayOpen } from '../reports/day-close.service';
import { countVendors } from '../vendor/vendor.repository';
import { VENDOR_NOT_FOUND } from '../vendor/vendor.service';
import * as repo from './ledger.repository';

type Db = Kysely<Database>;

/**
 * Posts a completed order's vendor lines: SALE, COMMISSION and, when its item code passes
 * card fees through, CARD_FEE, to the line's account (its item code's when that code
 * receives a separate statement, else the vendor's main account). Lines of no vendor are
 * the store's own sales and post nothing. Zero commissions and card fees post nothing.
 * A caller that has just written the order's lines passes their vendor lines (in line
 * order) instead of having them read again. The entries are dated when the order
 * completed (`completedAt`: an offline sale's time of sale), now when left out.
 */
export async function postOrderSale(
  trx: Db,
  storeId: number,
  order: { id: bigint; total: bigint; completedAt?: Date | undefined },
  payments: readonly AppliedPayment[],
  userId: bigint | null,
  vendorLines?: readonly repo.VendorSaleLine[],
): Promise<void> {
  await repo.insertEntries(trx, storeId, await orderSaleEntries(trx, storeId, order, payments, userId, vendorLines));
}

/** The entries postOrderSale writes, computed and not written (a checkout writes them in its last statement). */
export async function orderSaleEntries(
  trx: Db,
  storeId: number,
  order: { id: bigint; total: bigint; completedAt?: Date | undefined },
  payments: readonly AppliedPayment[],
  userId: bigint | null,
  vendorLines?: readonly repo.VendorSaleLine[],
): Promise<repo.NewLedgerEntry[]> {
  const lines = vendorLines ?? (await repo.vendorSaleLines(trx, storeId, order.id));
  const entries: repo.NewLedgerEntry[] = [];
  for (const line of lines) {
    const posted = linePostings(line, order.total, payments);
    const account = { vendorId: line.vendorId, itemCodeId: line.receivesSeparateStatement ? line.itemCodeId : null };
    const source = { orderId: order.id, orderLineId: line.lineId, createdBy: userId, at: order.completedAt ?? null };
    entries.push({ ...account, ...source, kind: 'SALE', amount: posted.sale });
    if (posted.commission !== 0n) entries.push({ ...account, ...source, kind: 'COMMISSION', amount: posted.commission });
    if (posted.cardFee !== 0n) entries.push({ ...account, ...source, kind: 'CARD_FEE', amount: posted.cardFee });
  }
  return entries;
}

/** A refunded order line as the ledger sees it: its units, those refunded before, and those refunded now. */
export interface RefundedLine {
  lineId: bigint;
  lineQuantity: bigint;
  refundedBefore: bigint;
  quantity: bigint;
}

/**
 * Posts a refund's reversals: for each refunded vendor line, its units' share of what
 * the sale posted (SALE −, COMMISSION +, CARD_FEE +), naming the refund, to the account
 * the sale posted to, dated now, whatever the account's balance (after a payout it goes
 * below zero and carries forward). Shares are the domain's refundShare: rounded to cents,
 * the line's last unit taking what remains, so a fully refunded line nets to zero. Zero
 * shares post nothing.
 */
export async function postRefund(trx: Db, storeId: number, refund: { id: bigint; orderId: bigint }, lines: readonly RefundedLine[], userId: bigint | null): Promise<void> {
  const byLine = new Map(lines.map((l) => [l.lineId, l]));
  const posted = await repo.salePostingsOfLines(
    trx,
    storeId,
    refund.orderId,
    lines.map((l) => l.lineId),
  );
  const entries: repo.NewLedgerEntry[] = [];
  for (const p of posted) {
    const line = byLine.get(p.lineId)!;
    const share = (full: bigint) => refundShare(full, line.lineQuantity, line.refundedBefore, line.quantity);
    const source = { vendorId: p.vendorId, itemCodeId: p.itemCodeId, orderId: refund.orderId, orderLineId: p.lineId, refundId: refund.id, createdBy: userId };
    const reversal = { SALE: -share(p.sale), COMMISSION: -share(p.commission), CARD_FEE: -share(p.cardFee) } as const;
    for (const kind of ['SALE', 'COMMISSION', 'CARD_FEE'] as const) {
      if (reversal[kind] !== 0n) entries.push({ ...source, kind, amount: reversal[kind] });
    }
  }
  await repo.insertEntries(trx, storeId, entries);
}

// ---------------------------------------------------------------------------------
// Settlement: rent, adjustments, payouts, statements and the balances list. Each call
// that moves money runs in one transaction with its one audit event; rent posting,
// payouts and payout runs of a store take turns (an advisory lock per store).
// ---------------------------------------------------------------------------------

export const ACCOUNT_NOT_FOUND = 'No such separate-statement account for this vendor';

function accountTarget(vendorId: bigint, itemCodeId: bigint | null): string {
  return itemCodeId === null ? String(vendorId) : `${vendorId}/${itemCodeId}`;
}

/** The vendor (live or archived) and the item code whose account is meant; 404 when either is not the store's. */
async function findAccount(db: Db, storeId: number, vendorId: number, itemCodeId: number | null) {
  const vendor = await repo.findAccountVendor(db, storeId, vendorId);
  if (!vendor) throw new AppError('NOT_FOUND', VENDOR_NOT_FOUND);
  const code = itemCodeId === null ? null : await repo.findAccountCode(db, storeId, vendorId, itemCodeId);
  if (itemCodeId !== null && !code) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND);
  return { vendor, code: code ?? null, vendorId: vendor.id, itemCodeId: code?.id ?? null };
}

/** Posts a month's rent on every account whose deduction is on; a month posted already posts nothing new. */
export async function postRent(db: Db, actor: Actor, input: { month: string; idempotencyKey?: string | undefined }) {
  const { month } = input;
  return idempotent(db, { storeId: actor.storeId, procedure: '/vendor/rent/post', input }, async (trx) => {
    await repo.lockStoreSettlement(trx, actor.storeId);
    const rents = (await repo.rentAccounts(trx, actor.storeId)).flatMap((a) => {
      const amount = rentEntryAmount(a.monthlyRent, deductsRent(a.vendorDeducts, a.codeOverride));
      return amount === null ? [] : [{ vendorId: a.vendorId, itemCodeId: a.itemCodeId, amount }];
    });
    const posted = await repo.insertRentEntries(trx, actor.storeId, month, rents, actor.userId);
    await journalRent(trx, actor.storeId, month, posted, actor.userId);
    const total = posted.reduce((sum, p) => sum + p.amount, 0n);
    await recordAudit(trx, actor, { action: 'VENDOR_RENT_POST', targetType: 'rentMonth', targetId: month, after: { month, count: posted.length, total } });
    const message =
      posted.length > 0
        ? `Rent for ${month} posted to ${posted.length} ${posted.length === 1 ? 'account' : 'accounts'}`
        : rents.length > 0
          ? `Rent for ${month} was posted already: nothing new to post`
          : 'No account pays rent: nothing to post';
    return { success: true, message, month, posted, count: posted.length, total };
  });
}

/** Posts an ADJUSTMENT (either sign, with its memo) to one account. */
export async function adjustAccount(db: Db, actor: Actor, input: { vendorId: number; itemCodeId: number | null; amount: bigint; memo: string; idempotencyKey?: string | undefined }) {
  return idempotent(db, { storeId: actor.storeId, procedure: '/vendor/adjust', input }, async (trx) => {
    const account = await findAccount(trx, actor.storeId, input.vendorId, input.itemCodeId);
    await repo.lockVendors(trx, actor.storeId, [account.vendorId]);
    const before = await repo.accountBalance(trx, actor.storeId, account.vendorId, account.itemCodeId);
    const entry = { vendorId: account.vendorId, itemCodeId: account.itemCodeId, amount: input.amount, memo: input.memo };
    const [id] = await repo.insertEntries(trx, actor.storeId, [{ ...entry, kind: 'ADJUSTMENT', createdBy: actor.userId }]);
    await journalAdjustment(trx, actor.storeId, { ...entry, id: id! }, actor.userId);
    const balance = await repo.accountBalance(trx, actor.storeId, account.vendorId, account.itemCodeId);
    await recordAudit(trx, actor, {
      action: 'VENDOR_ADJUST',
      targetType: 'vendorAccount',
      targetId: accountTarget(account.vendorId, account.itemCodeId),
      before: { balance: before },
      after: { balance, amount: input.amount, memo: input.memo },
    });
    return { success: true, message: `Adjustment of ${formatMoney(input.amount)} posted to ${account.vendor.tradeName}`, balance };
  });
}

/** Pays one account: a payout and its PAYOUT entry; never more than the account's balance. */
export async function payOut(
  db: Db,
  actor: Actor,
  input: { vendorId: number; itemCodeId: number | null; amount: bigint; method: PayoutMethod; reference: string; idempotencyKey?: string | undefined },
) {
  return idempotent(db, { storeId: actor.storeId, procedure: '/vendor/payout', input }, async (trx) => {
    await repo.lockStoreSettlement(trx, actor.storeId);
    if (input.method === 'CASH') await assertDayOpen(trx, actor.storeId);
    const account = await findAccount(trx, actor.storeId, input.vendorId, input.itemCodeId);
    await repo.lockVendors(trx, actor.storeId, [account.vendorId]);
    const before = await repo.accountBalance(trx, actor.storeId, account.vendorId, account.itemCodeId);
    const problem = payoutProblem(input.amount, before);
    if (problem) throw new AppError('BAD_REQUEST', problem);
    const [payout] = await repo.insertPayouts(trx, actor.storeId, [{ vendorId: account.vendorId, itemCodeId: account.itemCodeId, amount: input.amount }], {
      method: input.method,
      reference: input.reference,
      runId: null,
      createdBy: actor.userId,
    });
    await journalPayouts(trx, actor.storeId, { payoutId: payout!.id }, input.method, [payout!], actor.userId);
    const balance = before - input.amount;
    await recordAudit(trx, actor, {
      action: 'VENDOR_PAYOUT',
      targetType: 'payout',
      targetId: payout!.id,
      before: { balance: before },
      after: { balance, vendorId: account.vendorId, itemCodeId: account.itemCodeId, amount: input.amount, method: input.method, reference: input.reference },
    });
    return {
      success: true,
      message: `Paid ${formatMoney(input.amount)} to ${account.vendor.tradeName}`,
      payout: { ...payout!, method: input.method, reference: input.reference },
      balance,
    };
  });
}

/** What a run through the store's day `through` pays each account (those it pays nothing left out), by trade name. */
async function planRun(trx: Db, storeId: number, through: string, minimum: bigint) {
  const { end } = await repo.storeDayBounds(trx, storeId, through, through);
  return (await repo.payableAccounts(trx, storeId, end, minimum)).flatMap((a) => {
    const amount = payoutRunAmount(a, minimum);
    return amount > 0n ? [{ vendorId: a.vendorId, itemCodeId: a.itemCodeId, tag: a.tag, tradeName: a.tradeName, amount, balance: a.balance - amount }] : [];
  });
}

/**
 * A payout run through a day: pays every account what it earned through that day less
 * what was paid out so far, when that reaches the minimum, in one transaction. A preview
 * answers the same list and posts nothing.
 */
export async function runPayouts(db: Db, actor: Actor, input: { through: string; minimum: bigint; method: PayoutMethod; preview: boolean; idempotencyKey?: string | undefined }) {
  const answer = (runId: bigint | null, payouts: Awaited<ReturnType<typeof planRun>>) => {
    const total = payouts.reduce((sum, p) => sum + p.amount, 0n);
    const what = `${payouts.length} ${payouts.length === 1 ? 'account' : 'accounts'}, ${formatMoney(total)}`;
    return {
      success: true,
      message: input.preview ? `The run would pay ${what}` : payouts.length > 0 ? `Paid ${what}` : 'Nothing to pay: no account reaches the minimum',
      preview: input.preview,
      runId,
      through: input.through,
      minimum: input.minimum,
      payouts,
      count: payouts.length,
      total,
    };
  };
  if (input.preview) return answer(null, await planRun(db, actor.storeId, input.through, input.minimum));
  return idempotent(db, { storeId: actor.storeId, procedure: '/vendor/payout-run', input }, async (trx) => {
    await repo.lockStoreSettlement(trx, actor.storeId);
    if (input.method === 'CASH') await assertDayOpen(trx, actor.storeId);
    // Lock the vendors it would pay, then plan again: no sale or refund moves them now.
    const first = await planRun(trx, actor.storeId, input.through, input.minimum);
    const locked = new Set(first.map((p) => p.vendorId));
    await repo.lockVendors(trx, actor.storeId, [...locked].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const payouts = (await planRun(trx, actor.storeId, input.through, input.minimum)).filter((p) => locked.has(p.vendorId));
    const total = payouts.reduce((sum, p) => sum + p.amount, 0n);
    const runId = await repo.insertPayoutRun(trx, actor.storeId, { through: input.through, minimum: input.minimum, method: input.method, total, count: payouts.length, createdBy: actor.userId });
    await repo.insertPayouts(trx, actor.storeId, payouts, { method: input.method, reference: '', runId, createdBy: actor.userId });
    await journalPayouts(trx, actor.storeId, { payoutRunId: runId }, input.method, payouts, actor.userId);
    await recordAudit(trx, actor, {
      action: 'VENDOR_PAYOUT_RUN',
      targetType: 'payoutRun',
      targetId: runId,
      after: { through: input.through, minimum: input.minimum, method: input.method, count: payouts.length, total },
    });
    return answer(runId, payouts);
  });
}

function describeEntry(e: repo.StatementRow): string {
  switch (e.kind) {
    case 'RENT':
      return `Rent for ${e.rentMonth ?? ''}`;
    case 'PAYOUT': {
      const method = e.payoutMethod ? PAYOUT_METHOD_LABELS[e.payoutMethod as PayoutMethod] : 'Payout';
      const reference = e.payoutReference ? ` ${e.payoutReference}` : '';
      return `Payout by ${method.toLowerCase()}${reference}${e.payoutRunId !== null ? ` (payout run ${e.payoutRunId})` : ''}`;
    }
    case 'ADJUSTMENT':
      return 'Adjustment';
    default:
      return e.refundNumber !== null ? `Refund ${e.refundNumber}: ${e.lineDescription ?? ''}` : (e.lineDescription ?? '');
  }
}

/**
 * An account's statement for the store's days from..to (this month so far by default):
 * opening balance, the entries, totals by kind, closing balance. Opening and closing
 * come from the account's balance less what was posted from the period's start and end
 * on, read with the entries in one statement (one snapshot), so opening + entries = closing.
 */
export async function accountStatement(db: Db, storeId: number, now: Date, input: { vendorId: number; itemCodeId: number | null; from?: string; to?: string }) {
  const account = await findAccount(db, storeId, input.vendorId, input.itemCodeId);
  const calendar = await repo.storeCalendar(db, storeId, now);
  const from = input.from ?? (input.to !== undefined && input.to < monthStart(calendar.today) ? monthStart(input.to) : monthStart(calendar.today));
  const to = input.to ?? (from > calendar.today ? from : calendar.today);
  if (from > to) throw new AppError('BAD_REQUEST', 'To must not be before From');
  if (daysFrom(from, to) >= STATEMENT_MAX_DAYS) throw new AppError('BAD_REQUEST', `A statement covers at most ${STATEMENT_MAX_DAYS} days`);
  const { start, end } = await repo.storeDayBounds(db, storeId, from, to);
  const around = await db.transaction().execute(async (trx) => {
    await repo.withoutParallelWorkers(trx);
    return repo.accountStatementRows(trx, storeId, account.vendorId, account.itemCodeId, start, end, calendar.timeZone);
  });
  const entries = around.entries.map((e) => ({
    id: e.id,
    date: e.date,
    day: e.day,
    kind: e.kind,
    orderNumber: e.orderNumber,
    itemCode: e.itemCode,
    description: describeEntry(e),
    amount: e.amount,
    memo: e.memo,
  }));
  return {
    success: true,
    store: { name: calendar.name, address: calendar.address, timeZone: calendar.timeZone },
    vendor: {
      id: account.vendor.id,
      tradeName: account.vendor.tradeName,
      vendorType: account.vendor.vendorType,
      contactName: account.vendor.contactName,
      contactEmail: account.vendor.contactEmail,
      contactPhone: account.vendor.contactPhone,
      mailingAddress: account.vendor.mailingAddress,
      booth: account.vendor.booth,
    },
    account: { itemCodeId: account.itemCodeId, tag: account.code?.tag ?? null },
    from,
    to,
    openingBalance: around.balance - around.fromStart,
    entries,
    totals: totalsByKind(entries),
    closingBalance: around.balance - around.fromEnd,
  };
}

/** The store's Σ of balances above zero (owed) and below zero (owing) now, and how many accounts of each. */
export function storeBalanceTotals(db: Db, storeId: number) {
  return repo.accountsSummary(db, storeId);
}

/** A page of the balances screen, with the store's totals owed and owing, and its today and month. */
export async function listVendorAccounts(db: Db, storeId: number, now: Date, input: AccountsInput) {
  const [summary, calendar] = await Promise.all([repo.accountsSummary(db, storeId), repo.storeCalendar(db, storeId, now)]);
  const unfiltered = input.vendorType === null && input.search === '';
  // Counters the database keeps stand in for counting when nothing narrows the list.
  const knownTotal = !unfiltered
    ? null
    : input.filter === 'ALL'
      ? await countVendors(db, storeId)
      : input.filter === 'OWED'
        ? summary.accountsOwed
        : summary.accountsOwing;
  const page = await repo.listAccounts(db, storeId, {
    filter: input.filter,
    vendorType: input.vendorType,
    namePattern: input.search === '' ? null : likeContains(input.search),
    offset: (input.page - 1) * input.pageSize,
    limit: input.pageSize,
    knownTotal,
  });
  return { success: true, accounts: page.rows, total: page.total, summary, today: calendar.today, month: calendar.month };
}
