import { describe, expect, it } from 'vitest';
import { isOwnMessage, QUANTITY_BELOW_ZERO, ZAdjustInventoryInput, ZPasswordInput } from '../src';

/** The first issue's path and message, as a form shows it and the API's formatter words it. */
function firstIssue(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const issue = result.error?.issues[0];
  return issue ? { path: issue.path.join('.'), message: issue.message, own: isOwnMessage(issue.message) } : null;
}

describe('password change input', () => {
  const input = { currentPassword: 'old secret', newPassword: 'new secret 1', confirmPassword: 'new secret 1' };

  it('takes a confirmation equal to the new password', () => {
    expect(ZPasswordInput.safeParse(input).success).toBe(true);
  });

  it("refuses a confirmation that differs with 'New passwords do not match', on the confirmation", () => {
    expect(firstIssue(ZPasswordInput.safeParse({ ...input, confirmPassword: 'new secret 2' }))).toEqual({ path: 'confirmPassword', message: 'New passwords do not match', own: true });
  });

  it('names a missing field first', () => {
    expect(firstIssue(ZPasswordInput.safeParse({ ...input, currentPassword: '' }))).toEqual({ path: 'currentPassword', message: 'Current password is required', own: true });
  });
});

describe('inventory adjustment input', () => {
  const input = { id: 7, delta: -2, reason: 'Broken' };

  it('says a missing adjustment is required, and one that is not whole is not', () => {
    expect(firstIssue(ZAdjustInventoryInput.safeParse({ ...input, delta: undefined }))).toEqual({ path: 'delta', message: 'Adjustment is required', own: true });
    for (const delta of [1.5, Number.NaN, '3']) {
      expect(firstIssue(ZAdjustInventoryInput.safeParse({ ...input, delta }))).toEqual({ path: 'delta', message: 'Adjustment must be a whole number', own: true });
    }
    expect(firstIssue(ZAdjustInventoryInput.safeParse({ ...input, delta: 0 }))).toEqual({ path: 'delta', message: 'Adjustment must not be zero', own: true });
  });

  it('has the below-zero message as its own', () => {
    expect(QUANTITY_BELOW_ZERO).toBe('Quantity on hand cannot go below zero');
    expect(isOwnMessage(QUANTITY_BELOW_ZERO)).toBe(true);
  });
});
