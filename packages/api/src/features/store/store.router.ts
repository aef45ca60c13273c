/**
 * /store/fetch-settings, /store/update-settings and /store/payment/*: reading for
 * STORE_STAFF and above (the order screen needs the taxes), changing for STORE_MANAGER
 * and above (CONTRACT 2).
 */
import {
  ZCreatePaymentMethodInput,
  ZDeletePaymentMethodInput,
  ZDeletePaymentMethodOutput,
  ZEmptyInput,
  ZListPaymentMethodsOutput,
  ZPaymentMethodOutput,
  ZSettingsOutput,
  ZUpdatePaymentMethodInput,
  ZUpdateSettingsInput,
} from '@pos/contracts';
import { MESSAGES } from '@pos/domain';
import { AppError } from '../../errors';
import { roleProcedure, router } from '../../trpc';
import { inventoryRouter } from '../inventory/inventory.router';
import { itemCodeRouter } from '../itemcode/itemcode.router';
import * as repo from './store.repository';

const readProcedure = roleProcedure('STORE_STAFF');
const writeProcedure = roleProcedure('STORE_MANAGER');
const NOT_FOUND = 'No such payment method in this store';

export const storeRouter = router({
  fetchSettings: readProcedure
    .meta({ path: '/store/fetch-settings' })
    .input(ZEmptyInput)
    .output(ZSettingsOutput)
    .query(async ({ ctx }) => ({ success: true, message: 'OK', statusCode: 200, ...(await repo.getSettings(ctx.db, ctx.storeId)) })),

  updateSettings: writeProcedure
    .meta({ path: '/store/update-settings' })
    .input(ZUpdateSettingsInput)
    .output(ZSettingsOutput)
    .mutation(async ({ ctx, input }) => ({
      success: true,
      message: MESSAGES.settingsUpdated,
      statusCode: 200,
      ...(await repo.updateSettings(ctx.db, ctx.storeId, input)),
    })),

  payment: router({
    list: readProcedure
      .meta({ path: '/store/payment/list' })
      .input(ZEmptyInput)
      .output(ZListPaymentMethodsOutput)
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
      .output(ZPaymentMethodOutput)
      .mutation(({ ctx, input }) =>
        ctx.db.transaction().execute(async (trx) => {
          const paymentMethod = await repo.insertPaymentMethod(trx, ctx.storeId, input);
          const storeUpdatedAt = await repo.touchStore(trx, ctx.storeId);
          return { success: true, message: MESSAGES.paymentMethodAdded, paymentMethod, storeUpdatedAt };
        }),
      ),

    update: writeProcedure
      .meta({ path: '/store/payment/update' })
      .input(ZUpdatePaymentMethodInput)
      .output(ZPaymentMethodOutput)
      .mutation(({ ctx, input }) =>
        ctx.db.transaction().execute(async (trx) => {
          const paymentMethod = await repo.updatePaymentMethod(trx, ctx.storeId, input.id, input);
          if (!paymentMethod) throw new AppError('NOT_FOUND', NOT_FOUND);
          const storeUpdatedAt = await repo.touchStore(trx, ctx.storeId);
          return { success: true, message: MESSAGES.paymentMethodUpdated, paymentMethod, storeUpdatedAt };
        }),
      ),

    delete: writeProcedure
      .meta({ path: '/store/payment/delete' })
      .input(ZDeletePaymentMethodInput)
      .output(ZDeletePaymentMethodOutput)
      .mutation(({ ctx, input }) =>
        ctx.db.transaction().execute(async (trx) => {
          if (!(await repo.archivePaymentMethod(trx, ctx.storeId, input.id))) throw new AppError('NOT_FOUND', NOT_FOUND);
          const storeUpdatedAt = await repo.touchStore(trx, ctx.storeId);
          return { success: true, message: MESSAGES.paymentMethodDeleted, storeUpdatedAt };
        }),
      ),
  }),

  itemcode: itemCodeRouter,
  inventory: inventoryRouter,
});
