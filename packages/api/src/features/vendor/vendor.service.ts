/**
 * Vendors as the API answers them (with their primary contact and live item codes), and
 * deleting one: a vendor whose codes were sold or are on stock items is archived with
 * its codes, never erased; otherwise it and its codes are deleted, in one transaction.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import type { VendorSaveInput, VendorSort } from '@pos/contracts';
import { MESSAGES } from '@pos/domain';
import { AppError } from '../../errors';
import { listItemCodesOfVendors, listVendorItemCodes } from '../itemcode/itemcode.repository';
import * as repo from './vendor.repository';

type Db = Kysely<Database>;
type ItemCodeRow = Awaited<ReturnType<typeof listVendorItemCodes>>[number];

export const VENDOR_NOT_FOUND = 'No such vendor in this store';

function toVendor(row: repo.VendorRow, itemCodes: ItemCodeRow[] = []) {
  return {
    id: row.id,
    tradeName: row.tradeName,
    deductMonthlyRent: row.deductMonthlyRent,
    vendorType: row.vendorType,
    monthlyRent: row.monthlyRent,
    outstandingStatementBalance: row.outstandingStatementBalance,
    primaryContact:
      row.contactName === null || row.contactId === null
        ? null
        : {
            id: row.contactId,
            name: row.contactName,
            email: row.contactEmail ?? '',
            primaryPhone: row.primaryPhone ?? '',
            secondaryPhone: row.secondaryPhone ?? '',
            priority: 1,
          },
    itemCodes,
  };
}

/** One page of the store's live vendors, each with its live item codes, and how many there are. */
export async function listVendorPage(db: Db, storeId: number, input: { page: number; pageSize: number; sort: VendorSort; isAscending: boolean }) {
  const totalVendors = await repo.countVendors(db, storeId);
  const rows = await repo.listVendors(db, storeId, {
    offset: (input.page - 1) * input.pageSize,
    limit: input.pageSize,
    total: totalVendors,
    sort: input.sort,
    ascending: input.isAscending,
  });
  const codes = await listItemCodesOfVendors(db, storeId, rows.map((r) => r.id));
  const codesOf = new Map<bigint | null, ItemCodeRow[]>();
  for (const code of codes) codesOf.set(code.vendorId, [...(codesOf.get(code.vendorId) ?? []), code]);
  return { success: true, vendors: rows.map((r) => toVendor(r, codesOf.get(r.id))), totalVendors };
}

export async function addVendor(db: Db, storeId: number, input: VendorSaveInput) {
  return { success: true, message: 'Vendor added successfully', vendor: toVendor(await repo.insertVendor(db, storeId, input)) };
}

export async function editVendor(db: Db, storeId: number, vendorId: number, input: VendorSaveInput) {
  const row = await repo.updateVendor(db, storeId, vendorId, input);
  if (!row) throw new AppError('NOT_FOUND', VENDOR_NOT_FOUND);
  return { success: true, message: 'Vendor saved successfully', vendor: toVendor(row, await listVendorItemCodes(db, storeId, row.id)) };
}

export async function deleteVendor(db: Db, storeId: number, vendorId: number) {
  return db.transaction().execute(async (trx) => {
    if (!(await repo.findVendor(trx, storeId, vendorId))) throw new AppError('NOT_FOUND', VENDOR_NOT_FOUND);
    const archived = await repo.vendorCodesInUse(trx, storeId, vendorId);
    if (archived) await repo.archiveVendor(trx, storeId, vendorId);
    else await repo.deleteVendor(trx, storeId, vendorId);
    return { success: true, message: MESSAGES.vendorDeleted, archived };
  });
}
