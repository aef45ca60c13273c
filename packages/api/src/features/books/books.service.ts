/**
 * The books (docs/BOOKS.md). This file is the one writer of journals: every posting of
 * money (a sale completed, a refund, rent, an adjustment, a payout or payout run, a
 * closed day) calls one of the `journal*` functions below inside its own transaction,
 * after it has written its ledger entries (a checkout: `saleJournalWrites`, written in
 * the statement that writes its entries), so the event, its vendor entries and its
 * journal commit or roll back together. The legs come from packages/domain's leg
 * functions, which refuse legs that do not balance, and the vendor legs are checked
 * against the entries the ledger just wrote (a vendor's leg is minus its entries): that
 * is conservation checked on every posting, not only by tests. The database checks the
 * balance once more at commit.
 *
 * Also here: the chart of accounts with the store's export names, the trial balance and
 * the exports.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import { BOOKS_JOURNALS_PAGE, type BooksExportRequest, type BooksJournalsRequest, type SaveBooksAccountInput } from '@pos/contracts';
import {
  adjustmentJournal,
  assertVendorLegsMatchLedger,
  chartOfAccounts,
  dayCloseJournal,
  isAccountKey,
  payoutJournal,
  refundJournal,
  rentJournal,
  saleJournal,
  trialBalance,
  addDays,
  type LedgerEntryForBooks,
  type PayoutMethod,
  type SalePaymentForBooks,
} from '@pos/domain';
import { AppError } from '../../errors';
import { recordAudit, type Actor } from '../audit/audit.service';
import { loadOrder } from '../order/order-read';
import type { NewLedgerEntry } from '../ledger/ledger.repository';
import { exportBooks } from './export';
import * as repo from './books.repository';

type Db = Kysely<Database>;

// ---------------------------------------------------------------------------------
// The one writer
// ---------------------------------------------------------------------------------

const vendorRef = (f: { vendorId: bigint | null; itemCodeId: bigint | null }) => (f.vendorId === null ? null : { vendorId: f.vendorId, itemCodeId: f.itemCodeId });

/** A sale's legs from its lines (each with what it posts to its vendor's account) and payments: the domain's saleJournal. */
function legsOfSale(lines: readonly repo.SaleLineFacts[], payments: readonly SalePaymentForBooks[]) {
  return saleJournal({
    lines: lines.map((l) => {
      const account = vendorRef(l);
      return { vendorAccount: account, total: l.total, taxes: l.taxes, postings: account ? { sale: l.sale, commission: l.commission, cardFee: l.cardFee } : null };
    }),
    payments,
  });
}

/** A completed order's legs, from its lines, payments and the entries its sale posted: what `journalSale` writes. */
export async function saleLegs(trx: Db, storeId: number, orderId: bigint) {
  const [lines, payments] = await Promise.all([repo.saleLineFacts(trx, storeId, orderId), repo.salePayments(trx, storeId, orderId)]);
  return legsOfSale(lines, payments);
}

/**
 * A completed order's journal: its payments against its vendors' nets, commission, card
 * fees, own lines, taxes and customer fees; on the business day it completed
 * (`completedAt`: an offline sale's time of sale), today when left out.
 */
export async function journalSale(trx: Db, storeId: number, order: { id: bigint; orderNumber: string; completedAt?: Date | undefined }, createdBy: bigint | null): Promise<void> {
  const legs = await saleLegs(trx, storeId, order.id);
  await repo.insertJournal(trx, storeId, { kind: 'SALE', orderId: order.id, reference: order.orderNumber, createdBy, at: order.completedAt ?? null }, legs);
}

/**
 * A sale's journal computed before its entries are written, from its saved lines, the
 * entries it is about to post (the same facts journalSale reads back after posting) and
 * its payments: the writes to put in the sale's last statement (journalWrites), so the
 * rows every sale of the store updates are locked by one statement just before commit
 * (docs/PERFORMANCE.md, "One store's sales per second").
 */
export async function saleJournalWrites(
  trx: Db,
  storeId: number,
  order: { id: bigint; orderNumber: string; completedAt?: Date | undefined },
  entries: readonly NewLedgerEntry[],
  payments: readonly SalePaymentForBooks[],
  createdBy: bigint | null,
) {
  const posted = new Map<bigint, NewLedgerEntry[]>();
  for (const e of entries) posted.set(e.orderLineId!, [...(posted.get(e.orderLineId!) ?? []), e]);
  const lines = (await repo.saleLineFacts(trx, storeId, order.id)).map((line): repo.SaleLineFacts => {
    const own = posted.get(line.lineId);
    if (!own) return line;
    const sum = (kind: NewLedgerEntry['kind']) => own.reduce((total, e) => (e.kind === kind ? total + e.amount : total), 0n);
    return { ...line, vendorId: own[0]!.vendorId, itemCodeId: own[0]!.itemCodeId, sale: sum('SALE'), commission: sum('COMMISSION'), cardFee: sum('CARD_FEE') };
  });
  return repo.journalWrites(storeId, { kind: 'SALE', orderId: order.id, reference: order.orderNumber, createdBy, at: order.completedAt ?? null }, legsOfSale(lines, payments));
}

