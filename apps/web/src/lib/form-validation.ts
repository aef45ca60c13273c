/**
 * Forms checked by the server's own rules. A form holds what the user typed (text, and
 * bigint micro-units once a money or percent box has parsed its text); before a call it
 * checks what it would send, `toRequest(values)`, with the input schema of
 * packages/contracts that the procedure itself parses. So every rule and its message
 * exist once, and the server's answer to the same input is the same message.
 *
 * The schema names the request's fields; a form whose fields are shaped otherwise says
 * where each is shown (the settings' tax1ShortName is the form's taxes.0.shortName).
 */
import type { FormEvent, ReactNode } from 'react';
import { schemaResolver, type FormErrors } from '@mantine/form';

/** A Standard Schema, such as a zod schema of packages/contracts. */
export type RequestSchema = Parameters<typeof schemaResolver>[0];

/** The form field a request field's message is shown under; undefined: the same name. */
export type FieldOf = (requestPath: string) => string | undefined;

/**
 * A form's `validate`: the schema's messages for `toRequest(values)`, each under its
 * form field, the first message of a field only.
 */
export function requestResolver<Values>(schema: RequestSchema, toRequest: (values: Values) => unknown, fieldOf: FieldOf = () => undefined): (values: Values) => FormErrors {
  const resolve = schemaResolver(schema, { sync: true });
  return (values) => {
    const errors: FormErrors = {};
    for (const [path, message] of Object.entries(resolve(toRequest(values)))) {
      const field = fieldOf(path) ?? path;
      if (!(field in errors)) errors[field] = message;
    }
    return errors;
  };
}

/**
 * A whole number as typed, for a schema to judge: '' is undefined (absent: the schema's
 * default, or its 'required'); digits with one optional sign, spaces and grouping commas
 * ignored, are the number; anything else (2.5, 1e3, 3x) is NaN, which the schema refuses
 * with its 'whole number' message. Nothing is rounded.
 */
export function wholeNumberFromText(text: string): number | undefined {
  const compact = text.replace(/[\s,]/g, '');
  if (compact === '') return undefined;
  return /^[-+]?\d+$/.test(compact) ? Number(compact) : Number.NaN;
}

/**
 * The field a server message is about, for messages that start with the field's label
 * ('SKU "LAMP-1" is already used in this store', 'Email must be a valid e-mail address'),
 * whatever the label's case; null when the message names none of them.
 */
export function fieldOfMessage<Field extends string>(message: string, labels: Readonly<Record<Field, string>>): Field | null {
  const text = message.toLowerCase();
  const fields = Object.keys(labels) as Field[];
  return fields.find((field) => /^[\s:"]/.test(text.slice(labels[field].length)) && text.startsWith(labels[field].toLowerCase())) ?? null;
}

/**
 * Puts the cursor in the first field, in the order the form shows them, that has an
 * error, and gives that error (or the first one, when no field shows it).
 */
export function focusFirstError(form: HTMLFormElement | null, errors: FormErrors): string | null {
  const fields = form?.querySelectorAll<HTMLElement>('[data-path]') ?? [];
  for (const field of fields) {
    const error = errors[field.dataset.path ?? ''];
    if (error) {
      field.focus();
      return errorText(error);
    }
  }
  const first = Object.values(errors).find(Boolean);
  return first ? errorText(first) : null;
}

/** A form error's words: the contracts' messages are text (a number is said as one). */
function errorText(error: ReactNode): string | null {
  return typeof error === 'string' || typeof error === 'number' ? String(error) : null;
}

/**
 * A submit handler that first leaves the box being typed in, so a money or percent box
 * parses and commits its text (Enter in it submits before its blur would).
 */
export function commitThenSubmit(submit: (event: FormEvent<HTMLFormElement>) => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && event.currentTarget.contains(active)) active.blur();
    submit(event);
  };
}
