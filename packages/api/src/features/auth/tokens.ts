/**
 * Session tokens and password hashes: tokens carry 256 random bits and are stored only
 * as a SHA-256 hash; passwords are hashed with scrypt, the cost kept in the stored hash
 * so it can be raised later without breaking old hashes.
 */
import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
/** The highest cost a stored hash may name (a corrupt one must not exhaust memory). */
const MAX_COST = 2 ** 20;

function scrypt(password: string, salt: Buffer, cost: number, blockSize: number, parallelism: number): Promise<Buffer> {
  // scrypt needs 128 · N · r bytes; twice that leaves room for its other buffers.
  const maxmem = 2 * 128 * cost * blockSize;
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, KEY_LENGTH, { N: cost, r: blockSize, p: parallelism, maxmem }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, cost, BLOCK_SIZE, PARALLELISM);
  return `scrypt$${cost}$${BLOCK_SIZE}$${PARALLELISM}$${salt.toString('base64')}$${key.toString('base64')}`;
}

function parseHash(stored: string) {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  const cost = Number(n);
  const blockSize = Number(r);
  const parallelism = Number(p);
  if (scheme !== 'scrypt' || !salt || !key) return null;
  if (!Number.isSafeInteger(cost) || cost < 2 || cost > MAX_COST || (cost & (cost - 1)) !== 0) return null;
  if (!Number.isSafeInteger(blockSize) || blockSize < 1 || blockSize > 32 || !Number.isSafeInteger(parallelism) || parallelism < 1 || parallelism > 16) return null;
  return { cost, blockSize, parallelism, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const hash = parseHash(stored);
  if (!hash) return false;
  const actual = await scrypt(password, hash.salt, hash.cost, hash.blockSize, hash.parallelism);
  return actual.length === hash.key.length && timingSafeEqual(actual, hash.key);
}

/** True when a stored hash was made with a lower cost than `cost` (rehashed at the next login). */
export function needsRehash(stored: string, cost: number): boolean {
  const hash = parseHash(stored);
  return hash !== null && hash.cost < cost;
}

/**
 * Verifying against this when no user matches keeps both answers equally slow: it
 * names the same cost new hashes use.
 */
export function dummyPasswordHash(cost: number): string {
  return `scrypt$${cost}$${BLOCK_SIZE}$${PARALLELISM}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEY_LENGTH).toString('base64')}`;
}
