/**
 * The trial balance's answer over its JSON text, written a row at a time from the
 * balances (`TrialBalanceTextWriter`), with no object per row: a large store's answer has
 * some 100,000 rows, and making, checking and encoding an object each cost more than the
 * rest of the call (docs/PERFORMANCE.md, Books). The rows are parsed from the text only
 * when something reads them (a server-side caller, tRPC's encoding of a streamed batch).
 * The writer's text is the schema's own encoding of the answer, so the answer's check
 * takes it as it is and records it as the answer's JSON, which both doors send; any
 * other answer goes through the contract's check (`parseTrialBalanceOutput`).
 */
import { TrialBalanceTextWriter, parseTrialBalanceOutput, toMoneyWire, type TrialBalanceOutput, type ZTrialBalanceOutput } from '@pos/contracts';
import { accountKind, eachTrialBalanceRow, vendorAccountName, type AccountKey } from '@pos/domain';
import type { z } from 'zod';
import { withAnswerText } from '../../answer-text';

/** The answer as the service gives it (its totals still bigint), before its check. */
type TrialBalanceAnswer = z.input<typeof ZTrialBalanceOutput>;

/** The text each written answer was made from, until its check. */
const answerTexts = new WeakMap<object, string>();

/** Makes `answer.accounts` the rows of `text` (the whole answer's JSON), parsed when first read. */
function withLazyAccounts<T extends { accounts: unknown }>(answer: T, text: string): T {
  Object.defineProperty(answer, 'accounts', {
    enumerable: true,
    configurable: true,
    get() {
      const accounts = (JSON.parse(text) as { accounts: unknown }).accounts;
      Object.defineProperty(answer, 'accounts', { value: accounts, enumerable: true, writable: true, configurable: true });
      return accounts;
    },
  });
  return answer;
}

/** The answer the writer's rows make, with its totals (those the rows were summed to). */
function trialBalanceAnswer(writer: TrialBalanceTextWriter, totals: { totalDebit: bigint; totalCredit: bigint }): TrialBalanceAnswer {
  const text = writer.end(totals.totalDebit, totals.totalCredit);
  // `accounts` stays in its place among the keys: the getter replaces it.
  const answer = withLazyAccounts({ success: writer.success, asOf: writer.asOf, accounts: [] as TrialBalanceAnswer['accounts'], totalDebit: totals.totalDebit, totalCredit: totals.totalCredit }, text);
  answerTexts.set(answer, text);
  return answer;
}

/**
 * A trial balance's nonzero balances in the chart's order, as parallel lists (one entry an
 * account): the account, its balance and the database's text of it (null when there is
 * none: the decimal text of the balance as an int8 writes it), and for a vendor's main
 * account its kept slug ('' for any other account, or a vendor whose slug is not kept).
 */
export interface TrialBalanceLines {
  readonly accounts: readonly string[];
  readonly amounts: readonly bigint[];
  readonly texts: readonly (string | null)[];
  readonly slugs: readonly string[];
}

/**
 * The trial balance's answer as of `asOf` from its balances, written as its JSON text in
 * one pass: each account's debit or credit (the domain's rule, `eachTrialBalanceRow`),
 * named by its export name, else its default name (a kept slug's by the vendor account
 * rule, `vendorAccountName`; another's by `defaultNameOf`, else its key), and numbered by
 * its export number.
 */
export function writeTrialBalance(
  asOf: string,
  lines: TrialBalanceLines,
  exportedOf: (account: string) => { exportName: string; exportNumber: string } | undefined,
  defaultNameOf: (account: string) => string | undefined,
): TrialBalanceAnswer {
  const { accounts, amounts, texts, slugs } = lines;
  const writer = new TrialBalanceTextWriter(true, asOf);
  const totals = eachTrialBalanceRow(
    accounts.map((_, i) => i),
    (i) => amounts[i]!,
    (i, debit, credit) => {
      const account = accounts[i]!;
      const slug = slugs[i]!;
      const text = texts[i] ?? null;
      const exported = exportedOf(account);
      const number = exported?.exportNumber ?? '';
      // The side above zero as the database wrote the balance (a credit without its minus), when it did.
      const debitText = debit === 0n ? '0' : (text ?? String(debit));
      const creditText = credit === 0n ? '0' : text === null ? String(credit) : text.slice(1);
      if (slug !== '') writer.row(account, 'LIABILITY', exported?.exportName || vendorAccountName(slug), number, debitText, creditText);
      else writer.row(account, accountKind(account as AccountKey), exported?.exportName || defaultNameOf(account) || account, number, debitText, creditText);
    },
  );
  return trialBalanceAnswer(writer, totals);
}

/** The trial balance's answer check: a written answer as its text says (recorded as its JSON); any other through the contract's check. */
export function parseTrialBalanceAnswer(value: unknown): TrialBalanceOutput {
  const text = typeof value === 'object' && value !== null ? answerTexts.get(value) : undefined;
  if (text === undefined) return parseTrialBalanceOutput(value);
  const written = value as TrialBalanceAnswer;
  const answer = withLazyAccounts(
    { success: written.success, asOf: written.asOf, accounts: [] as TrialBalanceOutput['accounts'], totalDebit: toMoneyWire(written.totalDebit), totalCredit: toMoneyWire(written.totalCredit) },
    text,
  );
  return withAnswerText(answer, text);
}
