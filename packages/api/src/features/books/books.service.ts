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
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@pos/db';
import { BOOKS_JOURNALS_PAGE, type BooksExportRequest, type BooksJournalsRequest, type SaveBooksAccountInput } from '@pos/contracts';
import {
  adjustmentJournal,
  assertVendorLegsMatchLedger,
  chartOfAccounts,
  chartOfKeptAccounts,
  compareAccountKeys,
  sortByAccount,
  codeAccountSlugs,
  dayCloseJournal,
  fixedAccountName,
  parseAccountKey,
  vendorAccountName,
  vendorAccountSlugs,
  vendorSlugFamily,
  type AccountKey,
  payoutJournal,
  refundJournal,
  rentJournal,
  saleJournal,
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
import { writeTrialBalance } from './trial-balance-answer';

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
  const head: repo.JournalHead = { kind: 'SALE', orderId: order.id, reference: order.orderNumber, createdBy, at: order.completedAt ?? null };
  if (repo.mayDateBack(head)) await repo.lockMonthEndsShared(trx, storeId);
  return repo.journalWrites(storeId, head, legsOfSale(lines, payments));
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
// The vendors' kept slugs (docs/BOOKS.md, Default names)
// ---------------------------------------------------------------------------------

/**
 * Keeps the account slugs of the vendors added or renamed since they were last kept
 * (their slug is null: a new vendor, or a rename, by the trigger of migration 0033), in
 * the caller's transaction: every vendor of each family such a vendor leaves or joins is
 * given its slug again, by the domain's rule among that family, which is what the rule
 * gives among all the store's vendors (`vendorSlugFamily`).
 */
export async function keepVendorSlugs(trx: Db, storeId: number): Promise<void> {
  const missing = await repo.vendorsWithoutSlug(trx, storeId);
  if (missing.length === 0) return;
  const families = new Set<string>();
  for (const v of missing) {
    families.add(vendorSlugFamily(v));
    if (v.family !== null) families.add(v.family);
  }
  await repo.lockSlugFamilies(trx, storeId, [...families]);
  const members = (await repo.vendorsOfFamilies(trx, storeId, [...families])).filter((v) => families.has(vendorSlugFamily(v)));
  const slugs = vendorAccountSlugs(members);
  const changed = members
    .map((v) => ({ id: v.id, slug: slugs.get(v.id)!, family: vendorSlugFamily(v), was: v }))
    .filter((v) => v.slug !== v.was.slug || v.family !== v.was.family);
  await repo.saveVendorSlugs(trx, storeId, changed);
}

/** Runs `work` in a transaction of its own, or in the caller's. */
async function inTransaction(db: Db, work: (trx: Db) => Promise<void>): Promise<void> {
  if ((db as Transaction<Database>).isTransaction) await work(db);
  else await db.transaction().execute(work);
}

/** Before naming accounts from the kept slugs: keeps those of vendors added or renamed by a path that did not (a bulk load); nothing to do otherwise. */
async function ensureVendorSlugs(db: Db, storeId: number): Promise<void> {
  if (await repo.hasVendorsWithoutSlug(db, storeId)) await inTransaction(db, (trx) => keepVendorSlugs(trx, storeId));
}

// ---------------------------------------------------------------------------------
// Reading the books
// ---------------------------------------------------------------------------------

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** The last day of a day's month. */
function monthEndOf(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/**
 * How to read each account's balance at the end of `through` reading the fewest day rows
 * (docs/BOOKS.md, The trial balance at scale): today's balances less the days after it; or the
 * balances kept at the end of the month before plus the days since (the days from the
 * first, when the journals begin in its month); or those at the end of its own month less
 * the days after it. A month end is kept once the month ended two days before the store's
 * today (a sale started before midnight may still land on its last day); the first call
 * that needs it computes it.
 */
async function sumsAsOf(db: Db, storeId: number, through: string): Promise<repo.SumsPlan> {
  const span = await repo.journalSpan(db, storeId);
  if (!span || through < span.first) return { from: 'nothing' };
  if (through >= span.last) return { from: 'balances', lessDaysAfter: null };
  const keepable = addDays(await repo.storeToday(db, storeId), -2);
  const prevEnd = addDays(`${through.slice(0, 7)}-01`, -1);
  const ownEnd = monthEndOf(through);
  const options: { days: number; plan: repo.SumsPlan; keep?: string }[] = [{ days: dayNumber(span.last) - dayNumber(through), plan: { from: 'balances', lessDaysAfter: through } }];
  if (prevEnd < span.first) options.push({ days: dayNumber(through) - dayNumber(span.first) + 1, plan: { from: 'days', through } });
  else if (prevEnd <= keepable) options.push({ days: dayNumber(through) - dayNumber(prevEnd), plan: { from: 'month-end', monthEnd: prevEnd, plusDaysThrough: through }, keep: prevEnd });
  if (ownEnd <= keepable) options.push({ days: dayNumber(ownEnd) - dayNumber(through), plan: { from: 'month-end', monthEnd: ownEnd, lessDaysAfter: through }, keep: ownEnd });
  const best = options.reduce((a, b) => (b.days < a.days ? b : a));
  if (best.keep !== undefined && !(await repo.hasMonthEnd(db, storeId, best.keep))) {
    const monthEnd = best.keep;
    await inTransaction(db, (trx) => repo.keepMonthEnd(trx, storeId, monthEnd));
  }
  return best.plan;
}

/** An account as a call shows it: its default name, and the export name and number the store gave it. */
interface NamedAccount {
  name: string;
  exportName: string;
  exportNumber: string;
}

/**
 * The names of some accounts of the store's chart (those a call shows), each as the
 * chart names it (`chartOfAccounts`), from the vendors' kept slugs and the store's few
 * payment methods and taxes; a key that is no account of the chart is left out.
 */
async function nameAccounts(db: Db, storeId: number, keys: Iterable<string>): Promise<Map<string, NamedAccount>> {
  const accounts = new Map<string, NonNullable<ReturnType<typeof parseAccountKey>>>();
  for (const key of new Set(keys)) {
    const account = parseAccountKey(key);
    if (account) accounts.set(key, account);
  }
  const parsed = [...accounts.values()];
  const vendorIds = [...new Set(parsed.flatMap((a) => (a.type === 'vendor' ? [a.vendorId] : [])))];
  const codeVendorIds = [...new Set(parsed.flatMap((a) => (a.type === 'vendor' && a.itemCodeId !== null ? [a.vendorId] : [])))];
  const needsSmall = parsed.some((a) => a.type === 'clearing' || a.type === 'sales-tax');
  if (vendorIds.length > 0) await ensureVendorSlugs(db, storeId);
  const [slugs, codes, small, exported] = await Promise.all([
    repo.vendorSlugs(db, storeId, vendorIds),
    repo.accountCodesOf(db, storeId, codeVendorIds),
    needsSmall ? repo.smallChartFacts(db, storeId) : null,
    repo.accountNamesOf(db, storeId, [...accounts.keys()]),
  ]);
  const defaults = new Map<string, string>();
  for (const v of slugs) if (v.slug !== null) defaults.set(`vendor:${v.id}`, vendorAccountName(v.slug));
  for (const vendorId of codeVendorIds) {
    const parent = defaults.get(`vendor:${vendorId}`);
    if (parent === undefined) continue;
    for (const [id, slug] of codeAccountSlugs(codes.filter((c) => c.vendorId === vendorId))) defaults.set(`vendor:${vendorId}:${id}`, `${parent}:${slug}`);
  }
  if (small) for (const a of chartOfAccounts({ ...small, vendors: [], separateStatementCodes: [] })) defaults.set(a.key, a.name);
  const byAccount = new Map(exported.map((n) => [n.account, n]));
  const named = new Map<string, NamedAccount>();
  for (const [key, account] of accounts) {
    const name = account.type === 'vendor' || account.type === 'clearing' || account.type === 'sales-tax' ? defaults.get(key) : fixedAccountName(account.type);
    if (name === undefined) continue;
    named.set(key, { name, exportName: byAccount.get(key)?.exportName ?? '', exportNumber: byAccount.get(key)?.exportNumber ?? '' });
  }
  return named;
}

/**
 * The store's chart of accounts, each with its default name (the vendors' from their
 * kept slugs) and the export name and number the store gave it.
 */
async function chart(db: Db, storeId: number) {
  await ensureVendorSlugs(db, storeId);
  const [first, names] = await Promise.all([repo.chartFacts(db, storeId), repo.accountNames(db, storeId)]);
  let facts = first;
  // A vendor renamed by another path between the two reads has its slug forgotten again.
  if (facts.chart.vendors.some((v) => v.slug === null)) {
    await ensureVendorSlugs(db, storeId);
    facts = await repo.chartFacts(db, storeId);
  }
  const vendors = facts.chart.vendors.map((v) => {
    if (v.slug === null) throw new Error(`vendor ${v.id} has no account slug`);
    return { id: v.id, slug: v.slug };
  });
  const byAccount = new Map(names.map((n) => [n.account, n]));
  // Each of some 100,000 rows made as one literal (a spread of each cost more than the rest).
  const accounts = chartOfKeptAccounts({ ...facts.chart, vendors }).map(({ key, kind, name }) => {
    const named = byAccount.get(key);
    return { key, kind, name, exportName: named?.exportName ?? '', exportNumber: named?.exportNumber ?? '' };
  });
  return { storeName: facts.storeName, accounts };
}

/** The chart with each account's balance as of today. */
export async function listAccounts(db: Db, storeId: number) {
  const today = await repo.storeToday(db, storeId);
  const [{ accounts }, sums] = await Promise.all([chart(db, storeId), sumsAsOf(db, storeId, today).then((plan) => repo.accountSums(db, storeId, plan))]);
  const balance = new Map(sums.map((s) => [s.account, s.amount]));
  return {
    success: true,
    asOf: today,
    accounts: accounts.map(({ key, kind, name, exportName, exportNumber }) => ({ key, kind, name, exportName, exportNumber, balance: balance.get(key) ?? 0n })),
  };
}

/** Gives an account of the chart its QuickBooks / Xero name and number (empty: the default). Audited. */
export async function saveAccountName(db: Db, actor: Actor, input: SaveBooksAccountInput) {
  return db.transaction().execute(async (trx) => {
    const account = (await nameAccounts(trx, actor.storeId, [input.account])).get(input.account);
    if (!account) throw new AppError('NOT_FOUND', `${input.account} is not an account of this store's books`);
    await repo.saveAccountName(trx, actor.storeId, { account: input.account, exportName: input.exportName, exportNumber: input.exportNumber, updatedBy: actor.userId });
    await recordAudit(trx, actor, {
      action: 'BOOKS_ACCOUNT_NAME',
      targetType: 'booksAccount',
      targetId: input.account,
      before: { exportName: account.exportName, exportNumber: account.exportNumber },
      after: { exportName: input.exportName, exportNumber: input.exportNumber },
    });
    return { success: true, message: `${account.name} is exported as ${input.exportName || account.name}${input.exportNumber ? ` (${input.exportNumber})` : ''}` };
  });
}

/**
 * The nonzero balances of a trial balance in the chart's order, as parallel lists (one
 * entry an account: some 100,000 of them, so no object each): the account, its balance
 * and the database's text of it (null when the account's lines were added here), and for
 * a vendor's main account its kept slug ('' when none).
 */
class Balances {
  readonly accounts: string[] = [];
  readonly amounts: bigint[] = [];
  readonly texts: (string | null)[] = [];
  readonly slugs: string[] = [];

  push(account: string, amount: bigint, text: string | null, slug: string): void {
    if (amount === 0n) return;
    this.accounts.push(account);
    this.amounts.push(amount);
    this.texts.push(text);
    this.slugs.push(slug);
  }

  /**
   * The vendor accounts' lines (`accountLines`), in the chart's order: each account's
   * lines (adjacent) added into one, the first slug given kept. One pass over the text.
   */
  pushVendorLines(text: string): void {
    let account = '';
    let amount = 0n;
    let amountText: string | null = null;
    let slug = '';
    for (let start = 0; start < text.length; ) {
      let end = text.indexOf('\n', start);
      if (end < 0) end = text.length;
      const amountAt = text.indexOf('\t', start) + 1;
      const slugAt = text.indexOf('\t', amountAt) + 1;
      const lineAccount = text.slice(start, amountAt - 1);
      const lineText = text.slice(amountAt, slugAt - 1);
      if (lineAccount === account) {
        amount += BigInt(lineText);
        amountText = null;
        if (slug === '') slug = text.slice(slugAt, end);
      } else {
        this.push(account, amount, amountText, slug);
        account = lineAccount;
        amount = BigInt(lineText);
        amountText = lineText;
        slug = text.slice(slugAt, end);
      }
      start = end + 1;
    }
    this.push(account, amount, amountText, slug);
  }
}

/** The store-wide accounts' lines (`accountLines`: one an account), in the chart's order. */
function otherBalances(text: string): { account: AccountKey; amount: bigint; text: string }[] {
  if (text === '') return [];
  const balances = text.split('\n').map((line) => {
    const tab = line.indexOf('\t');
    const amount = line.slice(tab + 1);
    return { account: line.slice(0, tab) as AccountKey, amount: BigInt(amount), text: amount };
  });
  return sortByAccount(balances, (b) => b.account);
}

/**
 * Every account's debit or credit balance at the end of `asOf` (the store's today when
 * left out). The database sums by the plan and orders the vendor accounts by the places
 * their rows keep, with each vendor's main account's kept slug (`accountLines`); the
 * store-wide accounts go around them in the chart's order; the few accounts with no kept
 * slug (codes' accounts, a vendor whose slug a rename forgot) are named here, and the
 * export names given. A store may have some 100,000 accounts, so the answer is written as
 * its JSON text in one pass from the database's text, with no object a row, its money
 * the database's text where it has it (docs/PERFORMANCE.md, Books).
 */
export async function trialBalanceAsOf(db: Db, storeId: number, input: { asOf?: string }) {
  const asOf = input.asOf ?? (await repo.storeToday(db, storeId));
  await ensureVendorSlugs(db, storeId);
  const plan = await sumsAsOf(db, storeId, asOf);
  const [lines, exported] = await Promise.all([
    plan.from === 'nothing' ? { vendors: '', others: '' } : repo.accountLines(db, storeId, plan),
    repo.accountNames(db, storeId),
  ]);
  const balances = new Balances();
  const firstVendor: AccountKey = 'vendor:1';
  let vendorsRead = false;
  for (const other of otherBalances(lines.others)) {
    if (!vendorsRead && compareAccountKeys(other.account, firstVendor) > 0) {
      balances.pushVendorLines(lines.vendors);
      vendorsRead = true;
    }
    balances.push(other.account, other.amount, other.text, '');
  }
  if (!vendorsRead) balances.pushVendorLines(lines.vendors);
  const { accounts, slugs } = balances;
  const named = await nameAccounts(
    db,
    storeId,
    accounts.filter((_, i) => slugs[i] === ''),
  );
  const exportedBy = exported.length === 0 ? null : new Map(exported.map((n) => [n.account, n]));
  return writeTrialBalance(asOf, balances, (account) => exportedBy?.get(account), (account) => named.get(account)?.name);
}

/** A period's books as a file: hledger (exact), QuickBooks IIF, QuickBooks Online CSV or Xero CSV (a day's entry in cents). */
export async function exportPeriod(db: Db, storeId: number, input: BooksExportRequest) {
  if (input.from > input.to) throw new AppError('BAD_REQUEST', 'To must not be before From');
  const [{ storeName, accounts }, journals, opening] = await Promise.all([
    chart(db, storeId),
    repo.journalsBetween(db, storeId, input.from, input.to),
    sumsAsOf(db, storeId, addDays(input.from, -1)).then((plan) => repo.accountSums(db, storeId, plan)),
  ]);
  const file = exportBooks(input.format, {
    storeName,
    from: input.from,
    to: input.to,
    accounts: accounts.map((a) => ({ key: a.key, name: a.name, exportName: a.exportName || null, exportNumber: a.exportNumber || null })),
    journals,
    opening,
  });
  return { success: true, ...file };
}

/**
 * The journal view: the journals of a period of business days, each with its legs and
 * the order, refund or payout it comes from, a page at a time; drilled into one account
 * (a trial balance row), only the journals with a leg on it, after its balance before
 * the period. Only the accounts on the page are named.
 */
export async function journalsOfPeriod(db: Db, storeId: number, input: BooksJournalsRequest) {
  let account: { key: string; name: string } | null = null;
  if (input.account !== undefined) {
    const found = (await nameAccounts(db, storeId, [input.account])).get(input.account);
    if (!found) throw new AppError('NOT_FOUND', `${input.account} is not an account of this store's books`);
    account = { key: input.account, name: found.exportName || found.name };
  }
  const [rows, opening] = await Promise.all([
    repo.journalsPage(db, storeId, { from: input.from, to: input.to, account: account?.key, after: input.after, limit: BOOKS_JOURNALS_PAGE + 1 }),
    account ? repo.accountSum(db, storeId, account.key, addDays(input.from, -1)) : Promise.resolve(0n),
  ]);
  const page = rows.slice(0, BOOKS_JOURNALS_PAGE);
  const names = await nameAccounts(
    db,
    storeId,
    page.flatMap((j) => j.legs.map((l) => l.account)),
  );
  const nameOf = (key: string) => {
    const named = names.get(key);
    return named ? named.exportName || named.name : key;
  };
  const last = page.at(-1);
  return {
    success: true,
    from: input.from,
    to: input.to,
    account: account ? { ...account, opening } : null,
    journals: page.map((j) => ({ ...j, legs: j.legs.map((l) => ({ ...l, name: nameOf(l.account) })) })),
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
