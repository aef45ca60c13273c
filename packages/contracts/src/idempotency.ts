/**
 * The idempotency key every call that moves money takes (docs/API.md, Idempotency): one
 * per action the client means to happen once, sent again unchanged on a retry.
 */
import { own } from './messages';
import { zText } from './wire';

export const zIdempotencyKey = zText('Idempotency Key', 100).optional();

/** The 409 of a key sent again with a request other than the one it was first used for. */
export const IDEMPOTENCY_KEY_REUSED = own('This idempotency key was already used for a different request');
