import { describe, expect, test } from 'vitest';
import { vendorRowCells } from './vendor-row';

describe('a vendor row', () => {
  test('shows the primary contact', () => {
    expect(vendorRowCells({ primaryContact: { name: 'Ann', email: 'ann@example.com', primaryPhone: '555-0100' } })).toEqual({
      contactName: 'Ann',
      email: 'ann@example.com',
      phone: '555-0100',
    });
  });

  test('without a primary contact: the warning (null name) and dashes', () => {
    expect(vendorRowCells({ primaryContact: null })).toEqual({ contactName: null, email: '-', phone: '-' });
  });

  test('an empty e-mail or phone shows a dash', () => {
    expect(vendorRowCells({ primaryContact: { name: 'Ann', email: ' ', primaryPhone: '' } })).toMatchObject({ email: '-', phone: '-' });
  });
});
