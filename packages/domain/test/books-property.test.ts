/**
 * The books as a property: for random store histories (sales with split tender, negative
 * and own lines; refunds of some units and of the last ones; rent, adjustments, payouts by
 * every method, closed days), every journal balances, every vendor leg is minus the
 * ledger entries the ledger's own rules post for that event, the trial balance's debits
 * equal its credits, every vendor account's ledger balance is minus its books balance,
 * and the drawer, clearing and tax accounts hold what the events say they should.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CENT, assertVendorLegsMatchLedger, dailyEntries, parseAccountKey, trialBalance, vendorAccount, type AccountKey } from '../src/index';
import { historyArb, playHistory } from '../../../test/books-history';

describe('the books of random histories', () => {
  it('balance every journal, mirror the ledger, and agree with the till', () => {
    let refundsOfLastUnits = 0;
    let refunds = 0;
    fc.assert(
      fc.property(historyArb, (scenario) => {
        const history = playHistory(scenario);
        const ledgerBalance = new Map<AccountKey, bigint>();
        for (const j of history.journals) {
          expect(j.legs.reduce((sum, l) => sum + l.amount, 0n)).toBe(0n);
          expect(new Set(j.legs.map((l) => l.account)).size).toBe(j.legs.length);
          expect(j.legs.every((l) => l.amount !== 0n)).toBe(true);
          assertVendorLegsMatchLedger(j.legs, j.ledger);
          const byAccount = new Map<AccountKey, bigint>();
          for (const e of j.ledger) byAccount.set(vendorAccount(e), (byAccount.get(vendorAccount(e)) ?? 0n) + e.amount);
          for (const leg of j.legs.filter((l) => parseAccountKey(l.account)?.type === 'vendor')) expect(leg.amount).toBe(-(byAccount.get(leg.account) ?? 0n));
          for (const [account, amount] of byAccount) {
            ledgerBalance.set(account, (ledgerBalance.get(account) ?? 0n) + amount);
            if (amount !== 0n) expect(j.legs.find((l) => l.account === account)?.amount).toBe(-amount);
          }
          if (j.kind === 'REFUND') refunds++;
        }
        refundsOfLastUnits += history.lastUnitRefunds;

        const tb = trialBalance(history.journals.flatMap((j) => j.legs));
        expect(tb.totalDebit).toBe(tb.totalCredit);
        expect(tb.accounts.reduce((sum, a) => sum + a.debit - a.credit, 0n)).toBe(0n);
        const books = new Map(tb.accounts.map((a) => [a.account, a.balance]));
        for (const [account, balance] of ledgerBalance) expect(books.get(account) ?? 0n).toBe(-balance);
        for (const [account, balance] of history.expected) expect(books.get(account) ?? 0n).toBe(balance);

        // Each day in cents balances, every figure in whole cents, the rounding a few micro-units' worth.
        const days = dailyEntries(history.journals);
        for (const day of days) {
          expect(day.legs.reduce((sum, l) => sum + l.amount, 0n)).toBe(0n);
          expect(day.legs.every((l) => l.amount % CENT === 0n)).toBe(true);
          expect(day.rounding <= BigInt(day.legs.length) * CENT && day.rounding >= -BigInt(day.legs.length) * CENT).toBe(true);
        }
        // The days add up to the trial balance, but for the rounding (cents of micro-units).
        const summed = trialBalance(days.flatMap((d) => d.legs));
        for (const row of summed.accounts.filter((a) => a.account !== 'rounding')) {
          const exact = books.get(row.account) ?? 0n;
          const diff = row.balance - exact;
          expect(diff <= BigInt(days.length) * CENT / 2n && diff >= -BigInt(days.length) * CENT / 2n).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
    // The runs did refund, and took lines' last units: the rule that nets a line to zero was exercised.
    expect(refunds).toBeGreaterThan(100);
    expect(refundsOfLastUnits).toBeGreaterThan(50);
  });
});
