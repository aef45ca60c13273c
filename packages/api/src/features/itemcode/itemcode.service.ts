/**
 * Item code rules, each write in one transaction: tags are unique per store
 * case-insensitively (409); a code's vendor must be one of the store's; a new code
 * without a commission takes the store's default commission for its vendor's type, an
 * edited one keeps its own; a monthly rent left out is $0.00 on a new code and kept on an
 * edited one; a code that was sold, is on a stock item or holds ledger entries is
 * archived, not erased. Staff add codes with the store's defaults (of any vendor) and
 * change no money setting of a saved code (itemCodeMoneyRefusal, 403; docs/SETTLEMENT.md,
 * Vendor money settings). Every change writes its audit event in its transaction.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import type { ItemCodeSaveInput } from '@pos/contracts';
import { defaultCommissionFor, itemCodeMoneyRefusal, newItemCodeMoney, type ItemCodeMoneySettings } from '@pos/domain';
import { isUniqueViolation } from '../../db-errors';
import { AppError } from '../../errors';
import { changedFields, recordAudit, type Actor, type StoreActor } from '../audit/audit.service';
import { getSettings } from '../store/store.repository';
import { findVendor } from '../vendor/vendor.repository';
import { VENDOR_NOT_FOUND } from '../vendor/vendor.service';
import * as repo from './itemcode.repository';

type Db = Kysely<Database>;

export const ITEM_CODE_NOT_FOUND = 'No such item code in this store';

function tagTaken(tag: string) {
  return new AppError('CONFLICT', `Tag "${tag}" is already used in this store`);
}

/** The code's vendor (404 when it is not one of the store's live vendors), or null for a code of no vendor. */
async function vendorHere(db: Db, storeId: number, vendorId: number | null) {
  if (vendorId === null) return null;
  const vendor = await findVendor(db, storeId, vendorId);
  if (!vendor) throw new AppError('NOT_FOUND', VENDOR_NOT_FOUND);
  return vendor;
}

/** The code's values as saved: a commission left out is the saved one, else the store's default for the vendor's type; a rent left out the saved one, else $0.00. */
async function resolveValues(db: Db, storeId: number, input: ItemCodeSaveInput, previous?: { defaultCommissionPercent: bigint; monthlyRent: bigint }) {
  const vendor = await vendorHere(db, storeId, input.vendorId);
  const storeDefault = defaultCommissionFor(vendor?.vendorType ?? null, await getSettings(db, storeId));
  const values: repo.ItemCodeValues = {
    ...input,
    defaultCommissionPercent: input.defaultCommissionPercent ?? previous?.defaultCommissionPercent ?? storeDefault,
    monthlyRent: input.monthlyRent ?? previous?.monthlyRent ?? 0n,
  };
  return { values, vendor: vendor ?? null, storeDefault };
}

function moneyOf(v: { vendorId: number | bigint | null } & Omit<ItemCodeMoneySettings, 'vendorId'>): ItemCodeMoneySettings {
  return {
    vendorId: v.vendorId === null ? null : BigInt(v.vendorId),
    defaultCommissionPercent: v.defaultCommissionPercent,
    receivesSeparateStatement: v.receivesSeparateStatement,
    proportionalCcFee: v.proportionalCcFee,
    deductMonthlyRentOverride: v.deductMonthlyRentOverride,
    monthlyRent: v.monthlyRent,
  };
}

function assertMayChangeMoney(actor: StoreActor, before: ItemCodeMoneySettings, values: repo.ItemCodeValues, adding: boolean) {
  const refusal = itemCodeMoneyRefusal(actor.role, before, moneyOf(values), adding);
  if (refusal) throw new AppError('FORBIDDEN', refusal);
}

/** A code as the audit trail records it (its id is the event's target), with its vendor's trade name. */
function auditedCode(code: Omit<repo.ItemCodeRow, 'id'>, vendor: string | null) {
  return {
    tag: code.tag,
    vendorId: code.vendorId,
    vendor,
    warnOnNoControlCode: code.warnOnNoControlCode,
    defaultCommissionPercent: code.defaultCommissionPercent,
    receivesSeparateStatement: code.receivesSeparateStatement,
    proportionalCcFee: code.proportionalCcFee,
    deductMonthlyRentOverride: code.deductMonthlyRentOverride,
    monthlyRent: code.monthlyRent,
  };
}

