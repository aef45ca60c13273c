/**
 * The offline till's server half (docs/ARCHITECTURE.md, The offline till): devices and
 * their blocks of order numbers, the snapshot a till sells from, the reports of what
 * waits in outboxes, and the replay of each offline sale, exactly once per client id,
 * through the same submit as a checkout at the till. A sale the server cannot complete
 * as sent is kept, OPEN, for a manager, who completes it anyway or voids it.
 */
import { serialize, deserialize } from 'node:v8';
import superjson from 'superjson';
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import {
  OFFLINE_BLOCK_SIZE,
  type DeviceReportInput,
  type OfflineSaleLine,
  type ReplayInput,
  type ResolveInput,
  type SubmitOrderInput,
} from '@pos/contracts';
import { DomainError, offlineSaleRefusal, sumSavedLines } from '@pos/domain';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { idempotent, requestHash, sameRequest } from '../idempotency/idempotency.service';
import { findItemsByCodes } from '../item/item.repository';
import { unsellable } from '../item/item.service';
import { BLANK_LINE, fromItem, lineValues, mergeLine } from '../order/order-lines';
import { actorOfCaller, type Caller, type LoadedOrder } from '../order/order-read';
import { insertOrder } from '../order/order.repository';
import { submitInTransaction } from '../order/submit.service';
import { todayStatus } from '../reports/reports.repository';
import { findPaymentMethods, getSettings, listPaymentMethods } from '../store/store.repository';
import * as repo from './offline.repository';

type Db = Kysely<Database>;

export const DEVICE_NOT_FOUND = 'This device is not registered in this store: register it first';
export const ATTENTION_NOT_FOUND = 'No such offline sale needing attention in this store';
/** How many resolved sales the Needs attention list shows below the open ones. */
const RESOLVED_SHOWN = 100;

async function deviceOf(db: Db, storeId: number, deviceId: string) {
  const device = await repo.findDevice(db, storeId, deviceId);
  if (!device) throw new AppError('NOT_FOUND', DEVICE_NOT_FOUND);
  return device;
}

// ---- devices --------------------------------------------------------------------------

export async function registerDevice(caller: Caller, input: { deviceId: string; name: string }) {
  const device = await repo.upsertDevice(caller.db, caller.storeId, input.deviceId, input.name, caller.user.id);
  return { success: true, message: 'Device registered', device: { deviceId: device.deviceId, name: device.name } };
}

/** A block of order numbers for the device; a retry with the same idempotency key answers the same block. */
export async function reserveNumbers(caller: Caller, input: { deviceId: string; idempotencyKey?: string | undefined }) {
  const device = await deviceOf(caller.db, caller.storeId, input.deviceId);
  return idempotent(caller.db, { storeId: caller.storeId, procedure: '/device/reserve-numbers', input }, async (trx) => {
    const numbers = await repo.reserveNumbers(trx, caller.storeId, device.id, OFFLINE_BLOCK_SIZE);
    return { success: true, message: `${numbers.length} order numbers reserved`, numbers };
  });
}

export async function reportDevice(caller: Caller, input: DeviceReportInput) {
  const device = await deviceOf(caller.db, caller.storeId, input.deviceId);
  await caller.db.transaction().execute(async (trx) => {
    await repo.saveReport(trx, caller.storeId, device.id, input.pending, input.oldestPendingAt);
    await repo.markNumbersSkipped(trx, caller.storeId, device.id, input.skippedNumbers);
  });
  return { success: true, message: 'Report received' };
}

