/**
 * Validation messages written by us are registered here, so the API's error formatter
 * can tell them (already naming the field, in the product's own wording) from zod's generic
 * ones, which it prefixes with the field's path.
 */
const OWN_MESSAGES = new Set<string>();

export function own(message: string): string {
  OWN_MESSAGES.add(message);
  return message;
}

export function isOwnMessage(message: string): boolean {
  return OWN_MESSAGES.has(message);
}

/** `{label} is required`, registered. */
export function requiredMessage(label: string): string {
  return own(`${label} is required`);
}
