import { describe, expect, it } from 'vitest';
import { EMPTY_PAYMENT_METHOD, toPaymentMethodForm, toPaymentMethodRequest, validatePaymentMethodForm, type PaymentMethodAnswer } from './payment-method-form';

const METHOD: PaymentMethodAnswer = {
  id: 12,
  name: 'Visa',
  vendorFeePercent: { type: 'Percent', value: '2500000' },
  customerFeePercent: { type: 'Percent', value: '1000000' },
  customerFeeAmount: { type: 'Money', value: '250000' },
  minimumAmount: { type: 'Money', value: '5000000' },
  requiresManagerApproval: true,
};

describe('payment method mapping', () => {
  it('reads the wire into bigint micro-units and writes it back', () => {
    const form = toPaymentMethodForm(METHOD);
    expect(form).toEqual({
      name: 'Visa',
      vendorFeePercent: 2_500_000n,
      customerFeePercent: 1_000_000n,
      customerFeeAmount: 250_000n,
      minimumAmount: 5_000_000n,
      requiresManagerApproval: true,
    });
    const { id: _id, ...wire } = METHOD;
    expect(toPaymentMethodRequest(form)).toEqual(wire);
  });

  it('trims the name', () => {
    expect(toPaymentMethodRequest({ ...EMPTY_PAYMENT_METHOD, name: '  Cash ' }).name).toBe('Cash');
  });
});

describe('validatePaymentMethodForm', () => {
  it('requires a name', () => {
    expect(validatePaymentMethodForm(EMPTY_PAYMENT_METHOD)).toEqual({ name: 'Name is required' });
    expect(validatePaymentMethodForm({ ...EMPTY_PAYMENT_METHOD, name: '   ' })).toEqual({ name: 'Name is required' });
    expect(validatePaymentMethodForm({ ...EMPTY_PAYMENT_METHOD, name: 'Cash' })).toEqual({});
    expect(validatePaymentMethodForm({ ...EMPTY_PAYMENT_METHOD, name: 'x'.repeat(101) }).name).toBe('Name must be at most 100 characters');
  });

  it('refuses negative amounts', () => {
    expect(validatePaymentMethodForm({ ...EMPTY_PAYMENT_METHOD, name: 'Cash', customerFeeAmount: -1n, minimumAmount: -10_000n })).toEqual({
      customerFeeAmount: 'Customer Fee Amount must not be negative',
      minimumAmount: 'Minimum Amount must not be negative',
    });
  });
});
