/**
 * The vendor portal in tests: a vendor invited and accepted (a person acting as VENDOR),
 * and refunds of chosen units of an order, paid back as the refund dialog first suggests.
 */
import { planRefundLines, refundableMethods, suggestRefundPayments } from '@pos/domain';
import { uniqueName, type ApiHarness, type Person } from './factories';

const money = (v: bigint) => ({ type: 'Money' as const, value: String(v) });

/** The token of an invitation's link: its last path segment. */
export function tokenOf(inviteUrl: string): string {
  return new URL(inviteUrl, 'http://localhost').pathname.split('/').pop()!;
}

/** `by` invites a new person to vendor `vendorId`'s portal, who accepts with a new account; answers them acting as VENDOR. */
export async function inviteVendor(h: ApiHarness, by: Person, vendorId: number): Promise<Person> {
  const username = uniqueName('vendor');
  const email = `${username.toLowerCase()}@example.test`;
  const { inviteUrl } = await h.as(by).vendor.invite({ vendorId, email });
  const password = 'vendor password 1';
  const answer = await h.call().portal.accept({ token: tokenOf(inviteUrl), username, email, password });
  const assignment = answer.roles.find((r) => r.role === 'VENDOR' && r.storeId === by.storeId)!;
  return { userId: answer.userId, username, email, password, token: answer.token, storeId: assignment.storeId, storeName: assignment.storeName, role: 'VENDOR' };
}

/** Refunds `quantity` units of each line given, paid back as the refund dialog suggests; answers the refund's number. */
export async function refundUnits(h: ApiHarness, by: Person, orderId: bigint | number, lines: readonly { orderLineId: number; quantity: number }[]): Promise<string> {
  const { order } = await h.as(by).order.fetch({ orderId: Number(orderId) });
  const plan = planRefundLines(
    order.items.map((i) => ({
      id: i.id,
      label: i.description,
      quantity: BigInt(i.quantity),
      total: BigInt(i.total.value),
      taxes: [BigInt(i.tax1Amount.value), BigInt(i.tax2Amount.value), BigInt(i.tax3Amount.value)] as const,
      refundedQuantity: BigInt(i.refundedQuantity ?? 0),
    })),
    lines.map((l) => ({ orderLineId: l.orderLineId, quantity: BigInt(l.quantity) })),
  );
  const methods = refundableMethods(
    order.payments.map((p) => ({ paymentMethodId: p.paymentMethodId, name: p.name, isCash: p.isCash, applied: BigInt(p.applied.value) })),
    (order.refunds ?? []).flatMap((r) => r.payments.map((p) => ({ paymentMethodId: p.paymentMethodId, amount: BigInt(p.amount.value) }))),
  );
  const payments = suggestRefundPayments(plan.amount, methods).map((p) => ({ paymentMethodId: p.paymentMethodId, amount: money(p.amount) }));
  const answer = await h.as(by).order.refund({ orderId: Number(orderId), lines: [...lines], payments, reason: 'Portal test refund' });
  return answer.refund.number;
}
