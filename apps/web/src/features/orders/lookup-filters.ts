/**
 * The order lookup's filters: what the form holds (text as typed), and the
 * /order/lookup input made from it: text filters trimmed, empty means none; the start
 * and end days sent as the start and the end of that local day, ISO with offset; the
 * amounts parsed as money (empty means none, unparsable text is an error on the field);
 * the status one of the order statuses, or any.
 */
import { DomainError, parseMoney } from '@pos/domain';
import { ORDER_STATUSES, fromWire, toMoneyWire, type MoneyWire, type OrderStatus } from '@pos/contracts';
import { END_OF_DAY, localTimeOnDayIso, START_OF_DAY } from '../../lib/local-day';

export interface LookupForm {
  orderNumber: string;
  customer: string;
  itemKeyword: string;
  /** 'YYYY-MM-DD' (a date input's value) or ''. */
  startDate: string;
  endDate: string;
  minAmount: string;
  maxAmount: string;
  /** An order status, or '' for any. */
  status: string;
}

export const EMPTY_LOOKUP_FORM: LookupForm = { orderNumber: '', customer: '', itemKeyword: '', startDate: '', endDate: '', minAmount: '', maxAmount: '', status: '' };

export interface LookupInput {
  orderNumber: string | null;
  customer: string | null;
  itemKeyword: string | null;
  startDate: string | null;
  endDate: string | null;
  minAmount: MoneyWire | null;
  maxAmount: MoneyWire | null;
  status: OrderStatus | null;
}

function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}


export type LookupFormErrors = Partial<Record<keyof LookupForm, string>>;

export type LookupBuild = { ok: true; input: LookupInput } | { ok: false; errors: LookupFormErrors };

/** Trimmed text, or null when nothing is left. */
export function filterText(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** An amount filter: '' means none; otherwise money text parsed by the domain's rules. */
export function amountFilter(text: string): { value: bigint | null; error: string | null } {
  if (text.trim() === '') return { value: null, error: null };
  try {
    return { value: parseMoney(text), error: null };
  } catch (e) {
    if (e instanceof DomainError) return { value: null, error: e.message };
    throw e;
  }
}

export const INVALID_DATE = 'Enter a valid date';

/** The lookup input for the form, or the errors to show on its fields. */
export function buildLookupInput(form: LookupForm): LookupBuild {
  const errors: LookupFormErrors = {};
  const startDate = localTimeOnDayIso(form.startDate, START_OF_DAY);
  const endDate = localTimeOnDayIso(form.endDate, END_OF_DAY);
  if (form.startDate.trim() !== '' && startDate === null) errors.startDate = INVALID_DATE;
  if (form.endDate.trim() !== '' && endDate === null) errors.endDate = INVALID_DATE;
  const min = amountFilter(form.minAmount);
  const max = amountFilter(form.maxAmount);
  if (min.error) errors.minAmount = min.error;
  if (max.error) errors.maxAmount = max.error;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    input: {
      orderNumber: filterText(form.orderNumber),
      customer: filterText(form.customer),
      itemKeyword: filterText(form.itemKeyword),
      startDate,
      endDate,
      minAmount: min.value === null ? null : toMoneyWire(min.value),
      maxAmount: max.value === null ? null : toMoneyWire(max.value),
      status: isOrderStatus(form.status) ? form.status : null,
    },
  };
}

export function sameLookupInput(a: LookupInput | null, b: LookupInput | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const STATUS_LABELS: Record<string, string> = {
  DRAFT: 'Draft',
  PENDING: 'Pending',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
  REFUNDED: 'Refunded',
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

/**
 * A completed order with refunds: what was refunded (what the customer got back) and
 * what is left of its total; null for an order with none.
 */
export function partRefund(order: { status: string; total: MoneyWire; refunds?: readonly { amount: MoneyWire }[] }): { refunded: bigint; left: bigint } | null {
  if (order.status !== 'COMPLETED' || !order.refunds || order.refunds.length === 0) return null;
  const refunded = order.refunds.reduce((sum, r) => sum + fromWire(r.amount), 0n);
  const left = fromWire(order.total) - refunded;
  return { refunded, left: left > 0n ? left : 0n };
}

/** An order's status in words: a completed order with a refund reads 'Partly refunded'. */
export function orderStatusLabel(order: Parameters<typeof partRefund>[0]): string {
  return partRefund(order) ? 'Partly refunded' : statusLabel(order.status);
}

/** The Status filter's choices: any, then each status by its label. */
export const STATUS_FILTER_OPTIONS: { value: string; label: string }[] = [{ value: '', label: 'Any status' }, ...ORDER_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }))];
