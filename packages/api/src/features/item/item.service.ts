/**
 * Item rules that take more than one statement, each write in one transaction with its
 * movements and audit event: intake (one item or a whole import, all rows or none: an
 * item code must be a live code of the store), edits (a new price is a PRICE movement
 * and flags the tag), withdrawal, tags (printing records the printed price), and selling
 * and returning a scanned line's units; /item/scan (scan.service.ts) answers an item's
 * number first. Every function takes an ItemScope, so a vendor's own screens can call
 * them limited to that vendor's codes (docs/ARCHITECTURE.md, Items).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import {
  ITEM_ROW_FIELDS,
  importRowMessage,
  type AddItemInput,
  type EditItemInput,
  type ItemLabelsInput,
  type ListItemsInput,
  type ZItem,
} from '@pos/contracts';
import type { z } from 'zod';
import { AppError } from '../../errors';
import { recordAudit, type Actor } from '../audit/audit.service';
import { findItemCodesByTags, type ItemCodeRow } from '../itemcode/itemcode.repository';
import { renderItemLabels } from './labels';
import * as repo from './item.repository';

type Db = Kysely<Database>;

/**
 * Who calls: the store and the actor; `vendorId` limits every read and write to the items
 * of that vendor's codes (a vendor's own portal), null or absent for the store's staff.
 */
export interface ItemScope {
  db: Db;
  storeId: number;
  actor: Actor & { userId: bigint };
  vendorId?: bigint | null;
}

export const ITEM_NOT_FOUND = 'No such item in this store';
export const itemSoldMessage = (itemNumber: string, orderNumber: string | undefined) =>
  orderNumber ? `Item ${itemNumber} was sold on order ${orderNumber}` : `Item ${itemNumber} is sold`;
const notActive = (item: { itemNumber: string; status: string }) => `Item ${item.itemNumber} is ${item.status} and can no longer be changed`;

type ItemWire = z.input<typeof ZItem>;

/** An item row as answered. */
export function toItem(row: repo.ItemRow): ItemWire {
  const { itemCodeId: _code, vendorId, vendorName, ...rest } = row;
  return { ...rest, vendor: vendorId !== null ? { id: vendorId, tradeName: vendorName ?? '' } : null };
}

/** The live codes the rows name, each checked against the scope; a problem per row that names an unknown code. */
async function resolveCodes(scope: ItemScope, tags: readonly string[]) {
  const codes = await findItemCodesByTags(scope.db, scope.storeId, tags.filter((t) => t !== ''));
  const problems: string[] = [];
  const resolved = tags.map((tag, i): ItemCodeRow | null => {
    if (tag === '') {
      if (scope.vendorId != null) problems.push(importRowMessage(i + 1, `${ITEM_ROW_FIELDS.itemCode} is required`));
      return null;
    }
    const code = codes.get(tag.toLowerCase());
    if (!code || (scope.vendorId != null && code.vendorId !== scope.vendorId)) {
      problems.push(importRowMessage(i + 1, `${ITEM_ROW_FIELDS.itemCode}: "${tag}" is not an item code of this store`));
      return null;
    }
    return code;
  });
  return { resolved, problems };
}

async function loadItems(db: Db, scope: ItemScope, ids: readonly bigint[]) {
  const rows = await repo.findItems(db, scope.storeId, ids);
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  return ids.map((id) => byId.get(String(id))!);
}

/** Throws 404 unless the item is the store's (and, for a vendor, one of the vendor's). */
function inScope(scope: ItemScope, row: repo.ItemRow | undefined): repo.ItemRow {
  if (!row || (scope.vendorId != null && row.vendorId !== scope.vendorId)) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
  return row;
}

/**
 * Takes in items, all or none: every row's code resolved first (a bad one refuses the
 * whole intake, naming each bad row), then numbers handed out and the items stored with
 * their INTAKE movements, and one audit event.
 */
