/**
 * A measurement is only a measurement of the product's work when the product did it: a
 * scenario whose answers are refusals (a 429 after a sign-in limit, a 400 from stale
 * input) measures the refusal. So a run stops, naming the scenario and door, as soon as
 * more than 1 % of a slice's answers are not 200.
 */
export const MAX_FAILED_SHARE = 0.01;

export interface AnswerCounts {
  requests: number;
  errors: number;
  non2xx: number;
  /** What some of the refused answers said (status and body), when known. */
  refusals?: string[];
}

/** Throws when more than MAX_FAILED_SHARE of the answers failed (errors, timeouts or non-2xx). */
export function assertAnswered(what: string, counts: AnswerCounts): void {
  const failed = counts.errors + counts.non2xx;
  if (failed > MAX_FAILED_SHARE * Math.max(counts.requests, 1)) {
    throw new Error(`${what}: ${failed} of ${counts.requests} answers were not 200 (${counts.non2xx} non-2xx, ${counts.errors} errors or timeouts); the figures would measure refusals${counts.refusals?.length ? `; for example: ${counts.refusals.join(' | ')}` : ''}`);
  }
}
