/**
 * The Store Settings screen's form and its mapping to and from the server's flattened
 * settings: the screen groups each tax as shortName, longName, percentage, isEnabled,
 * applyByDefault; the server speaks tax1ShortName ... tax3ApplyByDefault. The form is
 * checked with the server's own input schema, its messages shown under the form's fields.
 */
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@pos/api';
import { fromWire, toMoneyWire, toPercentWire, ZUpdateSettingsInput } from '@pos/contracts';
import { requestResolver, wholeNumberFromText } from '../../lib/form-validation';

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

/** The three tax slots (TAX_SLOTS). */
export type TaxNumber = 1 | 2 | 3;
export const TAX_NUMBERS: readonly TaxNumber[] = [1, 2, 3];

export type CommissionKey = 'defaultVendorCommissionPercent' | 'defaultVendorConsignmentCommissionPercent' | 'defaultConsignmentCommissionPercent';

/** The three default commission percents with the screen's labels (the boxes show the % sign). */
export const COMMISSIONS: readonly { key: CommissionKey; label: string }[] = [
  { key: 'defaultVendorCommissionPercent', label: 'Default Vendor Commission' },
  { key: 'defaultVendorConsignmentCommissionPercent', label: 'Default Vendor Consignment Commission' },
  { key: 'defaultConsignmentCommissionPercent', label: 'Default Consignment Commission' },
];

export interface SettingsForm extends Record<CommissionKey, bigint> {
  orderPrefix: string;
  /** As typed; converted and checked on save. */
  nextOrderNumber: string;
  timeZone: string;
  /** The postal address vendors' statements are printed with. */
  address: string;
  taxes: [TaxForm, TaxForm, TaxForm];
  /** The offline till's limits per device: sales and hours as typed, the total in micro-units. */
  offlineMaxSales: string;
  offlineMaxTotal: bigint;
  offlineMaxHours: string;
}

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
    address: answer.address,
    defaultVendorCommissionPercent: fromWire(answer.defaultVendorCommissionPercent),
    defaultVendorConsignmentCommissionPercent: fromWire(answer.defaultVendorConsignmentCommissionPercent),
    defaultConsignmentCommissionPercent: fromWire(answer.defaultConsignmentCommissionPercent),
    taxes: [taxFrom(answer, 1), taxFrom(answer, 2), taxFrom(answer, 3)],
    offlineMaxSales: String(answer.offlineMaxSales),
    offlineMaxTotal: fromWire(answer.offlineMaxTotal),
    offlineMaxHours: String(answer.offlineMaxHours),
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

/**
 * The screen's form -> the flattened request, text trimmed; a next order number or an
 * offline limit that is not a whole number is sent as NaN, for the schema to refuse.
 */
export function toUpdateSettingsRequest(form: SettingsForm): UpdateSettingsRequest {
  const [t1, t2, t3] = form.taxes;
  return {
    orderPrefix: form.orderPrefix.trim(),
    nextOrderNumber: wholeNumberFromText(form.nextOrderNumber) ?? Number.NaN,
    defaultVendorCommissionPercent: toPercentWire(form.defaultVendorCommissionPercent),
    defaultVendorConsignmentCommissionPercent: toPercentWire(form.defaultVendorConsignmentCommissionPercent),
    defaultConsignmentCommissionPercent: toPercentWire(form.defaultConsignmentCommissionPercent),
    ...taxFields(1, t1),
    ...taxFields(2, t2),
    ...taxFields(3, t3),
    ...(form.timeZone ? { timeZone: form.timeZone } : {}),
    address: form.address.trim(),
    offlineMaxSales: wholeNumberFromText(form.offlineMaxSales) ?? Number.NaN,
    offlineMaxTotal: toMoneyWire(form.offlineMaxTotal),
    offlineMaxHours: wholeNumberFromText(form.offlineMaxHours) ?? Number.NaN,
  };
}

const TAX_FIELD_OF_REQUEST: Record<string, keyof TaxForm> = {
  ShortName: 'shortName',
  LongName: 'longName',
  Percent: 'percentage',
  Enabled: 'isEnabled',
  ApplyByDefault: 'applyByDefault',
};

/** The form field a request field is shown under: tax2LongName -> taxes.1.longName. */
export function settingsFieldOf(requestPath: string): string | undefined {
  const tax = /^tax([123])(\w+)$/.exec(requestPath);
  const field = tax ? TAX_FIELD_OF_REQUEST[tax[2] ?? ''] : undefined;
  return tax && field ? `taxes.${Number(tax[1]) - 1}.${field}` : undefined;
}

/** The checks made before a save: the server's schema, on what the form would send. */
export const validateSettingsForm = requestResolver(ZUpdateSettingsInput, toUpdateSettingsRequest, settingsFieldOf);

/** True when both forms would save the same settings. */
export function sameSettings(a: SettingsForm, b: SettingsForm): boolean {
  return JSON.stringify(toUpdateSettingsRequest(a)) === JSON.stringify(toUpdateSettingsRequest(b));
}
