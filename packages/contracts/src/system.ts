import { z } from 'zod';
import { zRole, ZRoleAssignment } from './auth';
import { zDateOut, zIdOut, zPaging } from './wire';

export const ZListPageInput = z.object(zPaging());

export const ZSystemStore = z.object({ id: zIdOut, name: z.string(), timeZone: z.string(), createdAt: zDateOut, userCount: zIdOut });
export const ZListStoresOutput = z.object({ success: z.boolean(), stores: z.array(ZSystemStore), totalStores: zIdOut });

export const ZSystemUser = z.object({ userId: zIdOut, username: z.string(), email: z.string(), createdAt: zDateOut, roles: z.array(ZRoleAssignment) });
export const ZListUsersOutput = z.object({ success: z.boolean(), users: z.array(ZSystemUser), totalUsers: zIdOut });

export { zRole };
