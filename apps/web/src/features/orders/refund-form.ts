/**
 * The refund dialog's figures, with the domain's refund functions the server stores its
 * refunds with (docs/SETTLEMENT.md): each line's refundable units, what the units chosen
 * give back with their taxes, what each payment method may still return and a first
 * split of the amount over them, and the body of /order/refund.
 */
import { ZRefundOrderInput, fromWire, toMoneyWire, type Order, type Refund } from '@pos/contracts';
import {
  parseQuantity,
  planRefundLines,
  refundLinesProblemMessage,
  refundPaymentsProblem,
  refundPaymentsProblemMessage,
  refundableMethods,
  refundableQuantity,
  suggestRefundPayments,
  type RefundLineSource,
  type RefundLinesPlan,
  type RefundableMethod,
} from '@pos/domain';

export interface RefundFormValues {
  /** Units typed for each line, by line id. */
  quantities: Record<string, string>;
  /** Amounts the user set for each method, by method id; null while the dialog's split is followed. */
  payments: Record<string, bigint> | null;
  reason: string;
  managerUsername: string;
  managerPassword: string;
}

export const EMPTY_REFUND_FORM: RefundFormValues = { quantities: {}, payments: null, reason: '', managerUsername: '', managerPassword: '' };

/** An order's lines as a refund sees them: a line is named by its description, else its item code, else its place. */
export function refundSources(order: Order): RefundLineSource[] {
  return order.items.map((item, i) => ({
    id: item.id,
    label: item.description || item.itemCode || `line ${i + 1}`,
    quantity: BigInt(item.quantity),
    total: fromWire(item.total),
    taxes: [fromWire(item.tax1Amount), fromWire(item.tax2Amount), fromWire(item.tax3Amount)],
    refundedQuantity: BigInt(item.refundedQuantity ?? 0),
  }));
}

/** The order's refunds (none before the first). */
export function refundsOf(order: Order): readonly Refund[] {
  return order.refunds ?? [];
}

/** Every payment method the order was paid by, with what it may still return. */
export function methodsOf(order: Order): RefundableMethod[] {
  return refundableMethods(
    order.payments.map((p) => ({ paymentMethodId: p.paymentMethodId, name: p.name, isCash: p.isCash, applied: fromWire(p.applied) })),
    refundsOf(order).flatMap((r) => r.payments.map((p) => ({ paymentMethodId: p.paymentMethodId, amount: fromWire(p.amount) }))),
  );
}

/** Units still to refund on the whole order. */
export function unitsLeft(order: Order): bigint {
  return refundSources(order).reduce((sum, s) => sum + refundableQuantity(s), 0n);
}

/** An order can be refunded once completed, while a unit is left. */
export function canRefund(order: Order): boolean {
  return order.status === 'COMPLETED' && unitsLeft(order) > 0n;
}

/** The units typed, as numbers (blank or not a whole number: 0). */
export function typedQuantities(values: RefundFormValues): { orderLineId: number; quantity: bigint }[] {
  return Object.entries(values.quantities).map(([id, text]) => ({ orderLineId: Number(id), quantity: BigInt(parseQuantity(text)) }));
}

export function planOf(order: Order, values: RefundFormValues): RefundLinesPlan {
  return planRefundLines(refundSources(order), typedQuantities(values));
}

/** The amount each method returns: what the user set, else the dialog's split of the amount back. */
export function paymentAmounts(methods: readonly RefundableMethod[], amount: bigint, values: RefundFormValues): Map<number, bigint> {
  if (values.payments !== null) {
    const set = values.payments;
    return new Map(methods.map((m) => [m.paymentMethodId, set[String(m.paymentMethodId)] ?? 0n]));
  }
  const suggested = new Map(suggestRefundPayments(amount, methods).map((p) => [p.paymentMethodId, p.amount]));
  return new Map(methods.map((m) => [m.paymentMethodId, suggested.get(m.paymentMethodId) ?? 0n]));
}

export interface RefundCheck {
  /** A message for the form as a whole, or null. */
  problem: string | null;
  /** Messages of the fields themselves. */
  fields: Partial<Record<'reason' | 'managerUsername' | 'managerPassword', string>>;
}

/** The form field a request field's message is shown under. */
const FIELD_OF: Readonly<Record<string, keyof RefundCheck['fields']>> = {
  reason: 'reason',
  'approval.usernameOrEmail': 'managerUsername',
  'approval.password': 'managerPassword',
};

/**
 * What stops the refund being sent, as the server would say it: the fields' messages
 * from /order/refund's own input schema, the amounts' from the domain's refund rules.
 */
export function checkRefund(order: Order, values: RefundFormValues, needsApproval: boolean): RefundCheck {
  const plan = planOf(order, values);
  const methods = methodsOf(order);
  const amounts = paymentAmounts(methods, plan.amount, values);
  const payments = [...amounts].filter(([, amount]) => amount !== 0n).map(([paymentMethodId, amount]) => ({ paymentMethodId, amount }));
  const linesProblem = plan.problem && refundLinesProblemMessage(plan.problem);
  const paymentsProblem = refundPaymentsProblem(plan.amount, payments, methods);
  const fields: RefundCheck['fields'] = {};
  const parsed = ZRefundOrderInput.safeParse(refundInput(order, values, needsApproval));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = FIELD_OF[issue.path.join('.')];
    if (field && !(field in fields)) fields[field] = issue.message;
  }
  return { problem: linesProblem ?? (paymentsProblem && refundPaymentsProblemMessage(paymentsProblem)), fields };
}

/** The body of /order/refund for what the dialog holds. */
export function refundInput(order: Order, values: RefundFormValues, needsApproval: boolean) {
  const plan = planOf(order, values);
  const amounts = paymentAmounts(methodsOf(order), plan.amount, values);
  return {
    orderId: order.id,
    lines: plan.lines.map((l) => ({ orderLineId: l.line.id, quantity: Number(l.quantity) })),
    payments: [...amounts].filter(([, amount]) => amount > 0n).map(([paymentMethodId, amount]) => ({ paymentMethodId, amount: toMoneyWire(amount) })),
    reason: values.reason.trim(),
    ...(needsApproval ? { approval: { usernameOrEmail: values.managerUsername.trim(), password: values.managerPassword } } : {}),
  };
}

/** What each tax is called on the order: the name its lines carry, else 'Tax 1', 'Tax 2', 'Tax 3'. */
export function taxNamesOf(order: Order): [string, string, string] {
  const name = (n: 1 | 2 | 3) => order.items.find((l) => l[`tax${n}Enabled`] && l[`tax${n}Description`] !== '')?.[`tax${n}Description`] ?? `Tax ${n}`;
  return [name(1), name(2), name(3)];
}
