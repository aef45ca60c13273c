/**
 * Small field rules shared by client forms and server validation.
 */

import { MESSAGES } from './errors';

/** A store has three tax slots; a tax short name has at most 6 characters. */
export const TAX_SLOTS = 3;
export const TAX_SHORT_NAME_MAX_LENGTH = 6;

/** Item code tag: required, letters and digits only. Returns the message or null. */
export function validateTag(tag: string): string | null {
  if (tag.trim() === '') return MESSAGES.tagRequired;
  if (!/^[A-Za-z0-9]+$/.test(tag)) return MESSAGES.tagAlphanumeric;
  return null;
}

/** The new password and its confirmation must match. */
export function validatePasswordConfirmation(newPassword: string, confirmPassword: string): string | null {
  return newPassword === confirmPassword ? null : MESSAGES.passwordsMismatch;
}

/** An IANA time zone name the platform knows (stores count "today" in their own zone). */
export function isValidTimeZone(timeZone: string): boolean {
  if (!/^[A-Za-z_+\-/0-9]{1,64}$/.test(timeZone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
