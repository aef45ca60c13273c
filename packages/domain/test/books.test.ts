import { describe, expect, it } from 'vitest';
import {
  DomainError,
  accountKind,
  accountSlug,
  adjustmentJournal,
  assertVendorLegsMatchLedger,
  balancedLegs,
  chartOfAccounts,
  compareAccountKeys,
  computeLine,
  dailyEntries,
  dayCloseJournal,
  deductsRent,
  linePostings,
  netOf,
  parseAccountKey,
  payoutJournal,
  payoutProblem,
  planCheckout,
  planRefundLines,
  refundJournal,
  refundPaymentsProblem,
  refundShare,
  refundableMethods,
  rentEntryAmount,
  rentJournal,
  saleJournal,
  summarizeOrder,
  trialBalance,
  vendorAccount,
  type AccountKey,
  type JournalLeg,
  type LedgerEntryForBooks,
  type LineInput,
  type LinePostings,
  type TenderMethod,
} from '../src/index';

const $ = (text: string) => {
  const [whole, frac = ''] = text.split('.');
  const negative = text.startsWith('-');
  const micro = BigInt(whole!.replace('-', '')) * 1_000_000n + BigInt(frac.padEnd(6, '0'));
  return negative ? -micro : micro;
};
const pct = (text: string) => $(text);

// The worked example of docs/BOOKS.md (the sale of docs/SETTLEMENT.md): Cash is payment
// method 1, Card 2; Ada is vendor 10, Bo vendor 11, both codes post to the main account.
const CASH: TenderMethod = { name: 'Cash', isCash: true, vendorFeePercent: 0n, customerFeePercent: 0n, customerFeeAmount: 0n, minimumAmount: 0n };
const CARD: TenderMethod = { name: 'Card', isCash: false, vendorFeePercent: pct('3'), customerFeePercent: pct('2'), customerFeeAmount: $('0.25'), minimumAmount: $('5') };
const METHOD_ID = new Map([
  [CASH, 1n],
  [CARD, 2n],
]);
const GST = pct('5');
const ADA1: LineInput = { quantity: 2, price: $('40'), discountPercent: pct('10'), taxPercents: [GST, 0n, 0n] };
const BO1: LineInput = { quantity: 1, price: $('25'), discountPercent: 0n, taxPercents: [GST, 0n, 0n] };
const WRAP: LineInput = { quantity: 1, price: $('3'), discountPercent: 0n, taxPercents: [GST, 0n, 0n] };
const ADA = { vendorId: 10n, itemCodeId: null };
const BO = { vendorId: 11n, itemCodeId: null };

const chart = chartOfAccounts({
  paymentMethods: [
    { id: 1n, name: 'Cash', isCash: true },
    { id: 2n, name: 'Card', isCash: false },
  ],
  taxes: [
    { slot: 1, shortName: 'GST' },
    { slot: 2, shortName: '' },
    { slot: 3, shortName: '' },
  ],
  vendors: [
    { id: 10n, name: 'Ada' },
    { id: 11n, name: 'Bo' },
  ],
  separateStatementCodes: [],
});
const nameOf = new Map(chart.map((a) => [a.key, a.name]));
/** Legs as the page shows them: default names and amounts in dollars, debits above zero. */
const named = (legs: readonly JournalLeg[]) => Object.fromEntries(legs.map((l) => [nameOf.get(l.account), l.amount]));

