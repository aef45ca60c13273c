import { ZListPageInput, ZListStoresOutput, ZListUsersOutput } from '@pos/contracts';
import type { Role } from '@pos/domain';
import { roleProcedure, router, syncOutput } from '../../trpc';
import { countStores, countUsers, listStores, listUsers } from './system.repository';

const adminProcedure = roleProcedure('SST_ADMIN');

export const systemRouter = router({
  storesList: adminProcedure
    .meta({ path: '/system/stores/list' })
    .input(ZListPageInput)
    .output(syncOutput(ZListStoresOutput))
    .query(async ({ ctx, input }) => {
      const [stores, totalStores] = await Promise.all([listStores(ctx.db, input.page, input.pageSize), countStores(ctx.db)]);
      return { success: true, stores: stores.map((s) => ({ ...s, userCount: s.userCount ?? 0n })), totalStores };
    }),
  usersList: adminProcedure
    .meta({ path: '/system/users/list' })
    .input(ZListPageInput)
    .output(syncOutput(ZListUsersOutput))
    .query(async ({ ctx, input }) => {
      const [users, totalUsers] = await Promise.all([listUsers(ctx.db, input.page, input.pageSize), countUsers(ctx.db)]);
      return { success: true, users: users.map((u) => ({ ...u, roles: u.roles.map((r) => ({ ...r, role: r.role as Role })) })), totalUsers };
    }),
});
