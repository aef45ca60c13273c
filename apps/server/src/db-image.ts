/**
 * Run by the build (build.mjs): writes the migrated empty embedded database that a first
 * start copies into an empty DATA_DIR (dist/pglite-image.tar.gz; see main.ts).
 */
import { writeFileSync } from 'node:fs';
import { migratedPgliteImage } from '@pos/db';

const out = process.argv[2] ?? 'dist/pglite-image.tar.gz';
const image = await migratedPgliteImage('gzip');
writeFileSync(out, Buffer.from(await image.arrayBuffer()));
