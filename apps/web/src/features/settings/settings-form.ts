/**
 * The Store Settings screen's form and its mapping to and from the flattened server
 * form of SPEC 3: the screen groups each tax as shortName, longName, percentage,
 * isEnabled, applyByDefault; the server speaks tax1ShortName ... tax3ApplyByDefault.
 * Also the checks made before a save (SPEC 5), worded like the server's.
 */
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@pos/api';
import { TAX_SHORT_NAME_MAX_LENGTH } from '@pos/domain';
import { fromWire, toPercentWire } from '@pos/contracts';

export type SettingsAnswer = inferRouterOutputs<AppRouter>['store']['fetchSettings'];
export type UpdateSettingsRequest = inferRouterInputs<AppRouter>['store']['updateSettings'];

export interface TaxForm {
  shortName: string;
  longName: string;
  /** Percent micro-units. */
  percentage: bigint;
  isEnabled: boolean;
  applyByDefault: boolean;
}

/** The three tax slots of SPEC 9 (TAX_SLOTS). */
export type TaxNumber = 1 | 2 | 3;
export const TAX_NUMBERS: readonly TaxNumber[] = [1, 2, 3];

export type CommissionKey = 'defaultVendorCommissionPercent' | 'defaultVendorConsignmentCommissionPercent' | 'defaultConsignmentCommissionPercent';

/** The three default commission percents of SPEC 2 with the screen's labels (the boxes show the % sign). */
export const COMMISSIONS: readonly { key: CommissionKey; label: string }[] = [
  { key: 'defaultVendorCommissionPercent', label: 'Default Vendor Commission' },
  { key: 'defaultVendorConsignmentCommissionPercent', label: 'Default Vendor Consignment Commission' },
  { key: 'defaultConsignmentCommissionPercent', label: 'Default Consignment Commission' },
];

export interface SettingsForm extends Record<CommissionKey, bigint> {
  orderPrefix: string;
  /** As typed; checked and converted on save. */
  nextOrderNumber: string;
  timeZone: string;
  taxes: [TaxForm, TaxForm, TaxForm];
}

export const ORDER_PREFIX_MAX_LENGTH = 20;
export const TAX_LONG_NAME_MAX_LENGTH = 100;

/** Field keys for errors: the form's own names, taxes as tax1ShortName etc. */
export type SettingsField = 'orderPrefix' | 'nextOrderNumber' | 'timeZone' | `tax${TaxNumber}ShortName` | `tax${TaxNumber}LongName`;
export type SettingsErrors = Partial<Record<SettingsField, string>>;

function taxFrom(answer: SettingsAnswer, n: TaxNumber): TaxForm {
  return {
    shortName: answer[`tax${n}ShortName`],
    longName: answer[`tax${n}LongName`],
    percentage: fromWire(answer[`tax${n}Percent`]),
    isEnabled: answer[`tax${n}Enabled`],
    applyByDefault: answer[`tax${n}ApplyByDefault`],
  };
}

/** Server answer -> the screen's form. */
export function toSettingsForm(answer: SettingsAnswer): SettingsForm {
  return {
    orderPrefix: answer.orderPrefix,
    nextOrderNumber: String(answer.nextOrderNumber),
    timeZone: answer.timeZone,
    defaultVendorCommissionPercent: fromWire(answer.defaultVendorCommissionPercent),
    defaultVendorConsignmentCommissionPercent: fromWire(answer.defaultVendorConsignmentCommissionPercent),
    defaultConsignmentCommissionPercent: fromWire(answer.defaultConsignmentCommissionPercent),
    taxes: [taxFrom(answer, 1), taxFrom(answer, 2), taxFrom(answer, 3)],
  };
}

function taxFields<N extends TaxNumber>(n: N, tax: TaxForm) {
  return {
    [`tax${n}ShortName`]: tax.shortName.trim(),
    [`tax${n}LongName`]: tax.longName.trim(),
    [`tax${n}Percent`]: toPercentWire(tax.percentage),
    [`tax${n}Enabled`]: tax.isEnabled,
    [`tax${n}ApplyByDefault`]: tax.applyByDefault,
  } as Pick<
    UpdateSettingsRequest,
    `tax${N}ShortName` | `tax${N}LongName` | `tax${N}Percent` | `tax${N}Enabled` | `tax${N}ApplyByDefault`
  >;
}

