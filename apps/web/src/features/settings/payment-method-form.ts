/**
 * The payment method dialog's form and its mapping to and from the wire, checked with
 * the server's own input schema: a name and every fee field are required, the two
 * amounts may not be negative. The fee boxes always hold a value (they restore the
 * previous one on empty or bad input).
 */
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@pos/api';
import { fromWire, toMoneyWire, toPercentWire, ZCreatePaymentMethodInput } from '@pos/contracts';
import { requestResolver } from '../../lib/form-validation';

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
  /** The till may take it with no network (never a method that needs approval). */
  offlineAllowed: boolean;
}

export type PaymentMethodField = keyof PaymentMethodForm;

/** The labels of the dialog and the table, in order. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethodField, string> = {
  name: 'Name',
  vendorFeePercent: 'Vendor Fee',
  customerFeePercent: 'Customer Fee Percent',
  customerFeeAmount: 'Customer Fee Amount',
  minimumAmount: 'Minimum Amount',
  requiresManagerApproval: 'Requires Manager Approval',
  offlineAllowed: 'May be taken offline',
};

export const EMPTY_PAYMENT_METHOD: PaymentMethodForm = {
  name: '',
  vendorFeePercent: 0n,
  customerFeePercent: 0n,
  customerFeeAmount: 0n,
  minimumAmount: 0n,
  requiresManagerApproval: false,
  offlineAllowed: false,
};

export function toPaymentMethodForm(method: PaymentMethodAnswer): PaymentMethodForm {
  return {
    name: method.name,
    vendorFeePercent: fromWire(method.vendorFeePercent),
    customerFeePercent: fromWire(method.customerFeePercent),
    customerFeeAmount: fromWire(method.customerFeeAmount),
    minimumAmount: fromWire(method.minimumAmount),
    requiresManagerApproval: method.requiresManagerApproval,
    offlineAllowed: method.offlineAllowed,
  };
}

/** The create request (update adds the id). */
export function toPaymentMethodRequest(form: PaymentMethodForm): CreatePaymentMethodRequest {
  return {
    name: form.name.trim(),
    vendorFeePercent: toPercentWire(form.vendorFeePercent),
    customerFeePercent: toPercentWire(form.customerFeePercent),
    customerFeeAmount: toMoneyWire(form.customerFeeAmount),
    minimumAmount: toMoneyWire(form.minimumAmount),
    requiresManagerApproval: form.requiresManagerApproval,
    offlineAllowed: form.offlineAllowed && !form.requiresManagerApproval,
  };
}

/** The dialog's checks: the server's schema, on what the dialog would send. */
export const validatePaymentMethodForm = requestResolver(ZCreatePaymentMethodInput, toPaymentMethodRequest);
