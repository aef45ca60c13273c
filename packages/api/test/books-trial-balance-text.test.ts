/**
 * The trial balance's answer is written as its JSON text straight from its balances (a
 * large store's has some 100,000 rows; docs/PERFORMANCE.md, Books), and that text is what
 * both doors send. For any balances (names with quotes, backslashes, control characters
 * and any unicode, empty numbers, debit and credit balances, accounts with and without a
 * kept slug, the database's text of a balance or none) it must be exactly the schema's
 * encoding of the answer the rows make: each account's debit or credit, named by its
 * export name, else its default name (a kept slug's `liabilities:vendors:<slug>`), else
 * its key. The rows read from the answer are those rows.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZTrialBalanceOutput, toMoneyWire } from '@pos/contracts';
import { FIXED_ACCOUNTS, INT64_MAX, accountKind, accountSlug, type AccountKey } from '@pos/domain';
import { answerTextOf } from '../src/answer-text';
import { parseTrialBalanceAnswer, writeTrialBalance, type TrialBalanceLines } from '../src/features/books/trial-balance-answer';

const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ unit: fc.constantFrom('a', 'Z', '0', ' ', '-', ':', '"', '\\', '\n', '\t', '\u0000', '\u007f', '\u2028', 'é', '€', '🙂', '\ud800', '</script>') }),
  fc.constant(''),
);
const id = fc.bigInt({ min: 1n, max: 1_000_000n });
const amount = fc.oneof(fc.bigInt({ min: -INT64_MAX / 1000n, max: -1n }), fc.bigInt({ min: 1n, max: INT64_MAX / 1000n }));

/** An account with no kept slug: a fixed one, a clearing, tax or code account, or a vendor whose slug is not kept. */
const otherAccount = fc.oneof(
  fc.constantFrom(...FIXED_ACCOUNTS),
  id.map((i) => `clearing:${i}`),
  fc.constantFrom('sales-tax:1', 'sales-tax:2', 'sales-tax:3'),
  id.map((i) => `vendor:${i}`),
  fc.tuple(id, id).map(([v, c]) => `vendor:${v}:${c}`),
);
/** A vendor's main account with its kept slug (what accountSlug makes of a name, or the fallback). */
const slugged = fc.record({ account: id.map((i) => `vendor:${i}`), slug: anyText.map((name) => accountSlug(name) || 'vendor-7') });

interface Balance {
  account: { account: string; slug: string };
  amount: bigint;
  /** Whether the database's text of the balance is given (else the service summed it). */
  fromDatabase: boolean;
  exported: { exportName: string; exportNumber: string } | null;
  defaultName: string | null;
}

const balance: fc.Arbitrary<Balance> = fc.record({
  account: fc.oneof(otherAccount.map((account) => ({ account, slug: '' })), slugged),
  amount,
  fromDatabase: fc.boolean(),
  exported: fc.option(fc.record({ exportName: anyText, exportNumber: anyText })),
  defaultName: fc.option(anyText),
});

/** Balances whose debits equal their credits: the last one balances the others. */
const balanced = fc.array(balance, { minLength: 1, maxLength: 25 }).map((rows): Balance[] => {
  const sum = rows.reduce((s, r) => s + r.amount, 0n);
  return sum === 0n ? rows : [...rows, { account: { account: 'rounding', slug: '' }, amount: -sum, fromDatabase: true, exported: null, defaultName: null }];
});

function linesOf(rows: readonly Balance[]): TrialBalanceLines {
  return {
    accounts: rows.map((r) => r.account.account),
    amounts: rows.map((r) => r.amount),
    texts: rows.map((r) => (r.fromDatabase ? String(r.amount) : null)),
    slugs: rows.map((r) => r.account.slug),
  };
}

