/**
 * Completed sales for settlement tests: a store's Card method and vendors with item codes,
 * and orders rung up through /order/next and /order/submit, paid by the payments given
 * (Card and the store's own Cash method), which checkout posts to the vendors' ledger.
 * The figures a sale answers are the ones the server stored (amount paid, customer fees),
 * and the tests check them against the domain's planCheckout.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@pos/db';
import { planCheckout, type TenderMethod } from '@pos/domain';
import { addStaff, signUpOwner, type ApiHarness, type Person } from './factories';

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

/** A payment method as a sale uses it: its id at the store and its fees. */
export interface SaleMethod extends TenderMethod {
  id: number;
}

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

/** The store's Cash method, which every store has from its creation. */
export async function cashMethodOf(h: ApiHarness, person: Person): Promise<SaleMethod> {
  const { paymentMethods } = await h.as(person).store.payment.list({});
  const cash = paymentMethods.find((m) => m.isCash);
  if (!cash) throw new Error(`store ${person.storeId} has no Cash method`);
  return { id: cash.id, name: cash.name, isCash: true, vendorFeePercent: 0n, customerFeePercent: 0n, customerFeeAmount: 0n, minimumAmount: 0n };
}

/** Creates a card method with these fees (and, when asked, a manager's approval) and answers it as a sale uses it. */
export async function addCardMethod(
  h: ApiHarness,
  person: Person,
  fees: { name?: string; vendorFeePercent: bigint; customerFeePercent?: bigint; customerFeeAmount?: bigint; minimumAmount?: bigint; requiresManagerApproval?: boolean },
): Promise<SaleMethod> {
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
    requiresManagerApproval: fees.requiresManagerApproval ?? false,
  });
  return { ...method, id: paymentMethod.id };
}

/**
 * Rings up `lines` and completes the order paid by `payments` (none: the body alone, paid
 * in full by the store's Cash method). Answers the order's figures as the server stored
 * them; checkout posted its vendor lines to the ledger.
 */
export async function completeSale(h: ApiHarness, db: Kysely<Database>, person: Person, lines: readonly SaleLine[], payments: readonly SalePayment[] = []): Promise<CompletedSale> {
  const next = await h.as(person).order.next({});
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
    ...(payments.length > 0 ? { payments: payments.map((p) => ({ paymentMethodId: p.method.id, amount: money(p.amount) })) } : {}),
  });
  if (answer.order.status !== 'COMPLETED') throw new Error(`the sale is ${answer.order.status}, not COMPLETED`);
  const orderId = BigInt(answer.order.id);
  const total = BigInt(answer.order.total.value);
  const plan = planCheckout(total, payments);
  if (payments.length > 0 && plan.problem) throw new Error(`the test's payments cannot pay ${total}: ${plan.problem.kind}`);
  // What the server stored is what the domain's plan computes (no payments: cash, no fees).
  const planned = payments.length > 0 ? [plan.customerFees, plan.amountPaid] : [0n, total];
  if (BigInt(answer.order.customerFees.value) !== planned[0] || BigInt(answer.order.amountPaid.value) !== planned[1]) {
    throw new Error(`the server stored fees ${answer.order.customerFees.value} and amount paid ${answer.order.amountPaid.value}, the plan says ${planned.join(' and ')}`);
  }

  const { rows } = await sql<{ taxes: string; own: string }>`
    select (select coalesce(sum(tax1_amount + tax2_amount + tax3_amount), 0) from order_lines where order_id = ${orderId})::text as taxes,
           (select coalesce(sum(l.total), 0) from order_lines l left join item_codes c on c.id = l.item_code_id
             where l.order_id = ${orderId} and c.vendor_id is null)::text as own`.execute(db);
  const figures = rows[0]!;
  return {
    orderId,
    orderNumber: answer.order.orderNumber,
    total,
    taxes: BigInt(figures.taxes),
    ownSales: BigInt(figures.own),
    customerFees: BigInt(answer.order.customerFees.value),
    amountPaid: BigInt(answer.order.amountPaid.value),
  };
}

/** Adds a vendor through the API and answers its id. */
export async function addVendor(h: ApiHarness, person: Person, v: { tradeName: string; vendorType?: 'VENDOR' | 'VENDOR_CONSIGNMENT' | 'CONSIGNMENT'; monthlyRent?: bigint; deductMonthlyRent?: boolean; booth?: string }): Promise<number> {
  const { vendor } = await h.as(person).vendor.add({
    tradeName: v.tradeName,
    contactName: `${v.tradeName} Contact`,
    contactEmail: `${v.tradeName.toLowerCase().replace(/[^a-z0-9]/g, '')}@example.test`,
    primaryPhone: '555-0100',
    deductMonthlyRent: v.deductMonthlyRent ?? false,
    ...(v.vendorType ? { vendorType: v.vendorType } : {}),
    ...(v.booth !== undefined ? { booth: v.booth } : {}),
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

/** The worked example's store: GST 5 %, Cash, Card (3 %; 2 % + $0.25; minimum $5.00), Ada's ADA1 (10 %, card fees passed on, rent $150) and Bo's BO1 (35 %, consignment). */
export interface ExampleShop {
  owner: Person;
  manager: Person;
  cashier: Person;
  accountant: Person;
  card: SaleMethod;
  cash: SaleMethod;
  ada: number;
  bo: number;
}

export async function openExampleShop(h: ApiHarness): Promise<ExampleShop> {
  const owner = await signUpOwner(h);
  const manager = await addStaff(h, owner, 'STORE_MANAGER');
  const cashier = await addStaff(h, owner, 'STORE_STAFF');
  const accountant = await addStaff(h, owner, 'STORE_ACCOUNTANT');
  const current = await h.as(owner).store.fetchSettings();
  await h.as(owner).store.updateSettings({ ...current, tax1ShortName: 'GST', tax1Percent: percent(5_000_000n), tax1Enabled: true, tax1ApplyByDefault: true });
  const card = await addCardMethod(h, owner, { vendorFeePercent: 3_000_000n, customerFeePercent: 2_000_000n, customerFeeAmount: 250_000n, minimumAmount: 5_000_000n });
  const cash = await cashMethodOf(h, owner);
  const ada = await addVendor(h, owner, { tradeName: 'Ada', monthlyRent: 150_000_000n, deductMonthlyRent: true });
  const bo = await addVendor(h, owner, { tradeName: 'Bo', vendorType: 'CONSIGNMENT' });
  await addCode(h, owner, ada, { tag: 'ADA1', commissionPercent: 10_000_000n, proportionalCcFee: true });
  await addCode(h, owner, bo, { tag: 'BO1', commissionPercent: 35_000_000n });
  return { owner, manager, cashier, accountant, card, cash, ada, bo };
}

/**
 * Makes each code one the store knows, of no vendor (the store's own sales): an item code
 * when it is letters and digits, else a stock item of that SKU with plenty in stock. A
 * submitted line's code must name one or the other (docs/SETTLEMENT.md).
 */
export async function addHouseCodes(h: ApiHarness, person: Person, codes: readonly string[]): Promise<void> {
  for (const code of codes) {
    if (/^[A-Za-z0-9]+$/.test(code)) await h.as(person).store.itemcode.add({ tag: code, vendorId: null });
    else await h.as(person).store.inventory.add({ sku: code, price: money(0n), quantityOnHand: 1_000_000 });
  }
}