/**
 * A refund's journal, from the domain's reversal rule (each refunded unit's share of its
 * line, taxes and postings), checked against the reversals the ledger posted for it.
 */
export async function journalRefund(trx: Db, storeId: number, refund: { id: bigint; orderId: bigint; number: string }, createdBy: bigint | null): Promise<void> {
  const [lines, money] = await Promise.all([repo.refundLineFacts(trx, storeId, refund), repo.refundMoney(trx, storeId, refund.id)]);
  const legs = refundJournal({
    lines: lines.map((l) => ({
      vendorAccount: vendorRef(l),
      line: { quantity: l.quantity, total: l.total, taxes: l.taxes, postings: { sale: l.sale, commission: l.commission, cardFee: l.cardFee }, refundedQuantity: l.refundedBefore },
      quantity: l.refundedNow,
    })),
    payments: money.payments,
  });
  assertVendorLegsMatchLedger(legs, money.entries);
  await repo.insertJournal(trx, storeId, { kind: 'REFUND', orderId: refund.orderId, refundId: refund.id, reference: refund.number, createdBy }, legs);
}

/** A rent posting's journal (its RENT entries are below zero); nothing when it posted nothing. */
export async function journalRent(trx: Db, storeId: number, month: string, entries: readonly LedgerEntryForBooks[], createdBy: bigint | null): Promise<void> {
  if (entries.length === 0) return;
  await repo.insertJournal(trx, storeId, { kind: 'RENT', rentMonth: month, reference: `Rent ${month}`, createdBy }, rentJournal(entries));
}

/** An adjustment's journal: its ADJUSTMENT entry against vendor adjustments. */
export async function journalAdjustment(trx: Db, storeId: number, entry: LedgerEntryForBooks & { id: bigint; memo: string }, createdBy: bigint | null): Promise<void> {
  await repo.insertJournal(trx, storeId, { kind: 'ADJUSTMENT', ledgerEntryId: entry.id, reference: entry.memo, createdBy }, adjustmentJournal(entry));
}

/** A payout's journal, or a payout run's (one journal for the run's payouts, all by one method). */
export async function journalPayouts(
  trx: Db,
  storeId: number,
  source: { payoutId: bigint } | { payoutRunId: bigint },
  method: PayoutMethod,
  payouts: readonly { vendorId: bigint; itemCodeId: bigint | null; amount: bigint }[],
  createdBy: bigint | null,
): Promise<void> {
  if (payouts.length === 0) return;
  const reference = 'payoutId' in source ? `Payout ${source.payoutId}` : `Payout run ${source.payoutRunId}`;
  await repo.insertJournal(trx, storeId, { kind: 'PAYOUT', ...source, reference, createdBy }, payoutJournal(method, payouts));
}

/** A closed day's journal, dated the day closed: the drawer by counted − expected against cash over/short. */
export async function journalDayClose(
  trx: Db,
  storeId: number,
  close: { id: bigint; day: string; countedCash: bigint; expectedCash: bigint },
  createdBy: bigint | null,
): Promise<void> {
  await repo.insertJournal(trx, storeId, { kind: 'DAY_CLOSE', businessDay: close.day, dayCloseId: close.id, reference: `Z report ${close.day}`, createdBy }, dayCloseJournal(close));
}

// ---------------------------------------------------------------------------------
// Reading the books
// ---------------------------------------------------------------------------------

/** The store's chart of accounts, each with its default name and the export name and number the store gave it. */
async function chart(db: Db, storeId: number) {
  const [facts, names] = await Promise.all([repo.chartFacts(db, storeId), repo.accountNames(db, storeId)]);
  const byAccount = new Map(names.map((n) => [n.account, n]));
  const accounts = chartOfAccounts(facts.chart).map((a) => ({
    ...a,
    exportName: byAccount.get(a.key)?.exportName ?? '',
    exportNumber: byAccount.get(a.key)?.exportNumber ?? '',
  }));
  return { storeName: facts.storeName, accounts };
}

/** The chart with each account's balance as of today. */
export async function listAccounts(db: Db, storeId: number) {
  const today = await repo.storeToday(db, storeId);
  const [{ accounts }, sums] = await Promise.all([chart(db, storeId), repo.accountSums(db, storeId, today)]);
  const balance = new Map(sums.map((s) => [s.account, s.amount]));
  return { success: true, asOf: today, accounts: accounts.map((a) => ({ ...a, balance: balance.get(a.key) ?? 0n })) };
}

