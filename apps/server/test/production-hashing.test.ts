/**
 * Tests sign users in at a low scrypt cost (the e2e server and the integration harness
 * pass their own), which is only safe while the server's production setting stays at its
 * own cost: a server started without SCRYPT_COST hashes passwords at N = 2^17 (r 8, p 1),
 * the cost docs/API.md states, and a test cost never leaks into the defaults.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_API_CONFIG, DEFAULT_SCRYPT_COST } from '@pos/api';
import { hashPassword } from '../../../packages/api/src/features/auth/tokens';
import { readEnv } from '../src/config';

describe('the production scrypt cost', () => {
  it('is 2^17 when SCRYPT_COST is not set, and that is the cost a stored hash carries', async () => {
    expect(DEFAULT_SCRYPT_COST).toBe(2 ** 17);
    expect(DEFAULT_API_CONFIG.scryptCost).toBe(2 ** 17);
    const production = readEnv({});
    expect(production.api.scryptCost).toBe(2 ** 17);
    const stored = await hashPassword('a production password', production.api.scryptCost);
    expect(stored.split('$').slice(0, 4)).toEqual(['scrypt', '131072', '8', '1']);
  }, 120_000); // one hash at the production cost: a fraction of a second alone, longer on a busy machine

  it('is what SCRYPT_COST says when set (a test server), and refuses what is not a power of two', () => {
    expect(readEnv({ SCRYPT_COST: '1024' }).api.scryptCost).toBe(1024);
    expect(() => readEnv({ SCRYPT_COST: '3000' })).toThrow(/power of two/);
  });
});
