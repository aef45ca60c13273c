/**
 * Completed sales for settlement tests: a store's Card method and vendors with item codes,
 * and orders rung up through /order/next and /order/submit, paid by the payments given
 * (Card and Cash). What each payment applies and charges is planned with the domain's
 * planCheckout, as the server plans it.
 *
 * Checkout posts the sale to the vendors' ledger when the order completes. Where the
 * submit answered without posting it (a checkout that knows no payments yet), the sale
 * is posted here with postOrderSale, exactly as checkout does, so the tests see the same
 * entries either way.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@pos/db';
import { planCheckout, type TenderMethod } from '@pos/domain';
import { postOrderSale } from '../packages/api/src/features/ledger/ledger.service';
import type { ApiHarness, Person } from './factories';

const money = (v: bigint) => ({ type: 'Money' as const, value: String(v) });
const percent = (v: bigint) => ({ type: 'Percent' as const, value: String(v) });

export interface SaleLine {
  itemCode: string;
  description: string;
  quantity: number;
  price: bigint;
  discountPercent?: bigint;
  /** Tax 1 percent (micro-units); zero or absent: no tax. */
  taxPercent?: bigint;
}

/** A payment method as a sale uses it: its id at the store (null for a cash method the store does not list) and its fees. */
export interface SaleMethod extends TenderMethod {
  id: number | null;
}

export const CASH: SaleMethod = { id: null, name: 'Cash', isCash: true, vendorFeePercent: 0n, customerFeePercent: 0n, customerFeeAmount: 0n, minimumAmount: 0n };

export interface SalePayment {
  method: SaleMethod;
  amount: bigint;
}

export interface CompletedSale {
  orderId: bigint;
  orderNumber: string;
  total: bigint;
  taxes: bigint;
  /** Σ of the lines of no vendor. */
  ownSales: bigint;
  customerFees: bigint;
  amountPaid: bigint;
}

/** The store's Cash method, once checkout gives every store one; CASH otherwise. */
export async function cashMethodOf(h: ApiHarness, person: Person): Promise<SaleMethod> {
  const { paymentMethods } = await h.as(person).store.payment.list({});
  const cash = paymentMethods.find((m) => (m as { isCash?: boolean }).isCash === true);
  return cash ? { ...CASH, id: cash.id, name: cash.name } : CASH;
}

/** Creates a card method with these fees and answers it as a sale uses it. */
export async function addCardMethod(h: ApiHarness, person: Person, fees: { name?: string; vendorFeePercent: bigint; customerFeePercent?: bigint; customerFeeAmount?: bigint; minimumAmount?: bigint }): Promise<SaleMethod> {
  const method = {
    name: fees.name ?? 'Card',
    isCash: false,
    vendorFeePercent: fees.vendorFeePercent,
    customerFeePercent: fees.customerFeePercent ?? 0n,
    customerFeeAmount: fees.customerFeeAmount ?? 0n,
    minimumAmount: fees.minimumAmount ?? 0n,
  };
  const { paymentMethod } = await h.as(person).store.payment.create({
    name: method.name,
    vendorFeePercent: percent(method.vendorFeePercent),
    customerFeePercent: percent(method.customerFeePercent),
    customerFeeAmount: money(method.customerFeeAmount),
    minimumAmount: money(method.minimumAmount),
    requiresManagerApproval: false,
  });
  return { ...method, id: paymentMethod.id };
}

/**
 * Rings up `lines` and completes the order paid by `payments` (none: in full by cash).
 * Answers the order's figures; its vendor lines are posted to the ledger.
 */
