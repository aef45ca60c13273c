/**
 * The payment panel's state, kept pure so it can be tested without a browser: the
 * payment rows as typed, the keys that pick a method, what a new row is pre-filled
 * with, what Enter does, and the request Complete Sale sends. Every figure the panel
 * shows comes from the domain's planCheckout (docs/SETTLEMENT.md), the same function
 * the server stores its figures with.
 */
import { fromWire, toMoneyWire, type MoneyWire, type PaymentMethod } from '@pos/contracts';
import { MICRO, formatMoney, formatMoneyEditable, formatPercent, parseMoneyField, planCheckout, type CheckoutPlan, type CheckoutProblem, type TenderMethod } from '@pos/domain';

/** A payment method as the panel uses it: the domain's tender fields in micro-units. */
export interface CheckoutMethod extends TenderMethod {
  id: number;
  requiresManagerApproval: boolean;
}

/** One payment row as typed: the amount is the box's text, parsed when read. */
export interface PaymentRow {
  /** Stable across edits, for React and for focus. */
  key: string;
  paymentMethodId: number;
  amountText: string;
}

export type ApprovalMode = 'approve' | 'pending';

export interface CheckoutValues {
  payments: PaymentRow[];
  /** With a method that needs a manager's approval: approve now (credentials below) or leave the order PENDING. */
  approvalMode: ApprovalMode;
  usernameOrEmail: string;
  password: string;
}

/** The store's methods for the panel: Cash first, then the others in the order the store lists them. */
export function checkoutMethodsFrom(list: readonly PaymentMethod[]): CheckoutMethod[] {
  const methods = list.map((m): CheckoutMethod => ({
    id: Number(m.id),
    name: m.name,
    isCash: m.isCash,
    vendorFeePercent: fromWire(m.vendorFeePercent),
    customerFeePercent: fromWire(m.customerFeePercent),
    customerFeeAmount: fromWire(m.customerFeeAmount),
    minimumAmount: fromWire(m.minimumAmount),
    requiresManagerApproval: m.requiresManagerApproval,
  }));
  return [...methods.filter((m) => m.isCash), ...methods.filter((m) => !m.isCash)];
}

/** The store's default tender: its Cash method (the first one, should there be several), else the first method. */
export function defaultMethod(methods: readonly CheckoutMethod[]): CheckoutMethod | undefined {
  return methods.find((m) => m.isCash) ?? methods[0];
}

/**
 * Keys that pick a method for the payment being edited: F2 is Cash; F3, F4 and F6 to F9
 * are the other methods in the order the panel lists them. F5 is left alone: it reloads
 * the page.
 */
export const CASH_KEY = 'F2';
export const OTHER_METHOD_KEYS = ['F3', 'F4', 'F6', 'F7', 'F8', 'F9'] as const;

/** Each method's key (a method beyond the keys has none). */
export function methodKeys(methods: readonly CheckoutMethod[]): Map<number, string> {
  const keys = new Map<number, string>();
  const cash = methods.find((m) => m.isCash);
  if (cash) keys.set(cash.id, CASH_KEY);
  methods
    .filter((m) => !m.isCash)
    .forEach((m, i) => {
      const key = OTHER_METHOD_KEYS[i];
      if (key) keys.set(m.id, key);
    });
  return keys;
}

/** The method a key picks (`KeyboardEvent.key`, such as 'F3'), or undefined. */
export function methodForKey(key: string, methods: readonly CheckoutMethod[]): CheckoutMethod | undefined {
  for (const [id, k] of methodKeys(methods)) if (k === key) return methods.find((m) => m.id === id);
  return undefined;
}

/** What a method costs the customer and its minimum, in words: '2% + $0.25 fee, minimum $5.00'. */
export function methodTerms(method: CheckoutMethod): string {
  if (method.isCash) return 'no fee, gives change';
  const fee: string[] = [];
  if (method.customerFeePercent !== 0n) fee.push(formatPercent(method.customerFeePercent));
  if (method.customerFeeAmount !== 0n) fee.push(formatMoney(method.customerFeeAmount));
  const parts = [fee.length === 0 ? 'no fee' : `${fee.join(' + ')} fee`];
  if (method.minimumAmount > 0n) parts.push(`minimum ${formatMoney(method.minimumAmount)}`);
  if (method.requiresManagerApproval) parts.push("needs a manager's approval");
  return parts.join(', ');
}

/** A method as its select lists it: name, key and terms. */
export function methodOptionLabel(method: CheckoutMethod, key: string | undefined): string {
  return `${method.name}${key ? ` (${key})` : ''}: ${methodTerms(method)}`;
}

/** A row's amount: the parsed text, or null (empty or not a number) with the domain's message. */
export function rowAmount(text: string): { amount: bigint | null; error: string | null } {
  if (text.trim() === '') return { amount: null, error: null };
  const parsed = parseMoneyField(text, 0n);
  return parsed.error === null ? { amount: parsed.value, error: null } : { amount: null, error: parsed.error };
}

