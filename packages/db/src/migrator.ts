/**
 * The one migrator, used by the server at start-up and by the tests. Migrations are
 * TypeScript modules under /migrations, listed in migrations/index.ts.
 */
import { Migrator, type Kysely } from 'kysely';
import { migrations } from '../../../migrations/index';

export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('A migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
