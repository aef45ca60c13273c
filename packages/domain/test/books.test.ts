import { describe, expect, it } from 'vitest';
import { $, ADA, BO, EXAMPLE_CHART, workedExample } from '../../../test/books-example';
import {
  DomainError,
  accountKind,
  accountSlug,
  adjustmentJournal,
  assertVendorLegsMatchLedger,
  balancedLegs,
  chartOfAccounts,
  compareAccountKeys,
  dailyEntries,
  dayCloseJournal,
  parseAccountKey,
  payoutJournal,
  refundJournal,
  rentJournal,
  saleJournal,
  trialBalance,
  vendorAccount,
  type AccountKey,
  type JournalLeg,
} from '../src/index';

const nameOf = new Map(EXAMPLE_CHART.map((a) => [a.key, a.name]));
const chart = EXAMPLE_CHART;
/** Legs by default name, debits above zero. */
const named = (legs: readonly JournalLeg[]) => Object.fromEntries(legs.map((l) => [nameOf.get(l.account), l.amount]));

describe('the chart of accounts', () => {
  it('names the example accounts as an accountant reads them', () => {
    expect(nameOf.get('drawer')).toBe('assets:cash-drawer');
    expect(nameOf.get('clearing:2')).toBe('assets:clearing:card');
    expect(nameOf.get('clearing:1')).toBeUndefined(); // cash lands in the drawer
    expect(nameOf.get('sales-tax:1')).toBe('liabilities:sales-tax:gst');
    expect(nameOf.get('sales-tax:2')).toBe('liabilities:sales-tax:tax-2');
    expect(nameOf.get('vendor:10')).toBe('liabilities:vendors:ada');
    expect(nameOf.get('vendor:11')).toBe('liabilities:vendors:bo');
    expect(chart.map((a) => [a.name, a.kind])).toEqual([
      ['assets:cash-drawer', 'ASSET'],
      ['assets:clearing:card', 'ASSET'],
      ['assets:bank', 'ASSET'],
      ['liabilities:sales-tax:gst', 'LIABILITY'],
      ['liabilities:sales-tax:tax-2', 'LIABILITY'],
      ['liabilities:sales-tax:tax-3', 'LIABILITY'],
      ['liabilities:vendors:ada', 'LIABILITY'],
      ['liabilities:vendors:bo', 'LIABILITY'],
      ['liabilities:store-credit', 'LIABILITY'],
      ['equity:rounding', 'EQUITY'],
      ['income:commission', 'INCOME'],
      ['income:card-fee-recovery', 'INCOME'],
      ['income:own-sales', 'INCOME'],
      ['income:customer-fees', 'INCOME'],
      ['income:rent', 'INCOME'],
      ['expenses:vendor-adjustments', 'EXPENSE'],
      ['expenses:cash-over-short', 'EXPENSE'],
    ]);
  });

  it('makes names slugs, and keeps them apart when two slugs meet: the older account keeps its name', () => {
    expect(accountSlug('  Bo & Co. Antiques ')).toBe('bo-co-antiques');
    expect(accountSlug('Çelik:Antik')).toBe('çelik-antik');
    const names = chartOfAccounts({
      paymentMethods: [
        { id: 5n, name: 'Visa card', isCash: false },
        { id: 4n, name: 'VISA  Card', isCash: false },
      ],
      taxes: [{ slot: 1, shortName: 'H.S.T' }],
      vendors: [
        { id: 21n, name: 'ada' },
        { id: 20n, name: 'Ada' },
        { id: 22n, name: '&' },
        { id: 23n, name: 'ada-21' },
      ],
      separateStatementCodes: [
        { id: 7n, vendorId: 20n, code: 'ADA1' },
        { id: 8n, vendorId: 21n, code: 'ADA1' },
      ],
    }).map((a) => `${a.key} ${a.name}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'clearing:4 assets:clearing:visa-card',
        'clearing:5 assets:clearing:visa-card-5',
        'sales-tax:1 liabilities:sales-tax:h-s-t',
        'vendor:20 liabilities:vendors:ada',
        'vendor:20:7 liabilities:vendors:ada:ada1',
        'vendor:21 liabilities:vendors:ada-21',
        'vendor:21:8 liabilities:vendors:ada-21:ada1',
        'vendor:22 liabilities:vendors:vendor-22',
        'vendor:23 liabilities:vendors:ada-21-23',
      ]),
    );
  });

  it('reads back every key it writes, one spelling each, and knows no other', () => {
    for (const a of chart) expect(parseAccountKey(a.key)).not.toBeNull();
    expect(parseAccountKey('vendor:12:40')).toEqual({ type: 'vendor', vendorId: 12n, itemCodeId: 40n });
    expect(vendorAccount({ vendorId: 12n, itemCodeId: 40n })).toBe('vendor:12:40');
    for (const bad of ['vendor:012', 'clearing:', 'sales-tax:4', 'vendor:1:2:3', 'Drawer', 'income:rent']) expect(parseAccountKey(bad)).toBeNull();
    expect(accountKind('vendor:12:40')).toBe('LIABILITY');
    expect(accountKind('cash-over-short')).toBe('EXPENSE');
    expect(['vendor:3:1', 'vendor:3', 'vendor:2:9', 'drawer'].sort(compareAccountKeys as (a: string, b: string) => number)).toEqual(['drawer', 'vendor:2:9', 'vendor:3', 'vendor:3:1']);
  });
});

describe('the worked example, figure for figure', () => {
  const [sale, rent, payout, refundBo, refundAda] = workedExample();
  const day = { sale: sale!, rent: rent!, payout: payout!, refundBo: refundBo!, refundAda: refundAda! };

  it('books the sale: 106.45 on each side', () => {
    expect(named(day.sale.legs)).toEqual({
      'assets:cash-drawer': $('45.00'),
      'assets:clearing:card': $('61.45'),
      'liabilities:vendors:ada': $('-63.57'),
      'liabilities:vendors:bo': $('-16.25'),
      'income:commission': $('-15.95'),
      'income:card-fee-recovery': $('-1.23'),
      'income:own-sales': $('-3.00'),
      'liabilities:sales-tax:gst': $('-5.00'),
      'income:customer-fees': $('-1.45'),
    });
    expect(day.sale.legs.filter((l) => l.amount > 0n).reduce((s, l) => s + l.amount, 0n)).toBe($('106.45'));
  });

  it('books the rent, the payout by check and both refunds', () => {
    expect(named(day.rent.legs)).toEqual({ 'liabilities:vendors:ada': $('150'), 'income:rent': $('-150') });
    expect(named(day.payout.legs)).toEqual({ 'liabilities:vendors:bo': $('16.25'), 'assets:bank': $('-16.25') });
    expect(named(day.refundBo.legs)).toEqual({
      'liabilities:vendors:bo': $('16.25'),
      'income:commission': $('8.75'),
      'liabilities:sales-tax:gst': $('1.25'),
      'assets:cash-drawer': $('-26.25'),
    });
    expect(named(day.refundAda.legs)).toEqual({
      'liabilities:vendors:ada': $('31.78'),
      'income:commission': $('3.60'),
      'income:card-fee-recovery': $('0.62'),
      'liabilities:sales-tax:gst': $('1.80'),
      'assets:clearing:card': $('-37.80'),
    });
  });

  it('moves each vendor account by minus its ledger entries, journal by journal', () => {
    for (const j of Object.values(day)) {
      expect(() => assertVendorLegsMatchLedger(j.legs, j.ledger)).not.toThrow();
      expect(j.legs.reduce((s, l) => s + l.amount, 0n)).toBe(0n);
    }
  });

  it("ends the day with the example's balances, 176.86 on each side", () => {
    const tb = trialBalance(Object.values(day).flatMap((j) => j.legs));
    expect(tb.accounts.map((a) => [nameOf.get(a.account), a.debit, a.credit])).toEqual([
      ['assets:cash-drawer', $('18.75'), 0n],
      ['assets:clearing:card', $('23.65'), 0n],
      ['assets:bank', 0n, $('16.25')],
      ['liabilities:sales-tax:gst', 0n, $('1.95')],
      ['liabilities:vendors:ada', $('118.21'), 0n],
      ['liabilities:vendors:bo', $('16.25'), 0n],
      ['income:commission', 0n, $('3.60')],
      ['income:card-fee-recovery', 0n, $('0.61')],
      ['income:own-sales', 0n, $('3.00')],
      ['income:customer-fees', 0n, $('1.45')],
      ['income:rent', 0n, $('150.00')],
    ]);
    expect([tb.totalDebit, tb.totalCredit]).toEqual([$('176.86'), $('176.86')]);
  });

  it("keeps each vendor's ledger balance equal to minus its books balance: Ada −118.21, Bo −16.25", () => {
    const tb = trialBalance(Object.values(day).flatMap((j) => j.legs));
    const ledger = new Map<AccountKey, bigint>();
    for (const e of Object.values(day).flatMap((j) => j.ledger)) ledger.set(vendorAccount(e), (ledger.get(vendorAccount(e)) ?? 0n) + e.amount);
    expect(Object.fromEntries(ledger)).toEqual({ 'vendor:10': $('-118.21'), 'vendor:11': $('-16.25') });
    for (const [account, balance] of ledger) expect(tb.accounts.find((a) => a.account === account)?.balance).toBe(-balance);
  });

  it('makes one entry of the day in cents that needs no rounding', () => {
    const [entry, ...more] = dailyEntries(Object.values(day).map((j) => ({ day: '2026-11-03', legs: j.legs })));
    expect(more).toEqual([]);
    expect(entry!.rounding).toBe(0n);
    expect(entry!.legs).toEqual(trialBalance(Object.values(day).flatMap((j) => j.legs)).accounts.map((a) => ({ account: a.account, amount: a.balance })));
  });
});

describe('journals that cannot balance are refused, never returned', () => {
  const ada = { total: $('10'), taxes: [0n, 0n, 0n] as const };
  const posted = { sale: $('10'), commission: $('-1'), cardFee: 0n };

  it('refuses a sale whose payments do not pay its lines and taxes', () => {
    const short = () =>
      saleJournal({ lines: [{ vendorAccount: ADA, ...ada, postings: posted }], payments: [{ paymentMethodId: 1n, isCash: true, applied: $('9.99'), customerFee: 0n }] });
    expect(short).toThrow(DomainError);
    expect(short).toThrow('its credits exceed its debits by 0.01');
  });

  it('refuses postings that are not the line', () => {
    const pay = [{ paymentMethodId: 1n, isCash: true, applied: $('10'), customerFee: 0n }];
    expect(() => saleJournal({ lines: [{ vendorAccount: ADA, ...ada }], payments: pay })).toThrow(/postings are missing/);
    expect(() => saleJournal({ lines: [{ vendorAccount: ADA, ...ada, postings: { ...posted, sale: $('9') } }], payments: pay })).toThrow(/SALE/);
    expect(() => saleJournal({ lines: [{ vendorAccount: null, ...ada, postings: posted }], payments: pay })).toThrow(/own line/);
  });

  it('refuses a refund whose payments are not what the customer gets back', () => {
    const line = { quantity: 1n, ...ada, postings: posted, refundedQuantity: 0n };
    expect(() => refundJournal({ lines: [{ vendorAccount: ADA, line, quantity: 1n }], payments: [{ paymentMethodId: 1n, isCash: true, amount: $('9') }] })).toThrow(DomainError);
    expect(() => refundJournal({ lines: [{ vendorAccount: ADA, line, quantity: 2n }], payments: [] })).toThrow(RangeError);
  });

  it('refuses rent that pays the vendor, a payout of nothing, and legs of no account', () => {
    expect(() => rentJournal([{ ...ADA, amount: $('150') }])).toThrow(/rent entry/);
    expect(() => payoutJournal('CASH', [{ ...BO, amount: 0n }])).toThrow(/above zero/);
    expect(() => balancedLegs([{ account: 'income:rent' as AccountKey, amount: 0n }])).toThrow(/no account/);
  });

  it('finds a vendor leg that is not minus its ledger entries', () => {
    const legs = adjustmentJournal({ ...ADA, amount: $('5') });
    expect(named(legs)).toEqual({ 'liabilities:vendors:ada': $('-5'), 'expenses:vendor-adjustments': $('5') });
    expect(() => assertVendorLegsMatchLedger(legs, [{ ...ADA, amount: $('5') }])).not.toThrow();
    expect(() => assertVendorLegsMatchLedger(legs, [{ ...ADA, amount: $('-5') }])).toThrow(/vendor:10/);
    expect(() => assertVendorLegsMatchLedger(legs, [{ ...ADA, amount: $('5') }, { ...BO, amount: $('1') }])).toThrow(/vendor:11/);
  });

  it('refuses a trial balance and a day whose legs do not balance', () => {
    expect(() => trialBalance([{ account: 'drawer', amount: 1n }])).toThrow(DomainError);
    expect(() => dailyEntries([{ day: '2026-11-03', legs: [{ account: 'drawer', amount: 1n }] }])).toThrow('its debits exceed its credits by 0.000001');
  });
});

describe('payouts, closed days and entries in cents', () => {
  it('pays out of the drawer, the bank or store credit', () => {
    expect(named(payoutJournal('CASH', [{ ...ADA, amount: $('5') }]))).toEqual({ 'liabilities:vendors:ada': $('5'), 'assets:cash-drawer': $('-5') });
    expect(named(payoutJournal('ACH', [{ ...ADA, amount: $('5') }, { ...BO, amount: $('7') }]))).toEqual({
      'assets:bank': $('-12'),
      'liabilities:vendors:ada': $('5'),
      'liabilities:vendors:bo': $('7'),
    });
    expect(named(payoutJournal('STORE_CREDIT', [{ ...BO, amount: $('7') }]))).toEqual({ 'liabilities:vendors:bo': $('7'), 'liabilities:store-credit': $('-7') });
  });

  it('books a short drawer as an expense and an over one as its reverse; an even day books nothing', () => {
    expect(named(dayCloseJournal({ countedCash: $('95'), expectedCash: $('100') }))).toEqual({ 'assets:cash-drawer': $('-5'), 'expenses:cash-over-short': $('5') });
    expect(named(dayCloseJournal({ countedCash: $('101'), expectedCash: $('100') }))).toEqual({ 'assets:cash-drawer': $('1'), 'expenses:cash-over-short': $('-1') });
    expect(dayCloseJournal({ countedCash: $('100'), expectedCash: $('100') })).toEqual([]);
  });

  it('rounds each account of a day to cents and puts what is left on rounding, day by day', () => {
    const legs = (a: string, b: string, c: string): JournalLeg[] => [
      { account: 'drawer', amount: $(a) },
      { account: 'vendor:10', amount: $(b) },
      { account: 'own-sales', amount: $(c) },
    ];
    const entries = dailyEntries([
      { day: '2026-11-04', legs: legs('10.00', '-9.995', '-0.005') },
      { day: '2026-11-03', legs: legs('10.005', '-10.005', '0') },
      { day: '2026-11-03', legs: legs('0.01', '-0.004', '-0.006') },
      { day: '2026-11-05', legs: legs('1', '-1', '0') },
      { day: '2026-11-05', legs: legs('-1', '1', '0') },
    ]);
    // 11-03: drawer 10.015 → 10.02, Ada −10.009 → −10.01, own −0.006 → −0.01: 0.00 left.
    // 11-04: drawer 10.00, Ada −9.995 → −10.00 and own −0.005 → 0.00 (both to even): nothing left.
    // 11-05: every account sums to zero: no entry.
    expect(entries.map((e) => [e.day, Object.fromEntries(e.legs.map((l) => [l.account, l.amount])), e.rounding])).toEqual([
      ['2026-11-03', { drawer: $('10.02'), 'vendor:10': $('-10.01'), 'own-sales': $('-0.01') }, 0n],
      ['2026-11-04', { drawer: $('10.00'), 'vendor:10': $('-10.00') }, 0n],
    ]);
    const odd = dailyEntries([{ day: '2026-11-06', legs: legs('0.015', '-0.005', '-0.010') }]);
    // drawer 0.015 → 0.02, Ada −0.005 → −0.00, own −0.01: 0.01 left over, credited to rounding.
    expect(odd).toEqual([{ day: '2026-11-06', legs: [{ account: 'drawer', amount: $('0.02') }, { account: 'rounding', amount: $('-0.01') }, { account: 'own-sales', amount: $('-0.01') }], rounding: $('-0.01') }]);
  });
});
