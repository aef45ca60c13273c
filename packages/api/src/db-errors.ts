/** Recognising database errors a repository or the error normaliser turns into answers (pg and PGlite alike). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e.code !== '23505') return false;
  if (!constraint) return true;
  return e.constraint === constraint || (e.message ?? '').includes(constraint);
}

/** Network failures reaching the database server (Node's system error codes). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * SQLSTATEs that say the server is away or will not serve now: connection exceptions
 * (class 08), too many connections and other insufficient resources (class 53),
 * administrator or crash shutdown and start-up (57P01-57P03), and a statement cancelled
 * by its time limit (57014).
 */
function isUnavailableState(code: string): boolean {
  return code.startsWith('08') || code.startsWith('53') || code === '57P01' || code === '57P02' || code === '57P03' || code === '57014';
}

/** pg, pg-pool, PGlite and Kysely raise these without a code when the connection is gone. */
const LOST_CONNECTION_MESSAGES = [
  /^Connection terminated( unexpectedly| due to connection timeout)?$/,
  /^timeout exceeded when trying to connect$/,
  /^timeout expired$/,
  /^Client (has encountered a connection error|was closed) and is not queryable$/,
  /^Query read timeout$/,
  /^PGlite is closed$/,
  /^driver has already been destroyed$/,
];

/**
 * True when an error (or one of its causes) says the database cannot be reached right
 * now, so the call changed nothing and may be retried: answered 503, never 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isUnavailableState(code)))) return true;
    if (typeof message === 'string' && LOST_CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}
