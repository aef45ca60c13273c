import { describe, expect, it } from 'vitest';
import { documentTitle } from './document-title';

describe('document title', () => {
  it('names the page and the store', () => {
    expect(documentTitle('Orders', 'Main Street Antiques')).toBe('Orders · Main Street Antiques');
  });

  it('names the product when there is no store', () => {
    expect(documentTitle('Login', null)).toBe('Login · Consignment POS');
    expect(documentTitle('Account', '  ')).toBe('Account · Consignment POS');
  });

  it('does not repeat a page that is the product itself', () => {
    expect(documentTitle('Consignment POS', null)).toBe('Consignment POS');
  });
});
