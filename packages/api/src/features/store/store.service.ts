/**
 * Settings and payment method changes: each moves the store's storeUpdatedAt forward
 * and records its audit event in the same transaction, so a till holding older settings
 * knows to refresh and every committed change has exactly one event. A payment method
 * is archived, never erased (orders may refer to it).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import type { UpdateSettingsInput } from '@pos/contracts';
import { MESSAGES } from '@pos/domain';
import { AppError } from '../../errors';
import { changedFields, recordAudit, type Actor } from '../audit/audit.service';
import * as repo from './store.repository';

type Db = Kysely<Database>;

export const PAYMENT_METHOD_NOT_FOUND = 'No such payment method in this store';
export const CASH_NOT_DELETABLE = "The Cash method cannot be deleted: it is the store's default tender";
export const CASH_TAKES_NO_FEES = 'The Cash method has no fees, no minimum amount and no manager approval';
export const APPROVAL_NOT_OFFLINE = "A payment method that needs a manager's approval cannot be taken offline";

/** A method that needs a manager's approval is never taken offline (no manager can approve at a till with no network). */
function assertOfflineAllowed(v: repo.PaymentMethodValues) {
  if (v.offlineAllowed && v.requiresManagerApproval) throw new AppError('BAD_REQUEST', APPROVAL_NOT_OFFLINE);
}

/** The Cash method keeps its fees, minimum and approval at zero; only its name may change. */
function assertCashPlain(v: repo.PaymentMethodValues) {
  if (v.vendorFeePercent !== 0n || v.customerFeePercent !== 0n || v.customerFeeAmount !== 0n || v.minimumAmount !== 0n || v.requiresManagerApproval) {
    throw new AppError('BAD_REQUEST', CASH_TAKES_NO_FEES);
  }
}

/** The settings as the audit trail records them: every field of the settings but the time of the change. */
function auditedSettings({ storeUpdatedAt: _at, ...settings }: Awaited<ReturnType<typeof repo.getSettings>>) {
  return settings;
}

/** Saves the settings; the event names only the fields that changed, before and after. */
export async function updateSettings(db: Db, actor: Actor, input: UpdateSettingsInput) {
  return db.transaction().execute(async (trx) => {
    const before = await repo.getSettings(trx, actor.storeId, { forUpdate: true });
    const saved = await repo.updateSettings(trx, actor.storeId, input);
    await recordAudit(trx, actor, { action: 'SETTINGS_UPDATE', targetType: 'store', targetId: actor.storeId, ...changedFields(auditedSettings(before), auditedSettings(saved)) });
    return { success: true, message: MESSAGES.settingsUpdated, statusCode: 200, ...saved };
  });
}

/** A payment method as the audit trail records it (its id is the event's target). */
function auditedMethod({ id: _id, isCash: _isCash, ...method }: repo.PaymentMethodValues & { id: bigint; isCash: boolean }) {
  return method;
}

export async function createPaymentMethod(db: Db, actor: Actor, input: repo.PaymentMethodValues) {
  assertOfflineAllowed(input);
  return db.transaction().execute(async (trx) => {
    const paymentMethod = await repo.insertPaymentMethod(trx, actor.storeId, input);
    const storeUpdatedAt = await repo.touchStore(trx, actor.storeId);
    await recordAudit(trx, actor, { action: 'PAYMENT_METHOD_CREATE', targetType: 'paymentMethod', targetId: paymentMethod.id, after: auditedMethod(paymentMethod) });
    return { success: true, message: MESSAGES.paymentMethodAdded, paymentMethod, storeUpdatedAt };
  });
}

/** A whole save; the event names the fields that changed, and the method's name on both sides. */
export async function updatePaymentMethod(db: Db, actor: Actor, id: number, input: repo.PaymentMethodValues) {
  return db.transaction().execute(async (trx) => {
    const before = await repo.lockPaymentMethod(trx, actor.storeId, id);
    if (!before) throw new AppError('NOT_FOUND', PAYMENT_METHOD_NOT_FOUND);
    if (before.isCash) assertCashPlain(input);
    else assertOfflineAllowed(input);
    const paymentMethod = await repo.updatePaymentMethod(trx, actor.storeId, id, input);
    if (!paymentMethod) throw new AppError('NOT_FOUND', PAYMENT_METHOD_NOT_FOUND);
    const storeUpdatedAt = await repo.touchStore(trx, actor.storeId);
    await recordAudit(trx, actor, {
      action: 'PAYMENT_METHOD_UPDATE',
      targetType: 'paymentMethod',
      targetId: id,
      ...changedFields(auditedMethod(before), auditedMethod(paymentMethod), ['name']),
    });
    return { success: true, message: MESSAGES.paymentMethodUpdated, paymentMethod, storeUpdatedAt };
  });
}

export async function deletePaymentMethod(db: Db, actor: Actor, id: number) {
  return db.transaction().execute(async (trx) => {
    const before = await repo.lockPaymentMethod(trx, actor.storeId, id);
    if (before?.isCash) throw new AppError('BAD_REQUEST', CASH_NOT_DELETABLE);
    const archived = await repo.archivePaymentMethod(trx, actor.storeId, id);
    if (!archived) throw new AppError('NOT_FOUND', PAYMENT_METHOD_NOT_FOUND);
    const storeUpdatedAt = await repo.touchStore(trx, actor.storeId);
    await recordAudit(trx, actor, { action: 'PAYMENT_METHOD_DELETE', targetType: 'paymentMethod', targetId: id, before: auditedMethod(archived) });
    return { success: true, message: MESSAGES.paymentMethodDeleted, storeUpdatedAt };
  });
}
