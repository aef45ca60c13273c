import { describe, expect, it } from 'vitest';
import {
  DomainError,
  MESSAGES,
  PERCENT_100,
  apiRequestFailedMessage,
  percentRangeMessage,
  vendorDeleteConfirmMessage,
} from '../src/index';

describe('DomainError', () => {
  it('is an Error carrying a code and the message', () => {
    const e = new DomainError('NO_DIGITS', MESSAGES.noDigits);
    expect(e).toBeInstanceOf(Error);
    expect(e).toBeInstanceOf(DomainError);
    expect(e.code).toBe('NO_DIGITS');
    expect(e.message).toBe('No digits found in input');
    expect(e.name).toBe('DomainError');
  });
});

describe("MESSAGES keep the product's wording exactly", () => {
  const expected: Record<keyof typeof MESSAGES, string> = {
    productName: 'Consignment POS',
    noDigits: 'No digits found in input',
    invalidCharacter: 'Invalid character in numeric payload',
    moneyOverflow: 'Money value exceeds 64-bit long bounds',
    invalidPercentFormat: 'Invalid percentage format',
    loginFailed: 'Login failed',
    signupFailed: 'Signup failed',
    noRoles: 'No roles available for this user',
    connectFailed: 'Failed to connect to server',
    dashboardFailed: 'Failed to load dashboard data',
    noRoleSelected: 'No role selected. Please select a role from the Account page.',
    noDashboard: 'No dashboard available for role',
    passwordsMismatch: 'New passwords do not match',
    passwordFailed: 'Failed to change password',
    passwordChanged: 'Password changed successfully',
    settingsLoadFailed: 'Failed to load store settings',
    settingsUpdateFailed: 'Failed to update store settings',
    settingsUpdated: 'Store settings updated successfully',
    paymentMethodsLoadFailed: 'Failed to load payment methods',
    paymentMethodAddFailed: 'Failed to add payment method',
    paymentMethodUpdateFailed: 'Failed to update payment method',
    paymentMethodDeleteFailed: 'Failed to delete payment method',
    paymentMethodAdded: 'Payment method added successfully',
    paymentMethodUpdated: 'Payment method updated successfully',
    paymentMethodDeleted: 'Payment method deleted successfully',
    paymentMethodDeleteConfirm: 'Are you sure you want to delete this payment method?',
    orderSearchFailed: 'Failed to search orders. Please try again.',
    noOrdersFound: 'No orders found. Try adjusting your search criteria.',
    itemCodeSaveFailed: 'Failed to save item code. Please try again.',
    tagRequired: 'Tag is required',
    tagAlphanumeric: 'Tag must contain only letters and numbers',
    vendorsLoadFailed: 'Failed to load vendors',
    vendorDeleteFailed: 'Failed to delete vendor',
    vendorDeleted: 'Vendor deleted successfully',
    vendorSaveFailed: 'Failed to save vendor. Please try again.',
  };

  it('has exactly the expected keys', () => {
    expect(Object.keys(MESSAGES).sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.entries(expected))('%s', (key, text) => {
    expect(MESSAGES[key as keyof typeof MESSAGES]).toBe(text);
  });
});

describe('parameterised messages', () => {
  it('percent range with the default bounds', () => {
    expect(percentRangeMessage(0n, PERCENT_100)).toBe('Percentage must be between 0% and 100%');
  });

  it('percent range prints bounds without trailing zeros', () => {
    expect(percentRangeMessage(2_500_000n, 50_000_000n)).toBe('Percentage must be between 2.5% and 50%');
    expect(percentRangeMessage(1n, 99_999_999n)).toBe('Percentage must be between 0.000001% and 99.999999%');
    expect(percentRangeMessage(-5_000_000n, 0n)).toBe('Percentage must be between -5% and 0%');
  });

  it('vendor delete confirmation', () => {
    expect(vendorDeleteConfirmMessage('Acme')).toBe('Are you sure you want to delete vendor "Acme"?');
  });

  it('API request failure', () => {
    expect(apiRequestFailedMessage('Not Found')).toBe('API request failed: Not Found');
  });
});