/** Gives an account of the chart its QuickBooks / Xero name and number (empty: the default). Audited. */
export async function saveAccountName(db: Db, actor: Actor, input: SaveBooksAccountInput) {
  return db.transaction().execute(async (trx) => {
    const { accounts } = await chart(trx, actor.storeId);
    const account = isAccountKey(input.account) ? accounts.find((a) => a.key === input.account) : undefined;
    if (!account) throw new AppError('NOT_FOUND', `${input.account} is not an account of this store's books`);
    await repo.saveAccountName(trx, actor.storeId, { account: account.key, exportName: input.exportName, exportNumber: input.exportNumber, updatedBy: actor.userId });
    await recordAudit(trx, actor, {
      action: 'BOOKS_ACCOUNT_NAME',
      targetType: 'booksAccount',
      targetId: account.key,
      before: { exportName: account.exportName, exportNumber: account.exportNumber },
      after: { exportName: input.exportName, exportNumber: input.exportNumber },
    });
    return { success: true, message: `${account.name} is exported as ${input.exportName || account.name}${input.exportNumber ? ` (${input.exportNumber})` : ''}` };
  });
}

/** Every account's debit or credit balance at the end of `asOf` (the store's today when left out). */
export async function trialBalanceAsOf(db: Db, storeId: number, input: { asOf?: string }) {
  const asOf = input.asOf ?? (await repo.storeToday(db, storeId));
  const [{ accounts }, sums] = await Promise.all([chart(db, storeId), repo.accountSums(db, storeId, asOf)]);
  const byKey = new Map(accounts.map((a) => [a.key, a]));
  const balance = trialBalance(sums);
  return {
    success: true,
    asOf,
    accounts: balance.accounts.map((row) => {
      const account = byKey.get(row.account);
      return {
        account: row.account,
        kind: row.kind,
        name: account?.exportName || account?.name || row.account,
        number: account?.exportNumber ?? '',
        debit: row.debit,
        credit: row.credit,
      };
    }),
    totalDebit: balance.totalDebit,
    totalCredit: balance.totalCredit,
  };
}

/** A period's books as a file: hledger (exact), QuickBooks IIF, QuickBooks Online CSV or Xero CSV (a day's entry in cents). */
export async function exportPeriod(db: Db, storeId: number, input: BooksExportRequest) {
  if (input.from > input.to) throw new AppError('BAD_REQUEST', 'To must not be before From');
  const [{ storeName, accounts }, journals, opening] = await Promise.all([
    chart(db, storeId),
    repo.journalsBetween(db, storeId, input.from, input.to),
    repo.accountSums(db, storeId, addDays(input.from, -1)),
  ]);
  const file = exportBooks(input.format, {
    storeName,
    from: input.from,
    to: input.to,
    accounts: accounts.map((a) => ({ key: a.key, name: a.name, exportName: a.exportName || null, exportNumber: a.exportNumber || null })),
    journals,
    opening: opening.filter((o) => o.amount !== 0n),
  });
  return { success: true, ...file };
}

/**
 * The journal view: the journals of a period of business days, each with its legs and
 * the order, refund or payout it comes from, a page at a time; drilled into one account
 * (a trial balance row), only the journals with a leg on it, after its balance before
 * the period.
 */
export async function journalsOfPeriod(db: Db, storeId: number, input: BooksJournalsRequest) {
  const { accounts } = await chart(db, storeId);
  const nameOf = new Map(accounts.map((a) => [a.key as string, a.exportName || a.name]));
  const account = input.account === undefined ? null : accounts.find((a) => a.key === input.account);
  if (account === undefined) throw new AppError('NOT_FOUND', `${input.account} is not an account of this store's books`);
  const [rows, opening] = await Promise.all([
    repo.journalsPage(db, storeId, { from: input.from, to: input.to, account: account?.key, after: input.after, limit: BOOKS_JOURNALS_PAGE + 1 }),
    account ? repo.accountSum(db, storeId, account.key, addDays(input.from, -1)) : Promise.resolve(0n),
  ]);
  const page = rows.slice(0, BOOKS_JOURNALS_PAGE);
  const last = page.at(-1);
  return {
    success: true,
    from: input.from,
    to: input.to,
    account: account ? { key: account.key, name: account.exportName || account.name, opening } : null,
    journals: page.map((j) => ({ ...j, legs: j.legs.map((l) => ({ ...l, name: nameOf.get(l.account) ?? l.account })) })),
    next: rows.length > BOOKS_JOURNALS_PAGE && last ? { day: last.day, id: last.id } : null,
  };
}

/**
 * The order a sale's or a refund's journal comes from, read-only, for the roles that
 * read the books (an accountant may not open the Orders page): its lines, payments and
 * refunds. Only a completed (or refunded) order has a journal; another is not found.
 */
export async function journalOrder(db: Db, storeId: number, orderId: number) {
  const order = await loadOrder(db, storeId, orderId);
  if (order.status !== 'COMPLETED' && order.status !== 'REFUNDED') throw new AppError('NOT_FOUND', 'No journal comes from this order');
  return { success: true, order };
}