/** The whole day of the example, each journal beside the ledger entries its event posts. */
function workedExample() {
  const summary = summarizeOrder([ADA1, BO1, WRAP]);
  const plan = planCheckout(summary.total, [
    { method: CARD, amount: $('60') },
    { method: CASH, amount: $('50') },
  ]);
  const applied = plan.tenders.map((t) => ({ applied: t.applied, vendorFeePercent: t.method.vendorFeePercent }));
  const adaPosted = linePostings({ total: computeLine(ADA1).total, commissionPercent: pct('10'), proportionalCcFee: true }, summary.total, applied);
  const boPosted = linePostings({ total: computeLine(BO1).total, commissionPercent: pct('35'), proportionalCcFee: false }, summary.total, applied);
  const entriesOf = (account: typeof ADA, p: LinePostings): LedgerEntryForBooks[] => [p.sale, p.commission, p.cardFee].filter((a) => a !== 0n).map((amount) => ({ ...account, amount }));

  const sale = saleJournal({
    lines: [
      { vendorAccount: ADA, ...computeLine(ADA1), postings: adaPosted },
      { vendorAccount: BO, ...computeLine(BO1), postings: boPosted },
      { vendorAccount: null, ...computeLine(WRAP) },
    ],
    payments: plan.tenders.map((t) => ({ paymentMethodId: METHOD_ID.get(t.method)!, isCash: t.method.isCash, applied: t.applied, customerFee: t.customerFee })),
  });

  const rentEntry = { ...ADA, amount: rentEntryAmount($('150'), deductsRent(true, null))! };
  const rent = rentJournal([rentEntry]);

  expect(payoutProblem($('16.25'), netOf(boPosted))).toBeNull();
  const payout = payoutJournal('CHECK', [{ ...BO, amount: $('16.25') }]);

  const paid = plan.tenders.map((t) => ({ paymentMethodId: Number(METHOD_ID.get(t.method)), name: t.method.name, isCash: t.method.isCash, applied: t.applied }));
  const sold = { ada: { quantity: 2n, ...computeLine(ADA1), postings: adaPosted }, bo: { quantity: 1n, ...computeLine(BO1), postings: boPosted } };

  // Refund of BO1, in cash, as the refund dialog and the server plan it.
  const boBack = planRefundLines([{ id: 2, label: 'BO1', quantity: 1n, total: sold.bo.total, taxes: sold.bo.taxes, refundedQuantity: 0n }], [{ orderLineId: 2, quantity: 1n }]);
  const boPayments = [{ paymentMethodId: 1, amount: boBack.amount }];
  expect(refundPaymentsProblem(boBack.amount, boPayments, refundableMethods(paid, []))).toBeNull();
  const refundBo = refundJournal({
    lines: [{ vendorAccount: BO, line: { ...sold.bo, refundedQuantity: 0n }, quantity: 1n }],
    payments: [{ paymentMethodId: 1n, isCash: true, amount: boBack.amount }],
  });

  // Refund of one ADA1 unit, to the card.
  const adaBack = planRefundLines([{ id: 1, label: 'ADA1', quantity: 2n, total: sold.ada.total, taxes: sold.ada.taxes, refundedQuantity: 0n }], [{ orderLineId: 1, quantity: 1n }]);
  const adaPayments = [{ paymentMethodId: 2, amount: adaBack.amount }];
  expect(refundPaymentsProblem(adaBack.amount, adaPayments, refundableMethods(paid, boPayments))).toBeNull();
  const refundAda = refundJournal({
    lines: [{ vendorAccount: ADA, line: { ...sold.ada, refundedQuantity: 0n }, quantity: 1n }],
    payments: [{ paymentMethodId: 2n, isCash: false, amount: adaBack.amount }],
  });

  // What the ledger service posts for the refunds: each kind's share, reversed.
  const reversal = (account: typeof ADA, p: LinePostings, quantity: bigint) =>
    [p.sale, p.commission, p.cardFee].map((full) => -refundShare(full, quantity, 0n, 1n)).filter((a) => a !== 0n).map((amount) => ({ ...account, amount }));

  return {
    sale: { legs: sale, ledger: [...entriesOf(ADA, adaPosted), ...entriesOf(BO, boPosted)] },
    rent: { legs: rent, ledger: [rentEntry] },
    payout: { legs: payout, ledger: [{ ...BO, amount: -$('16.25') }] },
    refundBo: { legs: refundBo, ledger: reversal(BO, boPosted, 1n) },
    refundAda: { legs: refundAda, ledger: reversal(ADA, adaPosted, 2n) },
  };
}

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
  const day = workedExample();

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
