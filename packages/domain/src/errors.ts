/**
 * Domain errors and the product's user-facing messages.
 * The strings are the product's wording: use them exactly, never paraphrase.
 */

import { scaledToText } from './decimal-text';

export type DomainErrorCode =
  | 'NO_DIGITS'
  | 'INVALID_CHARACTER'
  | 'MONEY_OVERFLOW'
  | 'PERCENT_RANGE'
  | 'PERCENT_FORMAT'
  | 'ROLE_CYCLE'
  | 'LIMIT_EXCEEDED'
  | 'UNBALANCED_JOURNAL'
  | 'INVALID_POSTING';

export class DomainError extends Error {
  constructor(
    public readonly code: DomainErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const MESSAGES = {
  // Product
  productName: 'Consignment POS',

  // Number parsing and money
  noDigits: 'No digits found in input',
  invalidCharacter: 'Invalid character in numeric payload',
  moneyOverflow: 'Money value exceeds 64-bit long bounds',
  invalidPercentFormat: 'Invalid percentage format',

  // Login and sign-up
  loginFailed: 'Login failed',
  signupFailed: 'Signup failed',
  noRoles: 'No roles available for this user',
  connectFailed: 'Failed to connect to server',

  // Dashboard
  dashboardFailed: 'Failed to load dashboard data',
  noRoleSelected: 'No role selected. Please select a role from the Account page.',
  noDashboard: 'No dashboard available for role',

  // Password
  passwordsMismatch: 'New passwords do not match',
  passwordFailed: 'Failed to change password',
  passwordChanged: 'Password changed successfully',

  // Store settings
  settingsLoadFailed: 'Failed to load store settings',
  settingsUpdateFailed: 'Failed to update store settings',
  settingsUpdated: 'Store settings updated successfully',

  // Payment methods
  paymentMethodsLoadFailed: 'Failed to load payment methods',
  paymentMethodAddFailed: 'Failed to add payment method',
  paymentMethodUpdateFailed: 'Failed to update payment method',
  paymentMethodDeleteFailed: 'Failed to delete payment method',
  paymentMethodAdded: 'Payment method added successfully',
  paymentMethodUpdated: 'Payment method updated successfully',
  paymentMethodDeleted: 'Payment method deleted successfully',
  paymentMethodDeleteConfirm: 'Are you sure you want to delete this payment method?',

  // Orders
  orderSearchFailed: 'Failed to search orders. Please try again.',
  noOrdersFound: 'No orders found. Try adjusting your search criteria.',

  // Item codes
  itemCodeSaveFailed: 'Failed to save item code. Please try again.',
  tagRequired: 'Tag is required',
  tagAlphanumeric: 'Tag must contain only letters and numbers',

  // Vendors
  vendorsLoadFailed: 'Failed to load vendors',
  vendorDeleteFailed: 'Failed to delete vendor',
  vendorDeleted: 'Vendor deleted successfully',
  vendorSaveFailed: 'Failed to save vendor. Please try again.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** 'Percentage must be between {min}% and {max}%' with min and max in percent micro-units. */
export function percentRangeMessage(min: bigint, max: bigint): string {
  return `Percentage must be between ${scaledToText(min, 6, 0)}% and ${scaledToText(max, 6, 0)}%`;
}

/** The question the delete dialog asks before a vendor is deleted. */
export function vendorDeleteConfirmMessage(tradeName: string): string {
  return `Are you sure you want to delete vendor "${tradeName}"?`;
}

/** A call answered with a non-OK HTTP status. */
export function apiRequestFailedMessage(statusText: string): string {
  return `API request failed: ${statusText}`;
}
