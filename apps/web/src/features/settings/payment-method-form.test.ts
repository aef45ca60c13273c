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
  offlineAllowed: false,
  isCash: false,
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
      offlineAllowed: false,
    });
    const { id: _id, isCash: _isCash, ...wire } = METHOD;
    expect(toPaymentMethodRequest(form)).toEqual(wire);
  });

  it('never sends a method that needs approval as one the till may take offline', () => {
    const form = { ...toPaymentMethodForm(METHOD), offlineAllowed: true };
    expect(toPaymentMethodRequest(form).offlineAllowed).toBe(false);
    expect(toPaymentMethodRequest({ ...form, requiresManagerApproval: false }).offlineAllowed).toBe(true);
  });

  it('trims the name', () => {
    expect(toPaymentMethodRequest({ ...EMPTY_PAYMENT_METHOD, name: '  Cash ' }).name).toBe('Cash');
  });
});

describe('validatePaymentMethodForm: the server schema on what the dialog sends', () => {
  it('requires a name, at most 100 characters after trimming', () => {
    expect(validatePaymentMethodForm(EMPTY_PAYMENT_METHOD)).toEqual({ name: 'Name is required' });
    expect(validatePaymentMethodForm({ ...EMPTY_PAYMENT_METHOD, name: '   ' })).toEqual({ name: 'Name is required' });
    expect(validatePaymentMethodForm({ ...EMPTY_PAYMENT_METHOD, name: 'Cash' })).toEqual({});
    expect(validatePaymentMethodForm({ ...EMPTY_PAYMENT_METHOD, name: 'x'.repeat(101) }).name).toBe('Name must be at most 100 characters');
  });

  it('refuses negative amounts under their boxes', () => {
    expect(validatePaymentMethodForm({ ...EMPTY_PAYMENT_METHOD, name: 'Cash', customerFeeAmount: -1n, minimumAmount: -10_000n })).toEqual({
      customerFeeAmount: 'Customer Fee Amount must not be negative',
      minimumAmount: 'Minimum Amount must not be negative',
    });
  });

  it('refuses a fee percent over 100%', () => {
    expect(validatePaymentMethodForm({ ...EMPTY_PAYMENT_METHOD, name: 'Cash', vendorFeePercent: 100_000_001n })).toEqual({
      vendorFeePercent: 'Vendor Fee: Percentage must be between 0% and 100%',
    });
  });
});