export async function intakeItems(scope: ItemScope, rows: readonly AddItemInput[], mode: 'ADD' | 'IMPORT') {
  return scope.db.transaction().execute(async (trx) => {
    const t = { ...scope, db: trx };
    const { resolved, problems } = await resolveCodes(t, rows.map((r) => r.itemCode));
    if (problems.length > 0) {
      const message = mode === 'ADD' ? problems[0]!.replace(/^Row 1: /, '') : problems.slice(0, 20).join('; ');
      throw new AppError('BAD_REQUEST', message);
    }
    const numbers = await repo.allocateItemNumbers(trx, scope.storeId, rows.length);
    const ids = await repo.insertItems(
      trx,
      scope.storeId,
      rows.map((r, i) => ({
        itemNumber: numbers[i]!,
        itemCodeId: resolved[i]?.id ?? null,
        description: r.description,
        price: r.price,
        quantity: r.quantity,
        category: r.category,
      })),
      scope.actor.userId,
    );
    const items = await loadItems(trx, scope, ids);
    await recordAudit(trx, scope.actor, {
      action: mode === 'ADD' ? 'ITEM_ADD' : 'ITEM_IMPORT',
      targetType: 'item',
      targetId: mode === 'ADD' ? ids[0]! : `${numbers[0]}-${numbers[numbers.length - 1]}`,
      after:
        mode === 'ADD'
          ? auditedItem(items[0]!)
          : { count: items.length, first: numbers[0], last: numbers[numbers.length - 1], total: items.reduce((sum, i) => sum + i.price * i.quantity, 0n) },
    });
    return items.map(toItem);
  });
}

function auditedItem(row: repo.ItemRow) {
  return { itemNumber: row.itemNumber, itemCode: row.itemCode, description: row.description, price: row.price, quantity: row.quantity, category: row.category, status: row.status };
}

export async function addItem(scope: ItemScope, input: AddItemInput) {
  const [item] = await intakeItems(scope, [input], 'ADD');
  return { success: true, message: `Item ${item!.itemNumber} added`, item: item! };
}

export async function importItems(scope: ItemScope, rows: readonly AddItemInput[]) {
  const items = await intakeItems(scope, rows, 'IMPORT');
  return { success: true, message: `${items.length} items imported`, items };
}

/** Changes an active item's code, description, price or category; a new price is a PRICE movement. */
export async function editItem(scope: ItemScope, input: EditItemInput) {
  return scope.db.transaction().execute(async (trx) => {
    const t = { ...scope, db: trx };
    const [locked] = await repo.lockItems(trx, scope.storeId, [input.itemId]);
    const before = inScope(t, locked && (await repo.findItems(trx, scope.storeId, [locked.id]))[0]);
    if (before.status !== 'ACTIVE') throw new AppError('CONFLICT', notActive(before));
    let itemCodeId: bigint | null | undefined;
    if (input.itemCode !== undefined) {
      const { resolved, problems } = await resolveCodes(t, [input.itemCode]);
      if (problems.length > 0) throw new AppError('BAD_REQUEST', problems[0]!.replace(/^Row 1: /, ''));
      itemCodeId = resolved[0]?.id ?? null;
    }
    await repo.updateItem(trx, scope.storeId, before.id, { itemCodeId, description: input.description, price: input.price, category: input.category });
    const moves: repo.MovementValues[] = [];
    if (input.price !== undefined && input.price !== before.price) {
      moves.push({ itemId: before.id, kind: 'PRICE', quantityDelta: 0n, quantityAfter: before.quantity, priceBefore: before.price, priceAfter: input.price });
    }
    if (itemCodeId !== undefined && itemCodeId !== before.itemCodeId) {
      moves.push({ itemId: before.id, kind: 'ADJUST', quantityDelta: 0n, quantityAfter: before.quantity, note: `Item code ${before.itemCode ?? '(none)'} → ${input.itemCode || '(none)'}` });
    }
    await repo.insertMovements(trx, scope.storeId, moves, scope.actor.userId);
    const [after] = await repo.findItems(trx, scope.storeId, [before.id]);
    const change = changed(auditedItem(before), auditedItem(after!));
    if (change) await recordAudit(trx, scope.actor, { action: 'ITEM_EDIT', targetType: 'item', targetId: before.id, ...change });
    return { success: true, message: `Item ${before.itemNumber} saved`, item: toItem(after!) };
  });
}

/** The fields that differ, the item number kept to name it; null when nothing changed. */
function changed(before: ReturnType<typeof auditedItem>, after: ReturnType<typeof auditedItem>) {
  const keys = (Object.keys(before) as (keyof typeof before)[]).filter((k) => String(before[k]) !== String(after[k]));
  if (keys.length === 0) return null;
  const pick = (v: typeof before) => Object.fromEntries([['itemNumber', v.itemNumber], ...keys.map((k) => [k, v[k]])]) as Record<string, unknown>;
  return { before: pick(before), after: pick(after) };
}