export async function completeSale(h: ApiHarness, db: Kysely<Database>, person: Person, lines: readonly SaleLine[], payments: readonly SalePayment[] = []): Promise<CompletedSale> {
  const next = await h.as(person).order.next({});
  const sent = payments.filter((p) => p.method.id !== null).map((p) => ({ paymentMethodId: p.method.id, amount: money(p.amount) }));
  const answer = await h.as(person).order.submit({
    orderId: next.nextOrderId,
    customerName: 'Settlement test',
    items: lines.map((l) => ({
      itemCode: l.itemCode,
      description: l.description,
      quantity: l.quantity,
      price: money(l.price),
      discountPercent: percent(l.discountPercent ?? 0n),
      tax1Enabled: (l.taxPercent ?? 0n) > 0n,
      tax1Percent: percent(l.taxPercent ?? 0n),
      tax1Description: 'GST',
    })),
    ...(sent.length > 0 ? { payments: sent } : {}),
  });
  const orderId = BigInt(answer.order.id);
  const total = BigInt(answer.order.total.value);
  const plan = planCheckout(total, payments.length > 0 ? payments : total > 0n ? [{ method: CASH, amount: total }] : []);
  if (plan.problem) throw new Error(`the test's payments cannot pay ${total}: ${plan.problem.kind}`);

  const { rows } = await sql<{ posted: string; taxes: string; own: string }>`
    select (select count(*) from ledger_entries where order_id = ${orderId})::text as posted,
           (select coalesce(sum(tax1_amount + tax2_amount + tax3_amount), 0) from order_lines where order_id = ${orderId})::text as taxes,
           (select coalesce(sum(l.total), 0) from order_lines l left join item_codes c on c.id = l.item_code_id
             where l.order_id = ${orderId} and c.vendor_id is null)::text as own`.execute(db);
  const figures = rows[0]!;
  if (figures.posted === '0') {
    const applied = plan.tenders.map((t) => ({ applied: t.applied, vendorFeePercent: t.method.isCash ? 0n : t.method.vendorFeePercent }));
    await db.transaction().execute((trx) => postOrderSale(trx, person.storeId, { id: orderId, total }, applied, BigInt(person.userId)));
  }
  return {
    orderId,
    orderNumber: answer.order.orderNumber,
    total,
    taxes: BigInt(figures.taxes),
    ownSales: BigInt(figures.own),
    customerFees: plan.customerFees,
    amountPaid: plan.amountPaid,
  };
}

/** Adds a vendor through the API and answers its id. */
export async function addVendor(h: ApiHarness, person: Person, v: { tradeName: string; vendorType?: 'VENDOR' | 'VENDOR_CONSIGNMENT' | 'CONSIGNMENT'; monthlyRent?: bigint; deductMonthlyRent?: boolean }): Promise<number> {
  const { vendor } = await h.as(person).vendor.add({
    tradeName: v.tradeName,
    contactName: `${v.tradeName} Contact`,
    contactEmail: `${v.tradeName.toLowerCase().replace(/[^a-z0-9]/g, '')}@example.test`,
    primaryPhone: '555-0100',
    deductMonthlyRent: v.deductMonthlyRent ?? false,
    ...(v.vendorType ? { vendorType: v.vendorType } : {}),
    ...(v.monthlyRent !== undefined ? { monthlyRent: money(v.monthlyRent) } : {}),
  });
  return vendor.id;
}

/** Adds an item code of a vendor through the API and answers its id. */
export async function addCode(
  h: ApiHarness,
  person: Person,
  vendorId: number,
  c: { tag: string; commissionPercent: bigint; proportionalCcFee?: boolean; receivesSeparateStatement?: boolean; monthlyRent?: bigint; deductMonthlyRentOverride?: 'USE_VENDOR_DEFAULT' | 'DEDUCT' | 'DO_NOT_DEDUCT' },
): Promise<number> {
  const { itemCodes } = await h.as(person).store.itemcode.add({
    tag: c.tag,
    vendorId,
    defaultCommissionPercent: percent(c.commissionPercent),
    proportionalCcFee: c.proportionalCcFee ?? false,
    receivesSeparateStatement: c.receivesSeparateStatement ?? false,
    ...(c.monthlyRent !== undefined ? { monthlyRent: money(c.monthlyRent) } : {}),
    ...(c.deductMonthlyRentOverride ? { deductMonthlyRentOverride: c.deductMonthlyRentOverride } : {}),
  });
  return itemCodes.find((code) => code.tag === c.tag)!.id;
}
