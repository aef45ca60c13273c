/** Configuration from the environment (README lists each variable). */
import { fileURLToPath } from 'node:url';

export interface EnvConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  webDist: string;
  admin: { username: string; email: string; password: string } | null;
}

export function readEnv(env: NodeJS.ProcessEnv = process.env): EnvConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const { ADMIN_USERNAME, ADMIN_EMAIL, ADMIN_PASSWORD } = env;
  const adminParts = [ADMIN_USERNAME, ADMIN_EMAIL, ADMIN_PASSWORD].filter(Boolean).length;
  if (adminParts > 0 && adminParts < 3) throw new Error('Set all of ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD, or none');
  if (ADMIN_PASSWORD && ADMIN_PASSWORD.length < 8) throw new Error('ADMIN_PASSWORD must be at least 8 characters');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? fileURLToPath(new URL('../../../data', import.meta.url)),
    webDist: env.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url)),
    admin: ADMIN_USERNAME && ADMIN_EMAIL && ADMIN_PASSWORD ? { username: ADMIN_USERNAME, email: ADMIN_EMAIL, password: ADMIN_PASSWORD } : null,
  };
}
