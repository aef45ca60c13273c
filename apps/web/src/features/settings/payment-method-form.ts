/**
 * The payment method dialog's form (SPEC 2, 3) and its mapping to and from the wire:
 * name and every fee field are required (SPEC 5); the two amounts may not be negative
 * (the server refuses them too).
 */
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@pos/api';
import { fromWire, toMoneyWire, toPercentWire } from '@pos/contracts';

export type PaymentMethodAnswer = inferRouterOutputs<AppRouter>['store']['payment']['list']['paymentMethods'][number];
export type CreatePaymentMethodRequest = inferRouterInputs<AppRouter>['store']['payment']['create'];

export interface PaymentMethodForm {
  name: string;
  /** Percent micro-units. */
  vendorFeePercent: bigint;
  customerFeePercent: bigint;
  /** Money micro-units. */
  customerFeeAmount: bigint;
  minimumAmount: bigint;
  requiresManagerApproval: boolean;
}

export type PaymentMethodField = keyof PaymentMethodForm;
export type PaymentMethodErrors = Partial<Record<PaymentMethodField, string>>;

/** The labels of the dialog and the table, in order. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethodField, string> = {
  name: 'Name',
  vendorFeePercent: 'Vendor Fee',
  customerFeePercent: 'Customer Fee Percent',
  customerFeeAmount: 'Customer Fee Amount',
  minimumAmount: 'Minimum Amount',
  requiresManagerApproval: 'Requires Manager Approval',
};

export const PAYMENT_METHOD_NAME_MAX_LENGTH = 100;

export const EMPTY_PAYMENT_METHOD: PaymentMethodForm = {
  name: '',
  vendorFeePercent: 0n,
  customerFeePercent: 0n,
  customerFeeAmount: 0n,
  minimumAmount: 0n,
  requiresManagerApproval: false,
};

export function toPaymentMethodForm(method: PaymentMethodAnswer): PaymentMethodForm {
  return {
    name: method.name,
    vendorFeePercent: fromWire(method.vendorFeePercent),
    customerFeePercent: fromWire(method.customerFeePercent),
    customerFeeAmount: fromWire(method.customerFeeAmount),
    minimumAmount: fromWire(method.minimumAmount),
    requiresManagerApproval: method.requiresManagerApproval,
  };
}

/** The create request (update adds the id). Call validatePaymentMethodForm first. */
export function toPaymentMethodRequest(form: PaymentMethodForm): CreatePaymentMethodRequest {
  return {
    name: form.name.trim(),
    vendorFeePercent: toPercentWire(form.vendorFeePercent),
    customerFeePercent: toPercentWire(form.customerFeePercent),
    customerFeeAmount: toMoneyWire(form.customerFeeAmount),
    minimumAmount: toMoneyWire(form.minimumAmount),
    requiresManagerApproval: form.requiresManagerApproval,
  };
}

/**
 * SPEC 5's dialog checks. The fee fields always hold a value (the percent and money
 * inputs restore the previous one on empty or bad input), so "required" is about the
 * name; the amounts must not be negative.
 */
export function validatePaymentMethodForm(form: PaymentMethodForm): PaymentMethodErrors {
  const errors: PaymentMethodErrors = {};
  const name = form.name.trim();
  if (name === '') errors.name = 'Name is required';
  else if (name.length > PAYMENT_METHOD_NAME_MAX_LENGTH) errors.name = `Name must be at most ${PAYMENT_METHOD_NAME_MAX_LENGTH} characters`;
  for (const key of ['customerFeeAmount', 'minimumAmount'] as const) {
    if (form[key] < 0n) errors[key] = `${PAYMENT_METHOD_LABELS[key]} must not be negative`;
  }
  return errors;
}