/** The screen's form -> the flattened request. Call validateSettingsForm first. */
export function toUpdateSettingsRequest(form: SettingsForm): UpdateSettingsRequest {
  const [t1, t2, t3] = form.taxes;
  return {
    orderPrefix: form.orderPrefix.trim(),
    nextOrderNumber: Number(form.nextOrderNumber.trim()),
    defaultVendorCommissionPercent: toPercentWire(form.defaultVendorCommissionPercent),
    defaultVendorConsignmentCommissionPercent: toPercentWire(form.defaultVendorConsignmentCommissionPercent),
    defaultConsignmentCommissionPercent: toPercentWire(form.defaultConsignmentCommissionPercent),
    ...taxFields(1, t1),
    ...taxFields(2, t2),
    ...taxFields(3, t3),
    ...(form.timeZone ? { timeZone: form.timeZone } : {}),
  };
}

export const NEXT_ORDER_NUMBER_MESSAGE = 'Next Order Number must be an integer of at least 1';

/** null when the text is a whole number from 1 to MAX_SAFE_INTEGER, else the message. */
export function checkNextOrderNumber(text: string): string | null {
  const t = text.trim();
  if (!/^\d+$/.test(t) || Number(t) < 1) return NEXT_ORDER_NUMBER_MESSAGE;
  if (!Number.isSafeInteger(Number(t))) return 'Next Order Number is too large';
  return null;
}

/** SPEC 5: at most TAX_SHORT_NAME_MAX_LENGTH characters (surrounding spaces do not count). */
export function checkTaxShortName(n: TaxNumber, shortName: string): string | null {
  return shortName.trim().length > TAX_SHORT_NAME_MAX_LENGTH ? `Tax ${n} short name must be at most ${TAX_SHORT_NAME_MAX_LENGTH} characters` : null;
}

export function checkTaxLongName(n: TaxNumber, longName: string): string | null {
  return longName.trim().length > TAX_LONG_NAME_MAX_LENGTH ? `Tax ${n} long name must be at most ${TAX_LONG_NAME_MAX_LENGTH} characters` : null;
}

export function checkOrderPrefix(prefix: string): string | null {
  const t = prefix.trim();
  if (t === '') return 'Order Prefix is required';
  if (t.length > ORDER_PREFIX_MAX_LENGTH) return `Order Prefix must be at most ${ORDER_PREFIX_MAX_LENGTH} characters`;
  return null;
}

/** The SPEC 5 checks made before a save; an empty object when the form can be sent. */
export function validateSettingsForm(form: SettingsForm): SettingsErrors {
  const errors: SettingsErrors = {};
  const put = (field: SettingsField, message: string | null) => {
    if (message !== null) errors[field] = message;
  };
  put('orderPrefix', checkOrderPrefix(form.orderPrefix));
  put('nextOrderNumber', checkNextOrderNumber(form.nextOrderNumber));
  for (const n of TAX_NUMBERS) {
    const tax = form.taxes[n - 1];
    if (!tax) continue;
    put(`tax${n}ShortName`, checkTaxShortName(n, tax.shortName));
    put(`tax${n}LongName`, checkTaxLongName(n, tax.longName));
  }
  return errors;
}

/** The form's fields in screen order, for "the first problem" and focusing it. */
export const SETTINGS_FIELD_ORDER: readonly SettingsField[] = [
  'orderPrefix',
  'nextOrderNumber',
  'timeZone',
  ...TAX_NUMBERS.flatMap((n) => [`tax${n}ShortName`, `tax${n}LongName`] as const),
];

export function firstError(errors: SettingsErrors): { field: SettingsField; message: string } | null {
  for (const field of SETTINGS_FIELD_ORDER) {
    const message = errors[field];
    if (message) return { field, message };
  }
  return null;
}

/** True when both forms would save the same settings. */
export function sameSettings(a: SettingsForm, b: SettingsForm): boolean {
  return JSON.stringify(toComparable(a)) === JSON.stringify(toComparable(b));
}

function toComparable(form: SettingsForm) {
  return {
    ...form,
    nextOrderNumber: form.nextOrderNumber.trim(),
    defaultVendorCommissionPercent: String(form.defaultVendorCommissionPercent),
    defaultVendorConsignmentCommissionPercent: String(form.defaultVendorConsignmentCommissionPercent),
    defaultConsignmentCommissionPercent: String(form.defaultConsignmentCommissionPercent),
    taxes: form.taxes.map((t) => ({ ...t, percentage: String(t.percentage) })),
  };
}

/** Replaces tax `n` (1-based) with `patch` applied; the other two are kept. */
export function withTax(form: SettingsForm, n: TaxNumber, patch: Partial<TaxForm>): SettingsForm {
  const taxes = form.taxes.map((t, i) => (i === n - 1 ? { ...t, ...patch } : t)) as SettingsForm['taxes'];
  return { ...form, taxes };
}