/** The answer as the schema answers it for these balances (the first of an account's export and default names counted). */
function schemaAnswer(asOf: string, rows: readonly Balance[]) {
  const exported = new Map<string, { exportName: string; exportNumber: string }>();
  const defaults = new Map<string, string>();
  for (const r of rows) {
    if (r.exported && !exported.has(r.account.account)) exported.set(r.account.account, r.exported);
    if (r.defaultName !== null && !defaults.has(r.account.account)) defaults.set(r.account.account, r.defaultName);
  }
  const accounts = rows.map((r) => {
    const { account, slug } = r.account;
    const names = exported.get(account);
    const defaultName = slug !== '' ? `liabilities:vendors:${slug}` : defaults.get(account) || account;
    return {
      account,
      kind: slug !== '' ? ('LIABILITY' as const) : accountKind(account as AccountKey),
      name: names?.exportName || defaultName,
      number: names?.exportNumber ?? '',
      debit: toMoneyWire(r.amount > 0n ? r.amount : 0n),
      credit: toMoneyWire(r.amount < 0n ? -r.amount : 0n),
    };
  });
  const total = rows.reduce((s, r) => (r.amount > 0n ? s + r.amount : s), 0n);
  const lookups = { exported: (a: string) => exported.get(a), defaultName: (a: string) => defaults.get(a) };
  return { lookups, parsed: ZTrialBalanceOutput.parse({ success: true, asOf, accounts, totalDebit: total, totalCredit: total }) };
}

describe("the trial balance's answer written from its balances", () => {
  it("is sent as the schema's encoding of the answer, byte for byte, and reads as its rows", () => {
    fc.assert(
      fc.property(anyText, balanced, (asOf, rows) => {
        const { lookups, parsed } = schemaAnswer(asOf, rows);
        const written = writeTrialBalance(asOf, linesOf(rows), lookups.exported, lookups.defaultName);
        const answer = parseTrialBalanceAnswer(written);
        expect(answerTextOf(answer)).toBe(JSON.stringify(parsed));
        // Read on the server (tRPC's caller): the same answer, rows parsed from the text.
        expect(answer).toEqual(parsed);
        expect(JSON.stringify(answer)).toBe(JSON.stringify(parsed));
        expect(written.accounts).toEqual(parsed.accounts);
      }),
      { numRuns: 300 },
    );
  });

  it('lists nothing and totals zero when there are no balances', () => {
    const answer = parseTrialBalanceAnswer(writeTrialBalance('2026-11-27', linesOf([]), () => undefined, () => undefined));
    expect(answerTextOf(answer)).toBe('{"success":true,"asOf":"2026-11-27","accounts":[],"totalDebit":{"type":"Money","value":"0"},"totalCredit":{"type":"Money","value":"0"}}');
    expect(answer.accounts).toEqual([]);
  });

  it('refuses balances whose debits and credits differ, and a zero balance', () => {
    const lines = (amounts: bigint[]): TrialBalanceLines => ({ accounts: amounts.map(() => 'drawer'), amounts, texts: amounts.map(() => null), slugs: amounts.map(() => '') });
    expect(() => writeTrialBalance('2026-11-27', lines([5n, -4n]), () => undefined, () => undefined)).toThrow(/Debits .* and credits .* must be equal/);
    expect(() => writeTrialBalance('2026-11-27', lines([5n, 0n, -5n]), () => undefined, () => undefined)).toThrow(RangeError);
  });

  it('checks any other answer as the schema does (no text recorded)', () => {
    const row = { account: 'drawer', kind: 'ASSET', name: 'assets:cash-drawer', number: '', debit: toMoneyWire(5n), credit: toMoneyWire(0n) };
    const plain = { success: true, asOf: '2026-11-27', accounts: [row], totalDebit: 5n, totalCredit: 5n };
    const answer = parseTrialBalanceAnswer(plain);
    expect(answer).toEqual(ZTrialBalanceOutput.parse(plain));
    expect(answerTextOf(answer)).toBeUndefined();
    expect(() => parseTrialBalanceAnswer({ ...plain, accounts: [{ ...row, kind: 'ASSETS' }] })).toThrow();
  });
});
