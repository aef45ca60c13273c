/**
 * The worked example of docs/BOOKS.md as journals, computed by the domain's rules only:
 * the sale of docs/SETTLEMENT.md (Card 60.00 with its 1.45 fee, Cash 50.00 with 5.00
 * change), Ada's rent, a payout to Bo by check, a refund of BO1 in cash and of one ADA1
 * unit to the card, all on one day. Each journal comes with the ledger entries its event
 * posts, computed as the ledger service computes them. Cash is payment method 1, Card 2;
 * Ada is vendor 10 and Bo vendor 11, both codes posting to the main account.
 */
import {
  computeLine,
  chartOfAccounts,
  deductsRent,
  linePostings,
  netOf,
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
  type JournalKind,
  type JournalLeg,
  type LedgerEntryForBooks,
  type LineInput,
  type LinePostings,
  type TenderMethod,
  type VendorAccountRef,
} from '@pos/domain';

/** '12.34' → micro-units. */
export const $ = (text: string) => {
  const [whole, frac = ''] = text.split('.');
  const negative = text.startsWith('-');
  const micro = BigInt(whole!.replace('-', '')) * 1_000_000n + BigInt(frac.padEnd(6, '0'));
  return negative ? -micro : micro;
};

const CASH: TenderMethod = { name: 'Cash', isCash: true, vendorFeePercent: 0n, customerFeePercent: 0n, customerFeeAmount: 0n, minimumAmount: 0n };
const CARD: TenderMethod = { name: 'Card', isCash: false, vendorFeePercent: $('3'), customerFeePercent: $('2'), customerFeeAmount: $('0.25'), minimumAmount: $('5') };
const METHOD_ID = new Map([
  [CASH, 1n],
  [CARD, 2n],
]);
const GST = $('5');
const ADA1: LineInput = { quantity: 2, price: $('40'), discountPercent: $('10'), taxPercents: [GST, 0n, 0n] };
const BO1: LineInput = { quantity: 1, price: $('25'), discountPercent: 0n, taxPercents: [GST, 0n, 0n] };
const WRAP: LineInput = { quantity: 1, price: $('3'), discountPercent: 0n, taxPercents: [GST, 0n, 0n] };
export const ADA: VendorAccountRef = { vendorId: 10n, itemCodeId: null };
export const BO: VendorAccountRef = { vendorId: 11n, itemCodeId: null };
export const EXAMPLE_DAY = '2026-11-03';

