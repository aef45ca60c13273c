/**
 * Vendors as the API answers them (with their primary contact and live item codes),
 * saving and deleting one, each change in one transaction with its audit event. Staff
 * add vendors with the store's defaults and change no money setting of a saved one
 * (vendorMoneyRefusal, 403). A vendor whose balance is not zero is neither deleted nor
 * archived (400); one whose codes were sold or are on stock items, or with ledger
 * entries, is archived with its codes, never erased; otherwise it and its codes are
 * deleted. docs/SETTLEMENT.md, Vendor money settings.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import type { VendorSaveInput, VendorSort } from '@pos/contracts';
import { MESSAGES, vendorDeleteProblem, vendorMoneyRefusal, type VendorMoneySettings } from '@pos/domain';
import { AppError } from '../../errors';
import { changedFields, recordAudit, type Actor, type StoreActor } from '../audit/audit.service';
import { keepVendorSlugs } from '../books/books.service';
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
    booth: row.booth,
    mailingAddress: row.mailingAddress,
    taxId: row.taxId,
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
export async function listVendorPage(db: Db, storeId: number, input: { page: number; pageSize: number; sort: VendorSort; isAscending: boolean; search?: string }) {
  const page = { offset: (input.page - 1) * input.pageSize, limit: input.pageSize, sort: input.sort, ascending: input.isAscending };
  const search = input.search ?? '';
  let rows: repo.VendorRow[];
  let totalVendors: bigint;
  if (search === '') {
    totalVendors = await repo.countVendors(db, storeId);
    rows = await repo.listVendors(db, storeId, { ...page, total: totalVendors });
  } else {
    ({ rows, total: totalVendors } = await repo.searchVendors(db, storeId, search, page));
  }
  const codes = await listItemCodesOfVendors(db, storeId, rows.map((r) => r.id));
  const codesOf = new Map<bigint | null, ItemCodeRow[]>();
  for (const code of codes) codesOf.set(code.vendorId, [...(codesOf.get(code.vendorId) ?? []), code]);
  return { success: true, vendors: rows.map((r) => toVendor(r, codesOf.get(r.id))), totalVendors };
}

/** A vendor as the audit trail records it (its id is the event's target). */
function auditedVendor(row: repo.VendorRow) {
  return {
    tradeName: row.tradeName,
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    primaryPhone: row.primaryPhone,
    secondaryPhone: row.secondaryPhone,
    vendorType: row.vendorType,
    monthlyRent: row.monthlyRent,
    deductMonthlyRent: row.deductMonthlyRent,
    booth: row.booth,
    mailingAddress: row.mailingAddress,
    taxId: row.taxId,
  };
}

/** The money settings a save leaves the vendor with: a Vendor Type or Monthly Rent left out keeps the saved one (the defaults for a new vendor). */
function moneyAfter(input: VendorSaveInput, saved: VendorMoneySettings | null): VendorMoneySettings {
  return {
    vendorType: input.vendorType ?? saved?.vendorType ?? 'VENDOR',
    monthlyRent: input.monthlyRent ?? saved?.monthlyRent ?? 0n,
    deductMonthlyRent: input.deductMonthlyRent,
  };
}

function assertMayChangeMoney(actor: StoreActor, saved: VendorMoneySettings | null, input: VendorSaveInput) {
  const refusal = vendorMoneyRefusal(actor.role, saved, moneyAfter(input, saved));
  if (refusal) throw new AppError('FORBIDDEN', refusal);
}

export async function addVendor(db: Db, actor: StoreActor, input: VendorSaveInput) {
  assertMayChangeMoney(actor, null, input);
  return db.transaction().execute(async (trx) => {
    const row = await repo.insertVendor(trx, actor.storeId, input);
    await keepVendorSlugs(trx, actor.storeId);
    await recordAudit(trx, actor, { action: 'VENDOR_CREATE', targetType: 'vendor', targetId: row.id, after: auditedVendor(row) });
    return { success: true, message: 'Vendor added successfully', vendor: toVendor(row) };
  });
}

/** A whole save; the event names the fields that changed, and the trade name on both sides. */
export async function editVendor(db: Db, actor: StoreActor, vendorId: number, input: VendorSaveInput) {
  return db.transaction().execute(async (trx) => {
    const before = await repo.findVendor(trx, actor.storeId, vendorId, { forUpdate: true });
    if (!before) throw new AppError('NOT_FOUND', VENDOR_NOT_FOUND);
    assertMayChangeMoney(actor, before, input);
    const row = await repo.updateVendor(trx, actor.storeId, vendorId, input);
    if (!row) throw new AppError('NOT_FOUND', VENDOR_NOT_FOUND);
    if (row.tradeName !== before.tradeName) await keepVendorSlugs(trx, actor.storeId);
    await recordAudit(trx, actor, { action: 'VENDOR_UPDATE', targetType: 'vendor', targetId: row.id, ...changedFields(auditedVendor(before), auditedVendor(row), ['tradeName']) });
    return { success: true, message: 'Vendor saved successfully', vendor: toVendor(row, await listVendorItemCodes(trx, actor.storeId, row.id)) };
  });
}

/** One live vendor of the caller's store, with its live item codes. */
export async function fetchVendor(db: Db, storeId: number, vendorId: number) {
  const row = await repo.findVendor(db, storeId, vendorId);
  if (!row) throw new AppError('NOT_FOUND', VENDOR_NOT_FOUND);
  return { success: true, vendor: toVendor(row, await listVendorItemCodes(db, storeId, row.id)) };
}

/** Deletes or archives the vendor (who may is the router's: STORE_MANAGER and above); the event keeps the vendor as it was and its live codes' tags. */
export async function deleteVendor(db: Db, actor: Actor, vendorId: number) {
  return db.transaction().execute(async (trx) => {
    const vendor = await repo.findVendor(trx, actor.storeId, vendorId, { forUpdate: true });
    if (!vendor) throw new AppError('NOT_FOUND', VENDOR_NOT_FOUND);
    const problem = vendorDeleteProblem(vendor.outstandingStatementBalance);
    if (problem) throw new AppError('BAD_REQUEST', problem);
    const itemCodes = (await listVendorItemCodes(trx, actor.storeId, vendorId)).map((c) => c.tag);
    const archived = await repo.vendorCodesInUse(trx, actor.storeId, vendorId);
    if (archived) await repo.archiveVendor(trx, actor.storeId, vendorId);
    else await repo.deleteVendor(trx, actor.storeId, vendorId);
    await recordAudit(trx, actor, {
      action: archived ? 'VENDOR_ARCHIVE' : 'VENDOR_DELETE',
      targetType: 'vendor',
      targetId: vendorId,
      before: { ...auditedVendor(vendor), balance: vendor.outstandingStatementBalance, itemCodes },
    });
    return { success: true, message: MESSAGES.vendorDeleted, archived };
  });
}
