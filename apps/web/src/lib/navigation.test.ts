import { describe, expect, it } from 'vitest';
import { safeRedirect } from './navigation';

describe('safeRedirect', () => {
  it('returns to a remembered path of this site', () => {
    expect(safeRedirect('/store/staff')).toBe('/store/staff');
    expect(safeRedirect('/orders?tab=2')).toBe('/orders?tab=2');
  });

  it('goes to /dashboard for nothing, the login page itself, or another site', () => {
    for (const target of [undefined, '', '/', '/?redirect=%2Fx', '//evil.example', '/\\evil.example', 'https://evil.example', 42]) {
      expect(safeRedirect(target)).toBe('/dashboard');
    }
  });
});
