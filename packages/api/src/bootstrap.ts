/**
 * Start-up duties of the API (CONTRACT 5): the first ABSOLUTE_ADMIN from ADMIN_USERNAME,
 * ADMIN_EMAIL and ADMIN_PASSWORD, created once if absent, holding the role on the
 * platform store.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import * as auth from './features/auth/auth.repository';
import { hashPassword } from './features/auth/tokens';

export interface AdminSeed {
  username: string;
  email: string;
  password: string;
}

export async function ensureAdmin(db: Kysely<Database>, seed: AdminSeed, scryptCost: number): Promise<'created' | 'exists'> {
  const existing = await auth.findUserByLogin(db, seed.username);
  if (existing) return 'exists';
  const passwordHash = await hashPassword(seed.password, scryptCost);
  await db.transaction().execute(async (trx) => {
    const storeId = await auth.findPlatformStoreId(trx);
    const userId = await auth.insertUser(trx, { username: seed.username, email: seed.email, passwordHash });
    await auth.insertRoleAssignment(trx, { storeId, userId, role: 'ABSOLUTE_ADMIN' });
  });
  return 'created';
}