/** The trade name of the code's vendor, or null for a code of no vendor. */
async function vendorName(db: Db, storeId: number, vendorId: bigint | null): Promise<string | null> {
  return vendorId === null ? null : ((await findVendor(db, storeId, vendorId))?.tradeName ?? null);
}

async function saving<T>(tag: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'item_codes_store_tag')) throw tagTaken(tag);
    throw error;
  }
}

export async function addItemCode(db: Db, actor: StoreActor, input: ItemCodeSaveInput) {
  return db.transaction().execute(async (trx) => {
    const { values, vendor, storeDefault } = await resolveValues(trx, actor.storeId, input);
    assertMayChangeMoney(actor, newItemCodeMoney(vendor?.id ?? null, storeDefault), values, true);
    if (await repo.findItemCodeByTag(trx, actor.storeId, input.tag)) throw tagTaken(input.tag);
    const code = await saving(input.tag, () => repo.insertItemCode(trx, actor.storeId, values));
    await recordAudit(trx, actor, { action: 'ITEM_CODE_CREATE', targetType: 'itemCode', targetId: code.id, after: auditedCode(code, vendor?.tradeName ?? null) });
    return { success: true, message: 'Item code added successfully', itemCodes: await repo.listVendorItemCodes(trx, actor.storeId, input.vendorId) };
  });
}

/** A whole save; the event names the fields that changed, and the tag on both sides. */
export async function editItemCode(db: Db, actor: StoreActor, id: number, input: ItemCodeSaveInput) {
  return db.transaction().execute(async (trx) => {
    const existing = await repo.findItemCode(trx, actor.storeId, id, { forUpdate: true });
    if (!existing) throw new AppError('NOT_FOUND', ITEM_CODE_NOT_FOUND);
    const { values, vendor } = await resolveValues(trx, actor.storeId, input, existing);
    assertMayChangeMoney(actor, moneyOf(existing), values, false);
    const clash = await repo.findItemCodeByTag(trx, actor.storeId, input.tag);
    if (clash && clash.id !== existing.id) throw tagTaken(input.tag);
    const saved = await saving(input.tag, () => repo.updateItemCode(trx, actor.storeId, id, values));
    if (!saved) throw new AppError('NOT_FOUND', ITEM_CODE_NOT_FOUND);
    const before = auditedCode(existing, await vendorName(trx, actor.storeId, existing.vendorId));
    await recordAudit(trx, actor, { action: 'ITEM_CODE_UPDATE', targetType: 'itemCode', targetId: id, ...changedFields(before, auditedCode(saved, vendor?.tradeName ?? null), ['tag']) });
    return { success: true, message: 'Item code saved successfully', itemCodes: await repo.listVendorItemCodes(trx, actor.storeId, input.vendorId) };
  });
}

/** The vendor's live item codes, oldest first. */
export async function listCodesOfVendor(db: Db, storeId: number, vendorId: number) {
  await vendorHere(db, storeId, vendorId);
  return { success: true, message: 'OK', itemCodes: await repo.listVendorItemCodes(db, storeId, vendorId) };
}

/** Deletes the code, or archives one in use; the event keeps the code as it was. */
export async function deleteItemCode(db: Db, actor: Actor, id: number) {
  return db.transaction().execute(async (trx) => {
    const code = await repo.findItemCode(trx, actor.storeId, id, { forUpdate: true });
    if (!code) throw new AppError('NOT_FOUND', ITEM_CODE_NOT_FOUND);
    const archived = await repo.itemCodeInUse(trx, actor.storeId, id);
    if (archived) await repo.archiveItemCode(trx, actor.storeId, id);
    else await repo.deleteItemCode(trx, actor.storeId, id);
    await recordAudit(trx, actor, {
      action: archived ? 'ITEM_CODE_ARCHIVE' : 'ITEM_CODE_DELETE',
      targetType: 'itemCode',
      targetId: id,
      before: auditedCode(code, await vendorName(trx, actor.storeId, code.vendorId)),
    });
    return { success: true, message: 'Item code deleted successfully' };
  });
}
