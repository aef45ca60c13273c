/**
 * Idempotency keys of the calls that move money (docs/API.md, Idempotency): one per
 * dialog opening (or checkout attempt), sent with every try of it, so a double press or
 * a retry after a lost answer never moves money twice.
 */
import { useState } from 'react';

/** A key no other attempt has: random, from the browser's generator (works without https too). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The key of a dialog's action, made when the dialog's form mounts (each opening) and
 * kept for every try; `renew` after an answer that leaves the dialog open for another action.
 */
export function useIdempotencyKey(): { key: string; renew: () => void } {
  const [key, setKey] = useState(newIdempotencyKey);
  return { key, renew: () => setKey(newIdempotencyKey()) };
}