/** Takes active items back to their vendor: none left, WITHDRAWN, a movement each; one audit event. */
export async function withdrawItems(scope: ItemScope, itemIds: readonly number[], reason: string) {
  return scope.db.transaction().execute(async (trx) => {
    const t = { ...scope, db: trx };
    const ids = [...new Set(itemIds.map((id) => BigInt(id)))];
    await repo.lockItems(trx, scope.storeId, ids);
    const items = await repo.findItems(trx, scope.storeId, ids);
    const byId = new Map(items.map((i) => [String(i.id), i]));
    for (const id of ids) {
      const item = inScope(t, byId.get(String(id)));
      if (item.status !== 'ACTIVE') throw new AppError('CONFLICT', notActive(item));
    }
    for (const item of items) await repo.updateItem(trx, scope.storeId, item.id, { quantity: 0n, status: 'WITHDRAWN' });
    await repo.insertMovements(
      trx,
      scope.storeId,
      items.map((i) => ({ itemId: i.id, kind: 'WITHDRAW' as const, quantityDelta: -i.quantity, quantityAfter: 0n, note: reason })),
      scope.actor.userId,
    );
    const asked = items.filter((i) => i.withdrawRequestedAt !== null).map((i) => i.itemNumber);
    await recordAudit(trx, scope.actor, {
      action: 'ITEM_WITHDRAW',
      targetType: 'item',
      targetId: items.map((i) => i.itemNumber).join(','),
      // A withdrawal of items the vendor asked for names them: the manager's confirmation of the request.
      after: { itemNumbers: items.map((i) => i.itemNumber), reason, ...(asked.length > 0 ? { confirmsRequestOf: asked } : {}) },
    });
    const after = await loadItems(trx, scope, ids);
    return { success: true, message: after.length === 1 ? `Item ${after[0]!.itemNumber} withdrawn` : `${after.length} items withdrawn`, items: after.map(toItem) };
  });
}

/**
 * A vendor asks for active items of theirs to be withdrawn: each is marked as asked (with
 * the reason) until a manager withdraws it (/item/withdraw); asking again keeps the first
 * moment and takes the new reason. Any item not active is 409 and nothing changes; one
 * audit event.
 */
export async function requestWithdrawal(scope: ItemScope, itemIds: readonly number[], reason: string) {
  return scope.db.transaction().execute(async (trx) => {
    const t = { ...scope, db: trx };
    const ids = [...new Set(itemIds.map((id) => BigInt(id)))];
    await repo.lockItems(trx, scope.storeId, ids);
    const byId = new Map((await repo.findItems(trx, scope.storeId, ids)).map((i) => [String(i.id), i]));
    const items = ids.map((id) => inScope(t, byId.get(String(id))));
    for (const item of items) if (item.status !== 'ACTIVE') throw new AppError('CONFLICT', notActive(item));
    await repo.markWithdrawRequested(trx, scope.storeId, ids, reason);
    await recordAudit(trx, scope.actor, {
      action: 'ITEM_WITHDRAW_REQUEST',
      targetType: 'item',
      targetId: items.map((i) => i.itemNumber).join(','),
      after: { itemNumbers: items.map((i) => i.itemNumber), reason },
    });
    const after = await loadItems(trx, scope, ids);
    const message = after.length === 1 ? `Withdrawal of item ${after[0]!.itemNumber} asked: the store confirms it` : `Withdrawal of ${after.length} items asked: the store confirms it`;
    return { success: true, message, items: after.map(toItem) };
  });
}

export async function listItems(scope: ItemScope, input: ListItemsInput) {
  let vendorCodes: bigint[] | null = null;
  if (scope.vendorId != null) {
    if (input.vendorId != null && BigInt(input.vendorId) !== scope.vendorId) return { success: true, items: [], next: null };
    vendorCodes = await repo.codesOfVendor(scope.db, scope.storeId, scope.vendorId);
  } else if (input.vendorId != null) {
    vendorCodes = await repo.codesOfVendor(scope.db, scope.storeId, input.vendorId);
  }
  const { items, next } = await repo.listItems(scope.db, scope.storeId, { ...input, vendorCodes });
  return { success: true, items: items.map(toItem), next };
}

export async function fetchItem(scope: ItemScope, itemId: number) {
  const [row] = await repo.findItems(scope.db, scope.storeId, [itemId]);
  const item = inScope(scope, row);
  const movements = await repo.listMovements(scope.db, scope.storeId, item.id);
  return { success: true, item: toItem(item), movements };
}

/**
 * The items' tags as one PDF, in the order given (an id twice prints twice); printing
 * records each item's price as the price on its tag, which clears needs-a-new-tag.
 */
