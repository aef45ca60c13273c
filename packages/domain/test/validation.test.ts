import { describe, expect, it } from 'vitest';
import { TAX_SHORT_NAME_MAX_LENGTH, TAX_SLOTS, validatePasswordConfirmation, validateTag } from '../src/index';

describe('validateTag', () => {
  it.each([
    ['', 'Tag is required'],
    ['   ', 'Tag is required'],
    ['AB C', 'Tag must contain only letters and numbers'],
    ['AB-1', 'Tag must contain only letters and numbers'],
    [' AB1', 'Tag must contain only letters and numbers'],
    ['é1', 'Tag must contain only letters and numbers'],
    ['AB1', null],
    ['abc', null],
    ['123', null],
  ])('%j → %j', (tag, message) => {
    expect(validateTag(tag)).toBe(message);
  });
});

describe('validatePasswordConfirmation', () => {
  it("reports a mismatch with the product's wording", () => {
    expect(validatePasswordConfirmation('secret123', 'secret123')).toBeNull();
    expect(validatePasswordConfirmation('secret123', 'secret124')).toBe('New passwords do not match');
  });
});

describe('constants', () => {
  it('are three tax slots and a tax short name of at most 6 characters', () => {
    expect(TAX_SLOTS).toBe(3);
    expect(TAX_SHORT_NAME_MAX_LENGTH).toBe(6);
  });
});
