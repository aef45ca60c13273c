/**
 * The offline till's limits (docs/ARCHITECTURE.md, The offline till): per device, how
 * many sales it may keep waiting, how much money they may add up to, and how long it may
 * sell since it last reached the server. The till asks before each offline sale; the
 * server, which never drops a sale that already happened, only flags one past a limit.
 */
import { formatMoney } from './money';

/** The store's limits, as its settings keep them. */
export interface OfflineLimits {
  offlineMaxSales: number;
  /** Money, micro-units. */
  offlineMaxTotal: bigint;
  offlineMaxHours: number;
}

/** The defaults a store starts with. */
export const OFFLINE_LIMIT_DEFAULTS: OfflineLimits = Object.freeze({
  offlineMaxSales: 50,
  offlineMaxTotal: 2_000_000_000n,
  offlineMaxHours: 24,
});

/** Bounds of the settings themselves. */
export const OFFLINE_MAX_SALES_LIMIT = 1000;
export const OFFLINE_MAX_HOURS_LIMIT = 168;

/** What the device's outbox holds now (the sale being asked about not included). */
export interface OutboxSummary {
  /** Sales waiting to be sent. */
  pending: number;
  /** Their totals added up, micro-units. */
  pendingTotal: bigint;
  /** When the till last reached the server; null when it never went offline (nothing to measure). */
  offlineSince: Date | null;
}

const HOUR_MS = 3_600_000;

/**
 * Why one more offline sale of `saleTotal` may not be taken now, or null when it may.
 * The message is what the till shows.
 */
export function offlineSaleRefusal(limits: OfflineLimits, outbox: OutboxSummary, saleTotal: bigint, now: Date): string | null {
  if (outbox.pending + 1 > limits.offlineMaxSales) {
    return `This till already has ${outbox.pending} sale${outbox.pending === 1 ? '' : 's'} waiting to be sent, the most it may keep offline (${limits.offlineMaxSales}). Reconnect to send them before selling more.`;
  }
  const total = outbox.pendingTotal + (saleTotal > 0n ? saleTotal : 0n);
  if (total > limits.offlineMaxTotal) {
    return `This sale would bring the sales waiting to ${formatMoney(total)}, above the offline limit of ${formatMoney(limits.offlineMaxTotal)}. Reconnect to send them before selling more.`;
  }
  if (outbox.offlineSince !== null && now.getTime() - outbox.offlineSince.getTime() > limits.offlineMaxHours * HOUR_MS) {
    return `This till has not reached the server for more than ${limits.offlineMaxHours} hour${limits.offlineMaxHours === 1 ? '' : 's'}, the longest it may sell offline. Reconnect before selling more.`;
  }
  return null;
}

/** A payment method as the offline rule sees it. */
export interface OfflineTenderMethod {
  isCash: boolean;
  offlineAllowed: boolean;
  requiresManagerApproval: boolean;
}

/**
 * Whether the till may take this method with no network: Cash always; another method
 * only when marked "May be taken offline" (an external card terminal) and never one that
 * needs a manager's approval. The till offers only these; a replayed sale paid otherwise
 * needs a manager's attention.
 */
export function offlineTender(method: OfflineTenderMethod): boolean {
  return method.isCash || (method.offlineAllowed && !method.requiresManagerApproval);
}

/** Why a method was refused for an offline sale. */
export function offlineMethodRefusal(name: string): string {
  return `${name} may not be taken offline`;
}
