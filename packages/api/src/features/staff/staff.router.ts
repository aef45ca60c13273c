import {
  ZAddStaffInput,
  ZAddStoreInput,
  ZAddStoreOutput,
  ZAssignStaffInput,
  ZEmptyInput,
  ZLeaveStoreInput,
  ZLeaveStoreOutput,
  ZListStaffOutput,
  ZResetStaffPasswordInput,
  ZRevokeStaffInput,
  ZSetStaffDisabledInput,
  ZStaffChangeOutput,
} from '@pos/contracts';
import { authedProcedure, roleProcedure, router, syncOutput } from '../../trpc';
import { listStaff } from './staff.repository';
import { addStaff, addStore, assignStaff, leaveStore, resetStaffPassword, revokeStaff, setStaffDisabled } from './staff.service';

const managerProcedure = roleProcedure('STORE_MANAGER');
const ownerProcedure = roleProcedure('STORE_OWNER');

export const staffRouter = router({
  list: managerProcedure
    .meta({ path: '/store/staff/list' })
    .input(ZEmptyInput)
    .output(syncOutput(ZListStaffOutput))
    .query(async ({ ctx }) => ({ success: true, staff: await listStaff(ctx.db, ctx.storeId) })),
  add: managerProcedure
    .meta({ path: '/store/staff/add' })
    .input(ZAddStaffInput)
    .output(syncOutput(ZStaffChangeOutput))
    .mutation(({ ctx, input }) => addStaff(ctx, input)),
  assign: managerProcedure
    .meta({ path: '/store/staff/assign' })
    .input(ZAssignStaffInput)
    .output(syncOutput(ZStaffChangeOutput))
    .mutation(({ ctx, input }) => assignStaff(ctx, input)),
  revoke: managerProcedure
    .meta({ path: '/store/staff/revoke' })
    .input(ZRevokeStaffInput)
    .output(syncOutput(ZStaffChangeOutput))
    .mutation(({ ctx, input }) => revokeStaff(ctx, input)),
  resetPassword: managerProcedure
    .meta({ path: '/store/staff/reset-password' })
    .input(ZResetStaffPasswordInput)
    .output(syncOutput(ZStaffChangeOutput))
    .mutation(({ ctx, input }) => resetStaffPassword(ctx, input)),
  setDisabled: managerProcedure
    .meta({ path: '/store/staff/set-disabled' })
    .input(ZSetStaffDisabledInput)
    .output(syncOutput(ZStaffChangeOutput))
    .mutation(({ ctx, input }) => setStaffDisabled(ctx, input)),
  /** Any signed-in user gives up a store role of their own (not the store's last owner). */
  leave: authedProcedure
    .meta({ path: '/account/leave-store' })
    .input(ZLeaveStoreInput)
    .output(syncOutput(ZLeaveStoreOutput))
    .mutation(({ ctx, input }) => leaveStore(ctx, input)),
  /** An owner, acting in one of their stores, opens another and owns it. */
  addStore: ownerProcedure
    .meta({ path: '/account/add-store' })
    .input(ZAddStoreInput)
    .output(syncOutput(ZAddStoreOutput))
    .mutation(({ ctx, input }) => addStore(ctx, input)),
});