/** What the till needs to sell with no network. */
export async function snapshot(caller: Caller) {
  const { db, storeId } = caller;
  const [settings, name, methods, itemCodes, items] = await Promise.all([
    getSettings(db, storeId),
    repo.storeName(db, storeId),
    listPaymentMethods(db, storeId),
    repo.snapshotItemCodes(db, storeId),
    repo.snapshotItems(db, storeId),
  ]);
  const { orderPrefix, timeZone, offlineMaxSales, offlineMaxTotal, offlineMaxHours } = settings;
  const taxes = {
    tax1ShortName: settings.tax1ShortName,
    tax1LongName: settings.tax1LongName,
    tax1Percent: settings.tax1Percent,
    tax1Enabled: settings.tax1Enabled,
    tax1ApplyByDefault: settings.tax1ApplyByDefault,
    tax2ShortName: settings.tax2ShortName,
    tax2LongName: settings.tax2LongName,
    tax2Percent: settings.tax2Percent,
    tax2Enabled: settings.tax2Enabled,
    tax2ApplyByDefault: settings.tax2ApplyByDefault,
    tax3ShortName: settings.tax3ShortName,
    tax3LongName: settings.tax3LongName,
    tax3Percent: settings.tax3Percent,
    tax3Enabled: settings.tax3Enabled,
    tax3ApplyByDefault: settings.tax3ApplyByDefault,
  };
  return {
    success: true,
    generatedAt: new Date(),
    store: { name, timeZone, orderPrefix, taxes, limits: { offlineMaxSales, offlineMaxTotal, offlineMaxHours } },
    paymentMethods: methods,
    itemCodes,
    items,
    cashier: { userId: caller.user.id, name: caller.user.username },
  };
}

// ---- replay -----------------------------------------------------------------------------

/** The sale as kept: the parsed request, bigints and dates intact. */
function keptSale(input: ReplayInput): string {
  const { idempotencyKey: _key, ...sale } = input;
  return superjson.stringify(sale);
}
function saleOf(kept: unknown): Omit<ReplayInput, 'idempotencyKey'> {
  return superjson.parse(typeof kept === 'string' ? kept : JSON.stringify(kept));
}

/**
 * The sale's total as its lines compute it (the figure the till showed): a scanned line
 * at its item's price, as a submit prices it; 0 when the lines cannot be summed.
 */
async function saleTotal(db: Db, storeId: number, items: readonly OfflineSaleLine[]): Promise<bigint> {
  const found = await findItemsByCodes(db, storeId, items.flatMap((l) => (l.itemNumber ? [l.itemNumber] : [])));
  try {
    return sumSavedLines(items.map((l) => lineValues(fromItem(mergeLine(BLANK_LINE, l), l.itemNumber ? found.get(l.itemNumber) : undefined), undefined, { defaultVendorCommissionPercent: 0n }))).total;
  } catch {
    return 0n;
  }
}

function saleHash(input: ReplayInput): string {
  return requestHash(input).toString('hex');
}

type ReplayAnswer =
  | { success: boolean; message: string; status: 'COMPLETED'; order: LoadedOrder }
  | { success: boolean; message: string; status: 'NEEDS_ATTENTION'; attentionId: bigint; reason: string };

/** The first answer of a sale kept under its client id; 409 when the client id came with another sale. */
function firstAnswer(kept: { id: bigint; reason: string; answer: Buffer | null; requestHash: string }, input: ReplayInput): ReplayAnswer {
  if (!sameRequest(Buffer.from(kept.requestHash, 'hex'), requestHash(input))) {
    throw new AppError('CONFLICT', 'This client id was already used for a different sale');
  }
  if (kept.reason !== '' || kept.answer === null) {
    return { success: true, message: 'The sale needs a manager\'s attention', status: 'NEEDS_ATTENTION', attentionId: kept.id, reason: kept.reason };
  }
  return deserialize(kept.answer) as ReplayAnswer;
}

