/** Server-shaped orders and lines for the orders feature's unit tests. */
import type { Order, OrderLine } from '@pos/contracts';

const money = (v: bigint | number) => ({ type: 'Money' as const, value: String(v) });
const percent = (v: bigint | number) => ({ type: 'Percent' as const, value: String(v) });

export function serverLine(over: Partial<OrderLine> & { id: number }): OrderLine {
  return {
    itemCode: '',
    description: '',
    quantity: 1,
    price: money(0),
    discountPercent: percent(0),
    amount: money(0),
    discountAmount: money(0),
    total: money(0),
    tax1Enabled: false,
    tax1Percent: percent(0),
    tax1Amount: money(0),
    tax1Description: '',
    tax2Enabled: false,
    tax2Percent: percent(0),
    tax2Amount: money(0),
    tax2Description: '',
    tax3Enabled: false,
    tax3Percent: percent(0),
    tax3Amount: money(0),
    tax3Description: '',
    knownItemCode: false,
    warnOnNoControlCode: false,
    ...over,
  };
}

export function serverOrder(items: OrderLine[], over: Partial<Order> = {}): Order {
  return {
    id: 10,
    orderNumber: 'A100',
    customerName: '',
    status: 'DRAFT',
    items,
    subtotal: money(0),
    discount: money(0),
    tax1: money(0),
    tax2: money(0),
    tax3: money(0),
    total: money(0),
    createdAt: '2026-05-01T12:00:00.000Z',
    updatedAt: '2026-05-01T12:00:00.000Z',
    payments: [],
    customerFees: money(0),
    amountPaid: money(0),
    changeDue: money(0),
    approvedBy: null,
    approvedAt: null,
    completedAt: null,
    cancelledAt: null,
    cancelReason: '',
    ...over,
  };
}

export { money, percent };
