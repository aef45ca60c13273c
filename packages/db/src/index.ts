export * from './create-db';
export * from './migrator';
export * from './schema';
export { PGliteDialect } from './pglite-dialect';
export { sql, type Kysely, type Transaction, type Selectable, type Insertable, type Updateable } from 'kysely';
export * from './image';
