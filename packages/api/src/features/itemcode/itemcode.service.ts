/**
 * Item code rules, each write in one transaction: tags are unique per store
 * case-insensitively (409); a code's vendor must be one of the store's; a new code
 * without a commission takes the store's default commission for its vendor's type, an
 * edited one keeps its own; a monthly rent left out is $0.00 on a new code and kept on an
 * edited one; a code that was sold, is on a stock item or holds ledger entries is
 * archived, not erased.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import type { ItemCodeSaveInput } from '@pos/contracts';
import { defaultCommissionFor } from '@pos/domain';
import { isUniqueViolation } from '../../db-errors';
import { AppError } from '../../errors';
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

async function resolveValues(db: Db, storeId: number, input: ItemCodeSaveInput, previous?: { defaultCommissionPercent: bigint; monthlyRent: bigint }): Promise<repo.ItemCodeValues> {
  const vendor = await vendorHere(db, storeId, input.vendorId);
  const defaultCommissionPercent =
    input.defaultCommissionPercent ?? previous?.defaultCommissionPercent ?? defaultCommissionFor(vendor?.vendorType ?? null, await getSettings(db, storeId));
  return { ...input, defaultCommissionPercent, monthlyRent: input.monthlyRent ?? previous?.monthlyRent ?? 0n };
}

async function saving<T>(tag: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'item_codes_store_tag')) throw tagTaken(tag);
    throw error;
  }
}

export async function addItemCode(db: Db, storeId: number, input: ItemCodeSaveInput) {
  return db.transaction().execute(async (trx) => {
    const values = await resolveValues(trx, storeId, input);
    if (await repo.findItemCodeByTag(trx, storeId, input.tag)) throw tagTaken(input.tag);
    await saving(input.tag, () => repo.insertItemCode(trx, storeId, values));
    return { success: true, message: 'Item code added successfully', itemCodes: await repo.listVendorItemCodes(trx, storeId, input.vendorId) };
  });
}

export async function editItemCode(db: Db, storeId: number, id: number, input: ItemCodeSaveInput) {
  return db.transaction().execute(async (trx) => {
    const existing = await repo.findItemCode(trx, storeId, id);
    if (!existing) throw new AppError('NOT_FOUND', ITEM_CODE_NOT_FOUND);
    const values = await resolveValues(trx, storeId, input, existing);
    const clash = await repo.findItemCodeByTag(trx, storeId, input.tag);
    if (clash && clash.id !== existing.id) throw tagTaken(input.tag);
    await saving(input.tag, () => repo.updateItemCode(trx, storeId, id, values));
    return { success: true, message: 'Item code saved successfully', itemCodes: await repo.listVendorItemCodes(trx, storeId, input.vendorId) };
  });
}

/** The vendor's live item codes, oldest first. */
export async function listCodesOfVendor(db: Db, storeId: number, vendorId: number) {
  await vendorHere(db, storeId, vendorId);
  return { success: true, message: 'OK', itemCodes: await repo.listVendorItemCodes(db, storeId, vendorId) };
}

export async function deleteItemCode(db: Db, storeId: number, id: number) {
  return db.transaction().execute(async (trx) => {
    if (!(await repo.findItemCode(trx, storeId, id))) throw new AppError('NOT_FOUND', ITEM_CODE_NOT_FOUND);
    if (await repo.itemCodeInUse(trx, storeId, id)) await repo.archiveItemCode(trx, storeId, id);
    else await repo.deleteItemCode(trx, storeId, id);
    return { success: true, message: 'Item code deleted successfully' };
  });
}