export interface CheckoutPreview {
  plan: CheckoutPlan<CheckoutMethod>;
  /**
   * A total below zero (a return rung up as negative lines) with no payment: what the
   * store's Cash hands back, sending no payments. Zero otherwise.
   */
  handBack: bigint;
  /** Per row, the message its amount box shows (a parse error), or null. */
  rowErrors: (string | null)[];
  /** The first row whose text is not an amount, or null. */
  unreadable: number | null;
}

/** The plan of the rows as typed: an unreadable or empty amount counts as zero (and is no payment). */
export function previewCheckout(total: bigint, values: Pick<CheckoutValues, 'payments'>, methods: readonly CheckoutMethod[]): CheckoutPreview {
  const rowErrors: (string | null)[] = [];
  let unreadable: number | null = null;
  const tenders = values.payments.map((row, index) => {
    const { amount, error } = rowAmount(row.amountText);
    rowErrors.push(error);
    if (error !== null && unreadable === null) unreadable = index;
    return { method: methodOf(row, methods), amount: amount ?? 0n };
  });
  const handBack = total < 0n && tenders.length === 0 ? -total : 0n;
  return { plan: planCheckout(total, tenders), handBack, rowErrors, unreadable };
}

/** Why the payments cannot complete the order, or null when they can. */
export function previewProblem(preview: CheckoutPreview): CheckoutProblem | null {
  const problem = preview.plan.problem;
  return problem?.kind === 'NEGATIVE_TOTAL' && preview.handBack > 0n ? null : problem;
}

function methodOf(row: PaymentRow, methods: readonly CheckoutMethod[]): CheckoutMethod {
  const method = methods.find((m) => m.id === row.paymentMethodId);
  if (!method) throw new Error(`Unknown payment method ${row.paymentMethodId}`);
  return method;
}

/** True when every row has a readable amount and the plan completes the order. */
export function canComplete(preview: CheckoutPreview): boolean {
  return preview.unreadable === null && previewProblem(preview) === null;
}

let rowSeq = 0;
function newRowKey(): string {
  rowSeq += 1;
  return `P${rowSeq}`;
}

/** The panel as it opens: the whole total on the store's default tender; nothing to pay, no payment. */
export function initialCheckout(total: bigint, methods: readonly CheckoutMethod[]): CheckoutValues {
  const method = defaultMethod(methods);
  return {
    payments: method && total > 0n ? [{ key: newRowKey(), paymentMethodId: method.id, amountText: formatMoneyEditable(total) }] : [],
    approvalMode: 'approve',
    usernameOrEmail: '',
    password: '',
  };
}

/**
 * Another payment, pre-filled with what the rows leave to pay; its method is `method`,
 * else Cash when no row pays cash yet, else the first other method.
 */
export function addPayment(values: CheckoutValues, total: bigint, methods: readonly CheckoutMethod[], method?: CheckoutMethod): CheckoutValues {
  const { plan } = previewCheckout(total, values, methods);
  const usesCash = values.payments.some((row) => methods.find((m) => m.id === row.paymentMethodId)?.isCash === true);
  const chosen = method ?? (usesCash ? (methods.find((m) => !m.isCash) ?? defaultMethod(methods)) : defaultMethod(methods));
  if (!chosen) return values;
  return { ...values, payments: [...values.payments, { key: newRowKey(), paymentMethodId: chosen.id, amountText: formatMoneyEditable(plan.remaining) }] };
}

/** Picks the method of one row, keeping its amount. */
export function setRowMethod(values: CheckoutValues, index: number, methodId: number): CheckoutValues {
  return { ...values, payments: values.payments.map((row, i) => (i === index ? { ...row, paymentMethodId: methodId } : row)) };
}

export function setRowAmount(values: CheckoutValues, index: number, amountText: string): CheckoutValues {
  return { ...values, payments: values.payments.map((row, i) => (i === index ? { ...row, amountText } : row)) };
}

/**
 * The amount due as the header shows it: the total less what every payment row but the
 * last one pays, so it falls to what is left as payments are added (the last row is the
 * one being tendered against it). Never below zero.
 */
export function amountDue(total: bigint, values: Pick<CheckoutValues, 'payments'>, methods: readonly CheckoutMethod[]): bigint {
  if (total <= 0n) return 0n;
  const before = values.payments.slice(0, -1);
  if (before.length === 0) return total;
  return previewCheckout(total, { payments: before }, methods).plan.remaining;
}

/** The notes quick cash rounds up to, in dollars. */
export const QUICK_CASH_NOTES = [5n, 10n, 20n, 50n, 100n] as const;

/**
 * The quick cash amounts for what is due: the exact amount, then the next multiple of
 * $5, $10, $20, $50 and $100 above it, each once, smallest first. None when nothing is due.
 */