export async function printLabels(scope: ItemScope, input: ItemLabelsInput) {
  const ids = input.itemIds.map((id) => BigInt(id));
  const rows = await repo.findItems(scope.db, scope.storeId, [...new Set(ids)]);
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  const tags = ids.map((id) => inScope(scope, byId.get(String(id))));
  const store = await repo.storeForTags(scope.db, scope.storeId);
  const pdf = await renderItemLabels({
    storeName: store.name,
    timeZone: store.timeZone,
    template: input.template,
    startAt: input.startAt ?? null,
    tags: tags.map((t) => ({ itemNumber: t.itemNumber, price: t.price, itemCode: t.itemCode, description: t.description, intakeDate: t.intakeDate })),
  });
  await repo.markPrinted(scope.db, scope.storeId, rows.map((r) => r.id));
  return {
    filename: `price-tags-${input.template.toLowerCase().replace(/_/g, '-')}.pdf`,
    contentType: 'application/pdf' as const,
    contentBase64: pdf.toString('base64'),
  };
}

// Selling ------------------------------------------------------------------------------

/** Why an item cannot be sold now (409), or null: it is active with units left. */
export async function unsellable(db: Db, storeId: number, item: { id: bigint; itemNumber: string; status: string; quantity: bigint }, wanted = 1n): Promise<string | null> {
  if (item.status === 'WITHDRAWN') return `Item ${item.itemNumber} was withdrawn`;
  if (item.status === 'SOLD' || item.quantity === 0n) return itemSoldMessage(item.itemNumber, await repo.lastSaleOrder(db, storeId, item.id));
  if (item.quantity < wanted) return `Only ${item.quantity} of item ${item.itemNumber} left`;
  return null;
}

/**
 * The items a till's lines name by number (or alias), each checked sellable: an unknown
 * number is 404, a sold or withdrawn item 409 (`Item 10234 was sold on order ORD-1042`),
 * so a sold piece is refused when scanned, before any money is taken.
 */
export async function itemsForLines(db: Db, storeId: number, numbers: readonly string[]): Promise<Map<string, repo.ItemRow>> {
  const found = await repo.findItemsByCodes(db, storeId, numbers);
  for (const n of numbers) {
    const item = found.get(n);
    if (!item) throw new AppError('NOT_FOUND', `No item ${n} in this store`);
    const problem = await unsellable(db, storeId, item);
    if (problem) throw new AppError('CONFLICT', problem);
  }
  return found;
}

/**
 * Takes the units a completing order's lines sell of their items, inside the checkout's
 * transaction: the items locked in id order (concurrent sales of one item take turns),
 * then each checked to have the units (409 otherwise, and the whole checkout rolls
 * back), taken, SOLD when none is left, with a SALE movement naming the order.
 */
export async function sellOrderItems(trx: Db, storeId: number, orderId: bigint, userId: bigint | null): Promise<void> {
  const units = await repo.orderItemUnits(trx, storeId, orderId);
  if (units.length === 0) return;
  const locked = new Map((await repo.lockItems(trx, storeId, units.map((u) => u.itemId))).map((i) => [String(i.id), i]));
  for (const u of units) {
    const item = locked.get(String(u.itemId))!;
    const problem = await unsellable(trx, storeId, item, u.quantity);
    if (problem) throw new AppError('CONFLICT', problem);
  }
  const moves: repo.MovementValues[] = [];
  for (const u of units) {
    const item = locked.get(String(u.itemId))!;
    const after = item.quantity - u.quantity;
    await repo.updateItem(trx, storeId, item.id, { quantity: after, status: after === 0n ? 'SOLD' : 'ACTIVE' });
    moves.push({ itemId: item.id, kind: 'SALE', quantityDelta: -u.quantity, quantityAfter: after, orderId });
  }
  await repo.insertMovements(trx, storeId, moves, userId);
}

/** Puts refunded units of bound lines back on their items, ACTIVE again, with a REFUND movement each. */
export async function returnOrderItems(
  trx: Db,
  storeId: number,
  orderId: bigint,
  lines: readonly { orderLineId: bigint; quantity: bigint }[],
  note: string,
  userId: bigint | null,
): Promise<void> {
  const units = await repo.orderItemUnits(trx, storeId, orderId, lines);
  if (units.length === 0) return;
  const locked = new Map((await repo.lockItems(trx, storeId, units.map((u) => u.itemId))).map((i) => [String(i.id), i]));
  const moves: repo.MovementValues[] = [];
  for (const u of units) {
    const item = locked.get(String(u.itemId))!;
    const after = item.quantity + u.quantity;
    await repo.updateItem(trx, storeId, item.id, { quantity: after, status: 'ACTIVE' });
    moves.push({ itemId: item.id, kind: 'REFUND', quantityDelta: u.quantity, quantityAfter: after, orderId, note });
  }
  await repo.insertMovements(trx, storeId, moves, userId);
}
