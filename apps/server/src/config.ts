/** Configuration from the environment (README and docs/API.md list each variable). */
import { fileURLToPath } from 'node:url';
import { DEFAULT_API_CONFIG, DEFAULT_SIGN_IN_LIMITS, type ApiConfig } from '@pos/api';

/** Fastify's trustProxy: true (any proxy), addresses/CIDRs of trusted proxies, or which hops to trust. */
export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

export interface DatabaseSettings {
  poolSize: number;
  connectTimeoutMs: number;
  poolWaitMs: number;
  statementTimeoutMs: number;
}

export interface EnvConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  webDist: string;
  admin: { username: string; email: string; password: string } | null;
  trustProxy: TrustProxy;
  maxBatchSize: number;
  database: DatabaseSettings;
  api: Pick<ApiConfig, 'signInLimits' | 'scryptCost' | 'passwordHashing' | 'publicUrl'>;
}

export const DEFAULT_MAX_BATCH_SIZE = 50;
export const DEFAULT_DATABASE_SETTINGS: DatabaseSettings = { poolSize: 10, connectTimeoutMs: 5_000, poolWaitMs: 30_000, statementTimeoutMs: 30_000 };

/** A whole number from the environment within [min, max], or the default when unset. */
function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const text = env[name];
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, got ${text}`);
  return value;
}

/** TRUST_PROXY: unset or false: none; true: any; a number: that many hops; else a list of proxy addresses. */
export function parseTrustProxy(text: string | undefined): TrustProxy {
  const value = (text ?? '').trim();
  if (value === '' || /^(false|0|no)$/i.test(value)) return false;
  if (/^(true|yes)$/i.test(value)) return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}

export function readEnv(env: NodeJS.ProcessEnv = process.env): EnvConfig {
  const port = wholeNumber(env, 'PORT', 3000, 0, 65535);
  const { ADMIN_USERNAME, ADMIN_EMAIL, ADMIN_PASSWORD } = env;
  const adminParts = [ADMIN_USERNAME, ADMIN_EMAIL, ADMIN_PASSWORD].filter(Boolean).length;
  if (adminParts > 0 && adminParts < 3) throw new Error('Set all of ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD, or none');
  if (ADMIN_PASSWORD && ADMIN_PASSWORD.length < 8) throw new Error('ADMIN_PASSWORD must be at least 8 characters');
  const scryptCost = wholeNumber(env, 'SCRYPT_COST', DEFAULT_API_CONFIG.scryptCost, 2 ** 10, 2 ** 20);
  if ((scryptCost & (scryptCost - 1)) !== 0) throw new Error(`SCRYPT_COST must be a power of two, got ${scryptCost}`);
  const minutes = 60_000;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? fileURLToPath(new URL('../../../data', import.meta.url)),
    webDist: env.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url)),
    admin: ADMIN_USERNAME && ADMIN_EMAIL && ADMIN_PASSWORD ? { username: ADMIN_USERNAME, email: ADMIN_EMAIL, password: ADMIN_PASSWORD } : null,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    maxBatchSize: wholeNumber(env, 'TRPC_MAX_BATCH_SIZE', DEFAULT_MAX_BATCH_SIZE, 1, 1000),
    database: {
      poolSize: wholeNumber(env, 'DATABASE_POOL_SIZE', DEFAULT_DATABASE_SETTINGS.poolSize, 1, 1000),
      connectTimeoutMs: wholeNumber(env, 'DATABASE_CONNECT_TIMEOUT_MS', DEFAULT_DATABASE_SETTINGS.connectTimeoutMs, 1),
      poolWaitMs: wholeNumber(env, 'DATABASE_POOL_WAIT_MS', DEFAULT_DATABASE_SETTINGS.poolWaitMs, 1),
      statementTimeoutMs: wholeNumber(env, 'DATABASE_STATEMENT_TIMEOUT_MS', DEFAULT_DATABASE_SETTINGS.statementTimeoutMs, 0),
    },
    api: {
      scryptCost,
      ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL.replace(/\/+$/, '') } : {}),
      signInLimits: {
        failuresPerAccountAddress: wholeNumber(env, 'SIGNIN_FAILURES_PER_ACCOUNT_ADDRESS', DEFAULT_SIGN_IN_LIMITS.failuresPerAccountAddress, 1),
        failuresPerAddress: wholeNumber(env, 'SIGNIN_FAILURES_PER_ADDRESS', DEFAULT_SIGN_IN_LIMITS.failuresPerAddress, 1),
        failureWindowMs: wholeNumber(env, 'SIGNIN_FAILURE_WINDOW_MINUTES', DEFAULT_SIGN_IN_LIMITS.failureWindowMs / minutes, 1) * minutes,
        signupsPerAddress: wholeNumber(env, 'SIGNUPS_PER_ADDRESS', DEFAULT_SIGN_IN_LIMITS.signupsPerAddress, 1),
        signupWindowMs: wholeNumber(env, 'SIGNUP_WINDOW_MINUTES', DEFAULT_SIGN_IN_LIMITS.signupWindowMs / minutes, 1) * minutes,
      },
      passwordHashing: {
        concurrency: wholeNumber(env, 'PASSWORD_HASH_CONCURRENCY', DEFAULT_API_CONFIG.passwordHashing.concurrency, 1, 64),
        queue: wholeNumber(env, 'PASSWORD_HASH_QUEUE', DEFAULT_API_CONFIG.passwordHashing.queue, 0),
      },
    },
  };
}
