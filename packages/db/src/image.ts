/**
 * A new embedded database made once and copied: PGlite created in memory and migrated,
 * dumped as a tarball of its data folder (dumpDataDir). The server's build keeps one
 * beside dist/main.js, so a first start on an empty ./data loads it instead of creating
 * and migrating a database (docs/PERFORMANCE.md, Start-up); the tests clone one per file.
 */
import { Kysely } from 'kysely';
import { createPglite } from './create-db';
import { migrateToLatest } from './migrator';
import { PGliteDialect } from './pglite-dialect';

export async function migratedPgliteImage(compression: 'none' | 'gzip' = 'none'): Promise<Blob> {
  const pglite = await createPglite({ dataDir: 'memory://' });
  const db = new Kysely({ dialect: new PGliteDialect(pglite) });
  try {
    await migrateToLatest(db);
    return await pglite.dumpDataDir(compression);
  } finally {
    await db.destroy();
  }
}
