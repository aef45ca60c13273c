import { z } from 'zod';
import { MESSAGES, ROLES, STORE_ROLES, validatePasswordConfirmation } from '@pos/domain';
import { own, requiredMessage } from './messages';
import { zIdOut, zString, zText } from './wire';

export const zRole = z.enum(ROLES, { error: own('role must be one of ' + ROLES.join(', ')) });
export const zStoreRole = z.enum(STORE_ROLES, { error: own('staffRole must be one of ' + STORE_ROLES.join(', ')) });

export const MIN_PASSWORD_LENGTH = 8;
const passwordTooShort = own(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`);

export const zNewPassword = (label = 'Password') =>
  zString(label).min(1, requiredMessage(label)).min(MIN_PASSWORD_LENGTH, passwordTooShort).max(200, own(`${label} must be at most 200 characters`));

export const zEmail = zString('Email')
  .trim()
  .min(1, requiredMessage('Email'))
  .max(254, own('Email must be at most 254 characters'))
  .pipe(z.email({ error: own('Email must be a valid e-mail address') }));

export const zUsername = zText('Username', 50).regex(/^[^\s@]+$/, own('Username may not contain spaces or @'));

/** A role held in a store; a VENDOR assignment also names its vendor (vendorId, vendorName). */
export const ZRoleAssignment = z.object({
  storeId: zIdOut,
  storeName: z.string(),
  role: zRole,
  vendorId: zIdOut.optional(),
  vendorName: z.string().optional(),
});
export type RoleAssignment = z.output<typeof ZRoleAssignment>;

export const ZLoginInput = z.object({
  usernameOrEmail: zText('Username or e-mail', 254),
  password: zString('Password').min(1, requiredMessage('Password')).max(200, own('Password must be at most 200 characters')),
});
export const ZSignupInput = z.object({
  username: zUsername,
  email: zEmail,
  password: zNewPassword(),
  storeName: zText('Store name', 100),
  /** Optional: the new store's IANA time zone (the browser's); UTC when absent. */
  timeZone: zString('Time zone').trim().max(100, own('Time zone must be at most 100 characters')).optional(),
});
export const ZLoginOutput = z.object({
  success: z.boolean(),
  message: z.string(),
  userId: zIdOut,
  username: z.string(),
  email: z.string(),
  token: z.string(),
  roles: z.array(ZRoleAssignment),
  /** A manager reset the password: the user changes it (Account) before anything else. */
  mustChangePassword: z.boolean().optional(),
});
export type LoginOutput = z.output<typeof ZLoginOutput>;

own(MESSAGES.passwordsMismatch);

/** The new password and its confirmation must match; the mismatch is the confirmation's. */
export const ZPasswordInput = z
  .object({
    currentPassword: zString('Current password').min(1, requiredMessage('Current password')).max(200, own('Current password must be at most 200 characters')),
    newPassword: zNewPassword('New password'),
    confirmPassword: zString('Confirm password').min(1, requiredMessage('Confirm password')).max(200, own('Confirm password must be at most 200 characters')),
  })
  .superRefine((input, ctx) => {
    const problem = validatePasswordConfirmation(input.newPassword, input.confirmPassword);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['confirmPassword'] });
  });
export const ZEmptyInput = z.object({}).optional();