/** The refusals of a sale itself (kept for a manager), as opposed to a failure to try again later. */
const REFUSAL_CODES: ReadonlySet<string> = new Set(['BAD_REQUEST', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT']);
function businessRefusal(error: unknown): string | null {
  if (error instanceof AppError && REFUSAL_CODES.has(error.code)) return error.message;
  if (error instanceof DomainError) return error.message;
  return null;
}

/** The submit a replay makes of the offline sale, on the order made for it. */
function submitInput(orderId: bigint, sale: Omit<ReplayInput, 'idempotencyKey'>): SubmitOrderInput {
  return { orderId: Number(orderId), customerName: sale.customerName, items: sale.items, payments: sale.payments };
}

/**
 * Replays one offline sale. In one transaction: the sale kept under its client id (a
 * second send of it waits for the first here, then answers the first's answer), the
 * device's number checked (one of its reserved numbers, else 409), an order made with
 * that number and the time of sale, and the same submit as a checkout, its business day
 * the sale's; completed, the sale answers the order. A refusal of the sale (an item sold
 * meanwhile, a code or method no longer there, the sale's day closed, approval needed)
 * rolls that back and keeps the sale OPEN for a manager with its reason, answered 200.
 */
export async function replaySale(caller: Caller, input: ReplayInput): Promise<ReplayAnswer> {
  const { db, storeId } = caller;
  const device = await deviceOf(db, storeId, input.deviceId);
  const earlier = await repo.findByClientId(db, storeId, input.clientId);
  if (earlier) return firstAnswer(earlier, input);
  const call = { storeId, procedure: '/offline/replay', input };
  // A sale sold in the future by the device's clock counts as sold now.
  const soldAt = new Date(Math.min(input.soldAt.getTime(), Date.now()));
  const total = await saleTotal(db, storeId, input.items);
  const kept: repo.NewOfflineSale = {
    deviceRowId: device.id,
    clientId: input.clientId,
    orderNumber: input.orderNumber,
    soldAt,
    cashierId: caller.user.id,
    status: 'COMPLETED',
    reason: '',
    sale: keptSale(input),
    total,
    requestHash: saleHash(input),
  };
  try {
    return await idempotent(db, call, async (trx): Promise<ReplayAnswer> => {
      const id = await repo.insertOfflineSale(trx, storeId, kept);
      if (id === undefined) return firstAnswer((await repo.findByClientId(trx, storeId, input.clientId))!, input);
      const number = await repo.lockDeviceNumber(trx, storeId, device.id, input.orderNumber);
      if (!number) throw new NumberRefusal(`Order number ${input.orderNumber} was not reserved by this device`);
      if (number.status !== 'RESERVED') throw new NumberRefusal(`Order number ${input.orderNumber} was already ${number.status === 'USED' ? 'used' : 'reported skipped'}`);
      const orderId = await insertOrder(trx, storeId, input.orderNumber, caller.user.id, soldAt);
      if (orderId === undefined) throw new NumberRefusal(`Order number ${input.orderNumber} is already taken by another order`);
      const submitted = await submitInTransaction(trx, caller, submitInput(orderId, input), null, { at: soldAt, offlineOnly: true });
      await repo.markNumberUsed(trx, storeId, device.id, input.orderNumber);
      await flagOverLimit(trx, caller, device.id, { soldAt, total, orderNumber: input.orderNumber, orderId });
      const answer: ReplayAnswer = { success: true, message: 'Offline sale completed', status: 'COMPLETED', order: submitted.order };
      await repo.saveCompleted(trx, storeId, id, orderId, serialize(answer));
      return answer;
    });
  } catch (error) {
    if (error instanceof NumberRefusal) throw new AppError('CONFLICT', error.message);
    const reason = businessRefusal(error);
    if (reason === null) throw error;
    return keepForAttention(caller, input, { ...kept, status: 'OPEN', reason }, call);
  }
}

/** A number the device may not sell under: the device keeps the sale (409), nothing is stored. */
class NumberRefusal extends Error {}

/** The refused sale kept OPEN with its reason; its number counts as used. */
async function keepForAttention(caller: Caller, input: ReplayInput, kept: repo.NewOfflineSale, call: { storeId: number; procedure: string; input: ReplayInput }): Promise<ReplayAnswer> {
  const { db, storeId } = caller;
  return idempotent(db, call, async (trx): Promise<ReplayAnswer> => {
    const id = await repo.insertOfflineSale(trx, storeId, kept);
    if (id === undefined) return firstAnswer((await repo.findByClientId(trx, storeId, input.clientId))!, input);
    await repo.markNumberUsed(trx, storeId, kept.deviceRowId, input.orderNumber);
    return { success: true, message: "The sale needs a manager's attention", status: 'NEEDS_ATTENTION', attentionId: id, reason: kept.reason };
  });
}

/**
 * The server's check of the offline limits on a sale that reached it: never refused (the
 * money changed hands), but a sale past a limit is recorded in the audit trail with why.
 * What it can know: the device's sales within the hours limit before this one, and how
 * long this one waited.
 */
async function flagOverLimit(trx: Db, caller: Caller, deviceRowId: bigint, sale: { soldAt: Date; total: bigint; orderNumber: string; orderId: bigint }) {
  const settings = await getSettings(trx, caller.storeId);
  const window = await repo.deviceOfflineWindow(trx, caller.storeId, deviceRowId, sale.soldAt, settings.offlineMaxHours);
  const limits = { offlineMaxSales: settings.offlineMaxSales, offlineMaxTotal: settings.offlineMaxTotal, offlineMaxHours: settings.offlineMaxHours };
  const refusal = offlineSaleRefusal(limits, { pending: window.pending, pendingTotal: window.pendingTotal, offlineSince: sale.soldAt }, sale.total, new Date());
  if (refusal === null) return;
  await recordAudit(trx, actorOfCaller(caller), {
    action: 'OFFLINE_SALE_OVER_LIMIT',
    targetType: 'order',
    targetId: sale.orderId,
    after: { orderNumber: sale.orderNumber, total: sale.total, limit: refusal },
  });
}

// ---- needs attention ----------------------------------------------------------------------

/** A kept sale as the list shows it: its lines and payments as the device sent them. */
function shownSale(row: repo.OfflineSaleRow, methodNames: ReadonlyMap<string, string>) {
  const sale = saleOf(row.sale);
  return {
    id: row.id,
    deviceName: row.deviceName,
    orderNumber: row.orderNumber,
    soldAt: row.soldAt,
    cashierName: row.cashierName,
    total: row.total,
    reason: row.reason,
    status: row.status,
    resolvedBy: row.resolvedBy,
    resolvedAt: row.resolvedAt,
    resolution: row.resolution,
    orderId: row.orderId,
    items: sale.items.map((l) => {
      const f = mergeLine(BLANK_LINE, l);
      return { itemNumber: f.itemNumber, itemCode: f.itemCode, description: f.description, quantity: f.quantity, price: f.price, discountPercent: f.discountPercent };
    }),
    payments: sale.payments.map((p) => ({ paymentMethodId: p.paymentMethodId, name: methodNames.get(String(p.paymentMethodId)) ?? `Method ${p.paymentMethodId}`, amount: p.amount })),
  };
}

async function methodNamesOf(db: Db, storeId: number, rows: readonly repo.OfflineSaleRow[]) {
  const ids = new Set<bigint>();
  for (const r of rows) for (const p of saleOf(r.sale).payments) ids.add(BigInt(p.paymentMethodId));
  const methods = await findPaymentMethods(db, storeId, [...ids]);
  return new Map(methods.map((m) => [String(m.id), m.name]));
}

export async function attentionList(caller: Caller) {
  const rows = await repo.attentionSales(caller.db, caller.storeId, RESOLVED_SHOWN);
  const names = await methodNamesOf(caller.db, caller.storeId, rows);
  return { success: true, sales: rows.map((r) => shownSale(r, names)) };
}

/**
 * The lines a manager's override completes: a scanned item that can no longer be sold
 * (sold at another till meanwhile, withdrawn) is sold again as a typed line of its code,
 * description and price, so the sale completes without taking a unit the item has not got.
 */
async function overrideLines(db: Db, storeId: number, items: readonly OfflineSaleLine[]): Promise<{ items: OfflineSaleLine[]; overridden: string[] }> {
  const numbers = items.flatMap((l) => (l.itemNumber ? [l.itemNumber] : []));
  const found = await findItemsByCodes(db, storeId, numbers);
  const overridden: string[] = [];
  const lines: OfflineSaleLine[] = [];
  for (const line of items) {
    const item = line.itemNumber ? found.get(line.itemNumber) : undefined;
    if (!item || (await unsellable(db, storeId, item, BigInt(line.quantity ?? 1))) === null) {
      lines.push(line);
      continue;
    }
    overridden.push(item.itemNumber);
    const { itemNumber: _n, ...typed } = line;
    lines.push({ ...typed, itemCode: item.itemCode ?? '', description: item.description, price: line.price ?? item.price });
  }
  return { items: lines, overridden };
}

/**
 * A manager completes a kept sale anyway (an override, audited with what it overrode) or
 * voids it with a reason (audited). Completing it anyway: sold items sold again as typed
 * lines, a method archived since still taken, the manager approving what needed approval,
 * and on the sale's own business day unless that day was closed (then today's).
 */
export async function resolveSale(caller: Caller, input: ResolveInput) {
  const { db, storeId } = caller;
  const done = await idempotent(db, { storeId, procedure: '/offline/resolve', input }, async (trx) => {
    const row = await repo.lockAttentionSale(trx, storeId, input.id);
    if (!row) throw new AppError('NOT_FOUND', ATTENTION_NOT_FOUND);
    if (row.status !== 'OPEN') throw new AppError('CONFLICT', `This sale was already ${row.status === 'COMPLETED' ? 'completed' : 'voided'}`);
    const actor = actorOfCaller(caller);
    if (input.action === 'VOID') {
      await repo.resolveSale(trx, storeId, row.id, { status: 'VOIDED', by: caller.user.id, resolution: input.reason, orderId: null });
      await recordAudit(trx, actor, { action: 'OFFLINE_SALE_VOID', targetType: 'offlineSale', targetId: row.id, before: { status: 'OPEN', reason: row.reason }, after: { status: 'VOIDED', orderNumber: row.orderNumber, total: row.total, resolution: input.reason } });
      return { id: row.id, message: `Offline sale ${row.orderNumber} voided` };
    }
    const sale = saleOf(row.sale);
    const { items, overridden } = await overrideLines(trx, storeId, sale.items);
    const closed = (await dayOfSaleClosed(trx, storeId, row.soldAt)) ? new Date() : row.soldAt;
    const orderId = await insertOrder(trx, storeId, row.orderNumber, row.cashierId ?? caller.user.id, row.soldAt);
    if (orderId === undefined) throw new AppError('CONFLICT', `Order number ${row.orderNumber} is already taken by another order`);
    const approver = { id: caller.user.id, username: caller.user.username };
    await submitInTransaction(trx, caller, submitInput(orderId, { ...sale, items }), approver, { at: closed, archivedAllowed: true });
    const resolution = input.reason || 'Completed anyway';
    await repo.resolveSale(trx, storeId, row.id, { status: 'COMPLETED', by: caller.user.id, resolution, orderId });
    await recordAudit(trx, actor, {
      action: 'OFFLINE_SALE_COMPLETE',
      targetType: 'offlineSale',
      targetId: row.id,
      before: { status: 'OPEN', reason: row.reason },
      after: { status: 'COMPLETED', orderNumber: row.orderNumber, total: row.total, resolution, overriddenItems: overridden, onDayOfSale: closed === row.soldAt },
    });
    return { id: row.id, message: `Offline sale ${row.orderNumber} completed as order ${row.orderNumber}` };
  });
  const row = await repo.readAttentionSale(db, storeId, done.id);
  return { success: true, message: done.message, sale: shownSale(row, await methodNamesOf(db, storeId, [row])) };
}

/** Whether the business day of `at` was closed (a sale completed anyway then lands on today's). */
async function dayOfSaleClosed(trx: Db, storeId: number, at: Date): Promise<boolean> {
  return (await todayStatus(trx, storeId, at)).closed;
}
