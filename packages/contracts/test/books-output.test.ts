import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_KINDS, INT64_MAX } from '@pos/domain';
import { TrialBalanceTextWriter, ZTrialBalanceOutput, parseTrialBalanceOutput } from '../src/books';

// The trial balance's answer is checked by a loop of its own (a large store's has some
// 100,000 rows); it must answer exactly what the contract's schema answers, and refuse
// exactly what it refuses.
const money = fc.bigInt({ min: 0n, max: INT64_MAX });
/** A row's money is already in wire form; sometimes with a key the schema does not know, or its keys the other way round. */
const wire = fc.oneof(
  money.map((v) => ({ type: 'Money', value: String(v) })),
  money.map((v) => ({ value: String(v), type: 'Money' })),
  money.map((v) => ({ type: 'Money', value: String(v), cents: 1 })),
);
const row = fc
  .record(
    {
      account: fc.string(),
      kind: fc.constantFrom(...ACCOUNT_KINDS),
      name: fc.string(),
      number: fc.string(),
      debit: wire,
      credit: wire,
      amount: money,
    },
    { requiredKeys: ['account', 'kind', 'name', 'number', 'debit', 'credit'] },
  )
  .chain((r) => fc.boolean().map((reversed) => (reversed ? Object.fromEntries(Object.entries(r).reverse()) : r)));
const answer = fc.record({ success: fc.boolean(), asOf: fc.string(), accounts: fc.array(row, { maxLength: 20 }), totalDebit: money, totalCredit: money });

/** The error's issues, or null when it answered. */
function outcome(parse: () => unknown): unknown {
  try {
    return { answer: parse() };
  } catch (error) {
    return { issues: (error as { issues?: unknown }).issues ?? String(error) };
  }
}

describe("the trial balance's answer check", () => {
  it('answers what the schema answers: the rows without unknown keys, money in wire form, in the same key order', () => {
    fc.assert(
      fc.property(answer, (value) => {
        const fast = parseTrialBalanceOutput(value);
        const zod = ZTrialBalanceOutput.parse(value);
        expect(fast).toEqual(zod);
        expect(JSON.stringify(fast)).toBe(JSON.stringify(zod));
      }),
    );
  });

  it('answers a row that is already what the schema answers as it is, not a copy', () => {
    const row = { account: 'drawer', kind: 'ASSET', name: 'assets:drawer', number: '', debit: { type: 'Money', value: '5' }, credit: { type: 'Money', value: '0' } };
    const extra = { ...row, amount: 5n };
    const parsed = parseTrialBalanceOutput({ success: true, asOf: '2026-11-27', accounts: [row, extra], totalDebit: 5n, totalCredit: 5n });
    expect(parsed.accounts[0]).toBe(row);
    expect(parsed.accounts[1]).not.toBe(extra);
    expect(parsed.accounts[1]).toEqual(row);
  });

  it('refuses what the schema refuses, with its issues', () => {
    const broken = fc.oneof(
      fc.constant(null),
      fc.constant('x'),
      fc.constant(1),
      fc.record({ account: fc.constant(1), kind: fc.constant('ASSET'), name: fc.constant('n'), number: fc.constant(''), debit: money, credit: money }),
      fc.record({ account: fc.constant('drawer'), kind: fc.constant('ASSETS'), name: fc.constant('n'), number: fc.constant(''), debit: money, credit: money }),
      fc.record({ account: fc.constant('drawer'), kind: fc.constant('ASSET'), name: fc.constant(null), number: fc.constant(''), debit: money, credit: money }),
      fc.record({ account: fc.constant('drawer'), kind: fc.constant('ASSET'), name: fc.constant('n'), debit: money, credit: money }),
      fc.record({ account: fc.constant('drawer'), kind: fc.constant('ASSET'), name: fc.constant('n'), number: fc.constant(''), debit: fc.integer(), credit: wire }),
      fc.record({ account: fc.constant('drawer'), kind: fc.constant('ASSET'), name: fc.constant('n'), number: fc.constant(''), debit: wire, credit: fc.constant('5') }),
      fc.record({ account: fc.constant('drawer'), kind: fc.constant('ASSET'), name: fc.constant('n'), number: fc.constant(''), debit: money, credit: wire }),
      fc.record({ account: fc.constant('drawer'), kind: fc.constant('ASSET'), name: fc.constant('n'), number: fc.constant(''), debit: wire, credit: fc.constantFrom({ type: 'Money', value: '1.5' }, { type: 'Money', value: ' 1' }, { type: 'Percent', value: '1' }, { type: 'Money', value: 1 }, null) }),
    );
    fc.assert(
      fc.property(answer, broken, fc.nat(), (value, bad, at) => {
        const accounts = [...value.accounts];
        accounts.splice(at % (accounts.length + 1), 0, bad as never);
        const wrong = { ...value, accounts };
        expect(outcome(() => parseTrialBalanceOutput(wrong))).toEqual(outcome(() => ZTrialBalanceOutput.parse(wrong)));
        expect(() => parseTrialBalanceOutput(wrong)).toThrow();
      }),
    );
    for (const wrong of [null, {}, { success: true, asOf: '2026-11-27', accounts: 'none', totalDebit: 0n, totalCredit: 0n }, { success: true, asOf: '2026-11-27', accounts: [], totalDebit: 1, totalCredit: 0n }]) {
      expect(outcome(() => parseTrialBalanceOutput(wrong))).toEqual(outcome(() => ZTrialBalanceOutput.parse(wrong)));
      expect(() => parseTrialBalanceOutput(wrong)).toThrow();
    }
  });
});

// The trial balance's answer is written as JSON text a row at a time (a large store's
// has some 100,000 rows) and sent as it is, unchecked: it must be exactly the schema's
// own encoding of the answer with those rows.
describe("the trial balance's answer written as text", () => {
  /** Any text: quotes, backslashes, control characters, unicode beyond the BMP, lone surrogates; or one with a few of them. */
  const anyText = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.string({ unit: fc.constantFrom('a', 'Z', '0', ' ', '-', ':', '"', '\\', '\n', '\t', '\u0000', '\u001f', '\u007f', '\u2028', 'é', '€', '🙂', '\ud800', '\udfff', '</script>') }),
  );
  const writtenRow = fc.record({ account: anyText, kind: fc.constantFrom(...ACCOUNT_KINDS), name: anyText, number: anyText, debit: money, credit: money });
  const written = fc.record({ success: fc.boolean(), asOf: anyText, accounts: fc.array(writtenRow, { maxLength: 20 }), totalDebit: money, totalCredit: money });

  it("is JSON.stringify of the schema's parse of the answer, byte for byte", () => {
    fc.assert(
      fc.property(written, (answer) => {
        const writer = new TrialBalanceTextWriter(answer.success, answer.asOf);
        for (const r of answer.accounts) writer.row(r.account, r.kind, r.name, r.number, String(r.debit), String(r.credit));
        const text = writer.end(answer.totalDebit, answer.totalCredit);
        const rows = answer.accounts.map((r) => ({ ...r, debit: { type: 'Money', value: String(r.debit) }, credit: { type: 'Money', value: String(r.credit) } }));
        expect(text).toBe(JSON.stringify(ZTrialBalanceOutput.parse({ ...answer, accounts: rows })));
      }),
      { numRuns: 500 },
    );
  });
});
