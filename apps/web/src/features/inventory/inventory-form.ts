/**
 * The stock item and adjustment forms: what the boxes hold, the checks made before a
 * call (in the server's own words, so a message reads the same from either side), and
 * the inputs sent. The server checks everything again; SKU uniqueness and the item code
 * are its alone.
 */
import { fromWire, toMoneyWire, type InventoryItem } from '@pos/contracts';

/** The largest count the server takes (quantities, reorder levels, adjustments). */
export const COUNT_MAX = 1_000_000_000;
export const SKU_MAX = 50;
export const DESCRIPTION_MAX = 500;
export const ITEM_CODE_MAX = 50;
export const REASON_MAX = 200;

export const BELOW_ZERO = 'Quantity on hand cannot go below zero';
export const FAILED_LOAD = 'Failed to load inventory';
export const FAILED_ADD = 'Failed to add stock item';
export const FAILED_SAVE = 'Failed to save stock item';
export const FAILED_ADJUST = 'Failed to adjust quantity';
export const FAILED_ARCHIVE = 'Failed to archive stock item';

export interface ItemFormValues {
  sku: string;
  description: string;
  itemCode: string;
  /** Money micro-units (the MoneyInput's value). */
  price: bigint;
  /** As typed; only the add form has it. */
  quantityOnHand: string;
  reorderLevel: string;
}

export type ItemField = 'sku' | 'description' | 'itemCode' | 'price' | 'quantityOnHand' | 'reorderLevel';
export type ItemFormErrors = Partial<Record<ItemField, string>>;

export const EMPTY_ITEM_FORM: ItemFormValues = { sku: '', description: '', itemCode: '', price: 0n, quantityOnHand: '0', reorderLevel: '0' };

export function formValuesOf(item: InventoryItem): ItemFormValues {
  return {
    sku: item.sku,
    description: item.description,
    itemCode: item.itemCode ?? '',
    price: fromWire(item.price),
    quantityOnHand: String(item.quantityOnHand),
    reorderLevel: String(item.reorderLevel),
  };
}

type Parsed = { value: number; error: null } | { value: null; error: string };

/**
 * A whole number as typed: digits with an optional sign (when negatives are allowed),
 * spaces and grouping commas ignored. No rounding: '2.5' is refused, not made 2 or 3.
 */
export function parseWholeNumber(text: string, label: string, { allowNegative = false, required = true } = {}): Parsed {
  const compact = text.replace(/[\s,]/g, '');
  if (compact === '') return required ? { value: null, error: `${label} is required` } : { value: 0, error: null };
  if (!/^[-+]?\d+$/.test(compact)) return { value: null, error: `${label} must be a whole number` };
  const negative = compact.startsWith('-');
  const digits = compact.replace(/^[-+]/, '').replace(/^0+(?=\d)/, '');
  if (negative && !allowNegative && digits !== '0') return { value: null, error: `${label} must not be negative` };
  if (digits.length > 10 || Number(digits) > COUNT_MAX) return { value: null, error: `${label} must be at most ${COUNT_MAX}` };
  const value = Number(digits);
  return { value: negative ? -value : value, error: null };
}

function maxLength(text: string, label: string, max: number): string | undefined {
  return text.length > max ? `${label} must be at most ${max} characters` : undefined;
}

export type AddItemInput = {
  sku: string;
  description: string;
  itemCode: string | null;
  price: ReturnType<typeof toMoneyWire>;
  quantityOnHand: number;
  reorderLevel: number;
};
export type EditItemInput = Omit<AddItemInput, 'quantityOnHand'> & { id: number };

type Checked<T> = { errors: ItemFormErrors; input: null } | { errors: Record<string, never>; input: T };

