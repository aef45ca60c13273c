import { z } from 'zod';
import { zEmail, zNewPassword, zRole, ZRoleAssignment, zStoreRole, zUsername } from './auth';
import { zId, zIdOut, zText } from './wire';

export const ZStaffMember = z.object({
  userId: zIdOut,
  username: z.string(),
  email: z.string(),
  roles: z.array(zRole),
  /** Disabled by a manager: cannot sign in. */
  disabled: z.boolean().optional(),
  /** Their password was reset: they change it at the next sign-in. */
  mustChangePassword: z.boolean().optional(),
});
export type StaffMember = z.output<typeof ZStaffMember>;

export const ZListStaffOutput = z.object({ success: z.boolean(), staff: z.array(ZStaffMember) });
export const ZAddStaffInput = z.object({ username: zUsername, email: zEmail, password: zNewPassword(), staffRole: zStoreRole });
export const ZAssignStaffInput = z.object({ usernameOrEmail: zText('Username or e-mail', 254), staffRole: zStoreRole });
export const ZRevokeStaffInput = z.object({ userId: zId, staffRole: zStoreRole });
/** A manager gives a member a temporary password, to be changed at the next sign-in. */
export const ZResetStaffPasswordInput = z.object({ userId: zId, password: zNewPassword() });
/** Disables a member (no sign-in, every session ended), or enables them again. */
export const ZSetStaffDisabledInput = z.object({ userId: zId, disabled: z.boolean({ error: 'disabled must be true or false' }) });
/**
 * The member a staff change touched. After an assignment it names only the identifier
 * the caller typed (the username or the e-mail), never the other one.
 */
export const ZStaffChangeMember = ZStaffMember.extend({ username: z.string().optional(), email: z.string().optional() });
export const ZStaffChangeOutput = z.object({ success: z.boolean(), message: z.string(), member: ZStaffChangeMember.nullable() });

/** Leaving a store: the caller's own assignment (a store role) to give up. */
export const ZLeaveStoreInput = z.object({ assignment: z.object({ storeId: zId, role: zStoreRole }, { error: 'must be an object with storeId and role' }) });
/** The caller's assignments left after leaving, for the stored session. */
export const ZLeaveStoreOutput = z.object({ success: z.boolean(), message: z.string(), roles: z.array(ZRoleAssignment) });
