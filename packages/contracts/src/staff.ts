import { z } from 'zod';
import { zEmail, zNewPassword, zStoreRole, zUsername } from './auth';
import { zId, zIdOut, zText } from './wire';
import { zRole } from './auth';

export const ZStaffMember = z.object({ userId: zIdOut, username: z.string(), email: z.string(), roles: z.array(zRole) });
export type StaffMember = z.output<typeof ZStaffMember>;

export const ZListStaffOutput = z.object({ success: z.boolean(), staff: z.array(ZStaffMember) });
export const ZAddStaffInput = z.object({ username: zUsername, email: zEmail, password: zNewPassword(), staffRole: zStoreRole });
export const ZAssignStaffInput = z.object({ usernameOrEmail: zText('Username or e-mail', 254), staffRole: zStoreRole });
export const ZRevokeStaffInput = z.object({ userId: zId, staffRole: zStoreRole });
export const ZStaffChangeOutput = z.object({ success: z.boolean(), message: z.string(), member: ZStaffMember.nullable() });