function checkCommon(values: ItemFormValues): { errors: ItemFormErrors; reorderLevel: number | null } {
  const errors: ItemFormErrors = {};
  const sku = values.sku.trim();
  if (sku === '') errors.sku = 'SKU is required';
  else {
    const long = maxLength(sku, 'SKU', SKU_MAX);
    if (long) errors.sku = long;
  }
  const description = maxLength(values.description.trim(), 'Description', DESCRIPTION_MAX);
  if (description) errors.description = description;
  const itemCode = maxLength(values.itemCode.trim(), 'Item Code', ITEM_CODE_MAX);
  if (itemCode) errors.itemCode = itemCode;
  if (values.price < 0n) errors.price = 'Price must not be negative';
  const reorder = parseWholeNumber(values.reorderLevel, 'Reorder Level', { required: false });
  if (reorder.error !== null) errors.reorderLevel = reorder.error;
  return { errors, reorderLevel: reorder.value };
}

function common(values: ItemFormValues, reorderLevel: number) {
  const itemCode = values.itemCode.trim();
  return {
    sku: values.sku.trim(),
    description: values.description.trim(),
    itemCode: itemCode === '' ? null : itemCode,
    price: toMoneyWire(values.price),
    reorderLevel,
  };
}

export function checkAddForm(values: ItemFormValues): Checked<AddItemInput> {
  const { errors, reorderLevel } = checkCommon(values);
  const quantity = parseWholeNumber(values.quantityOnHand, 'Quantity On Hand', { required: false });
  if (quantity.error !== null) errors.quantityOnHand = quantity.error;
  if (Object.keys(errors).length > 0 || reorderLevel === null || quantity.value === null) return { errors, input: null };
  return { errors: {}, input: { ...common(values, reorderLevel), quantityOnHand: quantity.value } };
}

export function checkEditForm(id: number, values: ItemFormValues): Checked<EditItemInput> {
  const { errors, reorderLevel } = checkCommon(values);
  if (Object.keys(errors).length > 0 || reorderLevel === null) return { errors, input: null };
  return { errors: {}, input: { id, ...common(values, reorderLevel) } };
}

/**
 * The field a server refusal is about, so it can be marked there too: a taken SKU (409)
 * or an item code the store does not have.
 */
export function fieldOfServerError(message: string): ItemField | null {
  if (/^SKU\b/.test(message)) return 'sku';
  if (/^Item code\b/i.test(message)) return 'itemCode';
  if (/^Reorder Level\b/.test(message)) return 'reorderLevel';
  if (/^Quantity On Hand\b/.test(message)) return 'quantityOnHand';
  if (/^Description\b/.test(message)) return 'description';
  if (/^Price\b/.test(message)) return 'price';
  return null;
}

export interface AdjustFormValues {
  change: string;
  reason: string;
}

export type AdjustFormErrors = Partial<Record<keyof AdjustFormValues, string>>;

/** The change as typed: a signed whole number, never zero. */
export function parseChange(text: string): Parsed {
  const parsed = parseWholeNumber(text, 'Change', { allowNegative: true });
  if (parsed.error !== null) return parsed;
  if (parsed.value === 0) return { value: null, error: 'Change must not be zero' };
  return parsed;
}

/** What the quantity on hand would become, or null while the change cannot be read. */
export function resultingQuantity(onHand: number, changeText: string): number | null {
  const change = parseChange(changeText);
  return change.value === null ? null : onHand + change.value;
}

export function checkAdjustForm(id: number, onHand: number, values: AdjustFormValues): { errors: AdjustFormErrors; input: { id: number; delta: number; reason: string } | null } {
  const errors: AdjustFormErrors = {};
  const change = parseChange(values.change);
  if (change.error !== null) errors.change = change.error;
  else if (onHand + change.value < 0) errors.change = BELOW_ZERO;
  const reason = values.reason.trim();
  if (reason === '') errors.reason = 'Reason is required';
  else {
    const long = maxLength(reason, 'Reason', REASON_MAX);
    if (long) errors.reason = long;
  }
  if (Object.keys(errors).length > 0 || change.value === null) return { errors, input: null };
  return { errors, input: { id, delta: change.value, reason } };
}
