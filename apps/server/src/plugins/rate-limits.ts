/**
 * Login and sign-up attempts per address are limited (CONTRACT 2: 429). Per-account
 * failures are throttled by the auth service itself, across both doors and processes.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface LoginRateLimit {
  max: number;
  timeWindowMs: number;
}

const LOGIN_URL = /^\/(api\/v1\/(login|signup)\b|trpc\/[^?]*\bauth\.(login|signup)\b)/;

export function isLoginAttempt(req: FastifyRequest): boolean {
  return req.method === 'POST' && LOGIN_URL.test(req.url);
}

export async function registerRateLimits(app: FastifyInstance, limit: LoginRateLimit) {
  await app.register(rateLimit, {
    global: true,
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    allowList: (req) => !isLoginAttempt(req),
    errorResponseBuilder: () => ({
      statusCode: 429,
      success: false,
      message: 'Too many attempts from this address. Please wait a minute and try again.',
      code: 'TOO_MANY_REQUESTS',
    }),
  });
}