export const EXAMPLE_CHART = chartOfAccounts({
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

export interface ExampleJournal {
  id: bigint;
  kind: JournalKind;
  day: string;
  reference: string;
  legs: JournalLeg[];
  ledger: LedgerEntryForBooks[];
}

function refuse(problem: unknown): void {
  if (problem !== null) throw new Error(`the worked example was refused: ${JSON.stringify(problem)}`);
}

/** The example's five journals in the order they were posted: sale, rent, payout, refund of BO1, refund of an ADA1 unit. */
export function workedExample(): ExampleJournal[] {
  const summary = summarizeOrder([ADA1, BO1, WRAP]);
  const plan = planCheckout(summary.total, [
    { method: CARD, amount: $('60') },
    { method: CASH, amount: $('50') },
  ]);
  refuse(plan.problem);
  const applied = plan.tenders.map((t) => ({ applied: t.applied, vendorFeePercent: t.method.vendorFeePercent }));
  const adaPosted = linePostings({ total: computeLine(ADA1).total, commissionPercent: $('10'), proportionalCcFee: true }, summary.total, applied);
  const boPosted = linePostings({ total: computeLine(BO1).total, commissionPercent: $('35'), proportionalCcFee: false }, summary.total, applied);
  const posted = (account: VendorAccountRef, p: LinePostings): LedgerEntryForBooks[] =>
    [p.sale, p.commission, p.cardFee].filter((a) => a !== 0n).map((amount) => ({ ...account, amount }));

  const sale = saleJournal({
    lines: [
      { vendorAccount: ADA, ...computeLine(ADA1), postings: adaPosted },
      { vendorAccount: BO, ...computeLine(BO1), postings: boPosted },
      { vendorAccount: null, ...computeLine(WRAP) },
    ],
    payments: plan.tenders.map((t) => ({ paymentMethodId: METHOD_ID.get(t.method)!, isCash: t.method.isCash, applied: t.applied, customerFee: t.customerFee })),
  });

  const rentEntry = { ...ADA, amount: rentEntryAmount($('150'), deductsRent(true, null))! };

  refuse(payoutProblem($('16.25'), netOf(boPosted)));
  const payout = payoutJournal('CHECK', [{ ...BO, amount: $('16.25') }]);

  const paid = plan.tenders.map((t) => ({ paymentMethodId: Number(METHOD_ID.get(t.method)), name: t.method.name, isCash: t.method.isCash, applied: t.applied }));
  const sold = { ada: { quantity: 2n, ...computeLine(ADA1), postings: adaPosted }, bo: { quantity: 1n, ...computeLine(BO1), postings: boPosted } };

  // BO1 back in cash, then one ADA1 unit back to the card, as the refund dialog plans them.
  const boBack = planRefundLines([{ id: 2, label: 'BO1', quantity: 1n, total: sold.bo.total, taxes: sold.bo.taxes, refundedQuantity: 0n }], [{ orderLineId: 2, quantity: 1n }]);
  const boPayments = [{ paymentMethodId: 1, amount: boBack.amount }];
  refuse(refundPaymentsProblem(boBack.amount, boPayments, refundableMethods(paid, [])));
  const refundBo = refundJournal({
    lines: [{ vendorAccount: BO, line: { ...sold.bo, refundedQuantity: 0n }, quantity: 1n }],
    payments: [{ paymentMethodId: 1n, isCash: true, amount: boBack.amount }],
  });
  const adaBack = planRefundLines([{ id: 1, label: 'ADA1', quantity: 2n, total: sold.ada.total, taxes: sold.ada.taxes, refundedQuantity: 0n }], [{ orderLineId: 1, quantity: 1n }]);
  refuse(refundPaymentsProblem(adaBack.amount, [{ paymentMethodId: 2, amount: adaBack.amount }], refundableMethods(paid, boPayments)));
  const refundAda = refundJournal({
    lines: [{ vendorAccount: ADA, line: { ...sold.ada, refundedQuantity: 0n }, quantity: 1n }],
    payments: [{ paymentMethodId: 2n, isCash: false, amount: adaBack.amount }],
  });

  // What the ledger service posts for a refund: each kind the sale posted, its share reversed.
  const reversed = (account: VendorAccountRef, p: LinePostings, quantity: bigint) =>
    [p.sale, p.commission, p.cardFee].map((full) => -refundShare(full, quantity, 0n, 1n)).filter((a) => a !== 0n).map((amount) => ({ ...account, amount }));

  const journal = (id: bigint, kind: JournalKind, reference: string, legs: JournalLeg[], ledger: LedgerEntryForBooks[]): ExampleJournal => ({ id, kind, day: EXAMPLE_DAY, reference, legs, ledger });
  return [
    journal(1n, 'SALE', 'A-12', sale, [...posted(ADA, adaPosted), ...posted(BO, boPosted)]),
    journal(2n, 'RENT', '2026-11', rentJournal([rentEntry]), [rentEntry]),
    journal(3n, 'PAYOUT', '1 by check 1001', payout, [{ ...BO, amount: -$('16.25') }]),
    journal(4n, 'REFUND', 'A-12-R1', refundBo, reversed(BO, boPosted, 1n)),
    journal(5n, 'REFUND', 'A-12-R2', refundAda, reversed(ADA, adaPosted, 2n)),
  ];
}
