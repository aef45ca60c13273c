/**
 * Bounds concurrent password hashing: each scrypt at the production cost holds about
 * 128 MiB and a thread for a third of a second, so a burst of sign-ins must queue
 * instead of running all at once, and a queue that is already long answers 503 at once.
 * One gate per API configuration (one per server process in production).
 */
import type { ApiConfig } from '../../context';
import { AppError } from '../../errors';

export const HASHING_BUSY_MESSAGE = 'The server is busy checking other sign-ins. Please try again in a moment.';

export class HashGate {
  #active = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  /** Runs `work` when a slot is free; throws SERVICE_UNAVAILABLE when the queue is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#active < this.concurrency) {
      this.#active++;
    } else {
      if (this.#waiting.length >= this.queue) throw new AppError('SERVICE_UNAVAILABLE', HASHING_BUSY_MESSAGE);
      // The slot is handed over by the caller that frees it.
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#active--;
    }
  }

  get busy(): { active: number; waiting: number } {
    return { active: this.#active, waiting: this.#waiting.length };
  }
}

const gates = new WeakMap<ApiConfig['passwordHashing'], HashGate>();

export function hashGateFor(config: ApiConfig): HashGate {
  let gate = gates.get(config.passwordHashing);
  if (!gate) {
    gate = new HashGate(config.passwordHashing.concurrency, config.passwordHashing.queue);
    gates.set(config.passwordHashing, gate);
  }
  return gate;
}