export function quickCashAmounts(due: bigint): bigint[] {
  if (due <= 0n) return [];
  const amounts = [due];
  for (const note of QUICK_CASH_NOTES) {
    const step = note * MICRO;
    const above = (due / step + 1n) * step;
    if (!amounts.includes(above)) amounts.push(above);
  }
  return amounts.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * A quick cash button: the last payment row becomes Cash tendering `amount` (a row is
 * added when there is none). Without a Cash method nothing changes.
 */
export function setQuickCash(values: CheckoutValues, methods: readonly CheckoutMethod[], amount: bigint): CheckoutValues {
  const cash = methods.find((m) => m.isCash);
  if (!cash) return values;
  const amountText = formatMoneyEditable(amount);
  if (values.payments.length === 0) return { ...values, payments: [{ key: newRowKey(), paymentMethodId: cash.id, amountText }] };
  const last = values.payments.length - 1;
  return { ...values, payments: values.payments.map((row, i) => (i === last ? { ...row, paymentMethodId: cash.id, amountText } : row)) };
}

/** Removes a row; the last one stays (an order is paid by something). */
export function removePayment(values: CheckoutValues, index: number): CheckoutValues {
  if (values.payments.length <= 1) return values;
  return { ...values, payments: values.payments.filter((_, i) => i !== index) };
}

/** A box's text once it is left: a readable amount in its usual form ('60' becomes '60.00'). */
export function tidyAmount(text: string): string {
  const { amount } = rowAmount(text);
  return amount === null ? text : formatMoneyEditable(amount);
}

/** The methods of the rows that need a manager's approval, by name, once each. */
export function approvalMethods(values: Pick<CheckoutValues, 'payments'>, methods: readonly CheckoutMethod[]): string[] {
  const names: string[] = [];
  for (const row of values.payments) {
    const method = methods.find((m) => m.id === row.paymentMethodId);
    if (method?.requiresManagerApproval && !names.includes(method.name)) names.push(method.name);
  }
  return names;
}

/**
 * What Enter does: complete a sale that is covered; with part of the total still to
 * pay, add a payment for what is left; else point at the problem.
 */
export type EnterAction = { kind: 'complete' } | { kind: 'add' } | { kind: 'problem'; row: number | null };

export function enterAction(preview: CheckoutPreview): EnterAction {
  if (preview.unreadable !== null) return { kind: 'problem', row: preview.unreadable };
  const problem = previewProblem(preview);
  if (problem === null) return { kind: 'complete' };
  if (problem.kind === 'UNCOVERED') return { kind: 'add' };
  if (problem.kind === 'NOT_POSITIVE' || problem.kind === 'BELOW_MINIMUM') return { kind: 'problem', row: problem.index };
  return { kind: 'problem', row: null };
}

export interface CheckoutRequest {
  /** Left out when there is nothing to pay (or a total below zero to hand back): the store's Cash then settles it. */
  payments?: { paymentMethodId: number; amount: MoneyWire }[];
  approval?: { usernameOrEmail: string; password: string };
}

/** The payments and approval Complete Sale sends (amounts as typed; unreadable ones as zero, which the schema refuses). */
export function checkoutRequest(values: CheckoutValues, methods: readonly CheckoutMethod[], moneyOut = false): CheckoutRequest {
  const request: CheckoutRequest = {};
  if (values.payments.length > 0) {
    request.payments = values.payments.map((row) => ({ paymentMethodId: row.paymentMethodId, amount: toMoneyWire(rowAmount(row.amountText).amount ?? 0n) }));
  }
  // Money out by STORE_STAFF (moneyOut) is approved now, never left pending.
  if (moneyOut || (approvalMethods(values, methods).length > 0 && values.approvalMode === 'approve')) {
    request.approval = { usernameOrEmail: values.usernameOrEmail, password: values.password };
  }
  return request;
}

/**
 * One idempotency key per checkout attempt: sending the same request again (a double
 * press, a retry after no answer) reuses the key, so the server answers what it answered
 * the first time and nothing is charged twice; a changed request is a new attempt.
 */
export interface CheckoutAttempt {
  key: string;
  signature: string;
}

export function attemptFor(previous: CheckoutAttempt | null, request: CheckoutRequest, newKey: () => string): CheckoutAttempt {
  const signature = JSON.stringify(request);
  return previous?.signature === signature ? previous : { key: newKey(), signature };
}

/**
 * What the panel keeps while the cashier goes back to the lines: the rows typed for a
 * total stay when the panel opens again on the same total; another total starts afresh.
 */
export interface CheckoutMemo {
  total: bigint;
  values: CheckoutValues;
  attempt: CheckoutAttempt | null;
}

export function reopenCheckout(memo: CheckoutMemo | null, total: bigint, methods: readonly CheckoutMethod[]): CheckoutMemo {
  const known = (values: CheckoutValues) => values.payments.every((row) => methods.some((m) => m.id === row.paymentMethodId));
  if (memo && memo.total === total && known(memo.values)) return memo;
  return { total, values: initialCheckout(total, methods), attempt: null };
}
