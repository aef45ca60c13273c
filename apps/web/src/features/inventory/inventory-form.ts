/**
 * The stock item and adjustment forms: what the boxes hold (text as typed, the price as
 * Money micro-units), the inputs sent, and the checks made before a call: the server's
 * own input schemas, on those inputs, so a message reads the same from either side. SKU
 * uniqueness and the item code are the server's alone.
 */
import { fromWire, QUANTITY_BELOW_ZERO, toMoneyWire, ZAddInventoryInput, ZAdjustInventoryInput, ZEditInventoryInput, type InventoryItem } from '@pos/contracts';
import { fieldOfMessage, requestResolver, wholeNumberFromText } from '../../lib/form-validation';

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

export type ItemField = keyof ItemFormValues;

/** The item dialog's labels; a server message that starts with one is about that field. */
export const ITEM_LABELS: Record<ItemField, string> = {
  sku: 'SKU',
  description: 'Description',
  itemCode: 'Item Code',
  price: 'Price',
  quantityOnHand: 'Quantity On Hand',
  reorderLevel: 'Reorder Level',
};

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

function itemFields(values: ItemFormValues) {
  const itemCode = values.itemCode.trim();
  return {
    sku: values.sku.trim(),
    description: values.description.trim(),
    itemCode: itemCode === '' ? null : itemCode,
    price: toMoneyWire(values.price),
    reorderLevel: wholeNumberFromText(values.reorderLevel),
  };
}

/** The /store/inventory/add input: text trimmed, no item code as null, counts as numbers (empty: zero). */
export function addItemInput(values: ItemFormValues) {
  return { ...itemFields(values), quantityOnHand: wholeNumberFromText(values.quantityOnHand) };
}

/** The /store/inventory/edit input: the quantity changes only through an adjustment. */
export function editItemInput(id: number, values: ItemFormValues) {
  return { id, ...itemFields(values) };
}

export type AddItemInput = ReturnType<typeof addItemInput>;
export type EditItemInput = ReturnType<typeof editItemInput>;

/** The add dialog's checks: the server's schema on the add input. */
export const validateAddItem = requestResolver(ZAddInventoryInput, addItemInput);

/** The edit dialog's checks for item `id`: the server's schema on the edit input. */
export function editItemValidator(id: number) {
  return requestResolver(ZEditInventoryInput, (values: ItemFormValues) => editItemInput(id, values));
}

/** The field a server refusal is about (a taken SKU, an item code the store does not have), or null. */
export function fieldOfServerError(message: string): ItemField | null {
  return fieldOfMessage(message, ITEM_LABELS);
}

export interface AdjustFormValues {
  change: string;
  reason: string;
}

/** The /store/inventory/adjust input: the change as a signed whole number, the reason trimmed. */
export function adjustInput(id: number, values: AdjustFormValues) {
  return { id, delta: wholeNumberFromText(values.change), reason: values.reason.trim() };
}

/** What the quantity on hand would become, or null while the change is not one the server takes. */
export function resultingQuantity(onHand: number, changeText: string): number | null {
  const delta = ZAdjustInventoryInput.shape.delta.safeParse(wholeNumberFromText(changeText));
  return delta.success ? onHand + delta.data : null;
}

/**
 * The adjust dialog's checks for an item with `onHand` in stock: the server's schema on
 * the adjust input (its delta shown under the change), and a change that would leave
 * less than nothing, refused before the call on the figures the screen shows.
 */
export function adjustValidator(id: number, onHand: number) {
  const schemaErrors = requestResolver(ZAdjustInventoryInput, (values: AdjustFormValues) => adjustInput(id, values), (path) => (path === 'delta' ? 'change' : undefined));
  return (values: AdjustFormValues) => {
    const errors = schemaErrors(values);
    const after = resultingQuantity(onHand, values.change);
    if (!errors.change && after !== null && after < 0) errors.change = QUANTITY_BELOW_ZERO;
    return errors;
  };
}
