/**
 * /store/fetch-settings, /store/update-settings and /store/payment/*: reading for
 * STORE_STAFF and above (the order screen needs the taxes), changing for STORE_MANAGER
 * and above; /store/fetch-time-zone for every role of the store (times on every screen); each change is recorded in the audit trail (/store/audit/*).
 */
import {
  ZCreatePaymentMethodInput,
  ZDeletePaymentMethodInput,
  ZDeletePaymentMethodOutput,
  ZEmptyInput,
  ZListPaymentMethodsOutput,
  ZPaymentMethodOutput,
  ZSettingsOutput,
  ZTimeZoneOutput,
  ZUpdatePaymentMethodInput,
  ZUpdateSettingsInput,
} from '@pos/contracts';
import { memberProcedure, roleProcedure, router, syncOutput } from '../../trpc';
import { inventoryRouter } from '../inventory/inventory.router';
import { itemCodeRouter } from '../itemcode/itemcode.router';
import * as repo from './store.repository';
import { actorOf } from '../audit/audit.service';
import { auditRouter } from '../audit/audit.router';
import { createPaymentMethod, deletePaymentMethod, updatePaymentMethod, updateSettings } from './store.service';

const readProcedure = roleProcedure('STORE_STAFF');
const writeProcedure = roleProcedure('STORE_MANAGER');

export const storeRouter = router({
  fetchSettings: readProcedure
    .meta({ path: '/store/fetch-settings' })
    .input(ZEmptyInput)
    .output(syncOutput(ZSettingsOutput))
    .query(async ({ ctx }) => ({ success: true, message: 'OK', statusCode: 200, ...(await repo.getSettings(ctx.db, ctx.storeId)) })),

  fetchTimeZone: memberProcedure
    .meta({ path: '/store/fetch-time-zone' })
    .input(ZEmptyInput)
    .output(syncOutput(ZTimeZoneOutput))
    .query(async ({ ctx }) => ({ success: true, timeZone: await repo.getTimeZone(ctx.db, ctx.storeId) })),

  updateSettings: writeProcedure
    .meta({ path: '/store/update-settings' })
    .input(ZUpdateSettingsInput)
    .output(syncOutput(ZSettingsOutput))
    .mutation(({ ctx, input }) => updateSettings(ctx.db, actorOf(ctx), input)),

  payment: router({
    list: readProcedure
      .meta({ path: '/store/payment/list' })
      .input(ZEmptyInput)
      .output(syncOutput(ZListPaymentMethodsOutput))
      .query(async ({ ctx }) => {
        const [paymentMethods, storeUpdatedAt] = await Promise.all([
          repo.listPaymentMethods(ctx.db, ctx.storeId),
          repo.getStoreUpdatedAt(ctx.db, ctx.storeId),
        ]);
        return { success: true, paymentMethods, storeUpdatedAt };
      }),

    create: writeProcedure
      .meta({ path: '/store/payment/create' })
      .input(ZCreatePaymentMethodInput)
      .output(syncOutput(ZPaymentMethodOutput))
      .mutation(({ ctx, input }) => createPaymentMethod(ctx.db, actorOf(ctx), input)),

    update: writeProcedure
      .meta({ path: '/store/payment/update' })
      .input(ZUpdatePaymentMethodInput)
      .output(syncOutput(ZPaymentMethodOutput))
      .mutation(({ ctx, input }) => updatePaymentMethod(ctx.db, actorOf(ctx), input.id, input)),

    delete: writeProcedure
      .meta({ path: '/store/payment/delete' })
      .input(ZDeletePaymentMethodInput)
      .output(syncOutput(ZDeletePaymentMethodOutput))
      .mutation(({ ctx, input }) => deletePaymentMethod(ctx.db, actorOf(ctx), input.id)),
  }),

  itemcode: itemCodeRouter,
  inventory: inventoryRouter,
  audit: auditRouter,
});
