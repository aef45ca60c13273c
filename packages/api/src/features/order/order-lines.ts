/**
 * An order line as the server stores it: a fresh line's values, a line's values
 * recomputed from what a client sends (client amounts are ignored), a scanned item's
 * fields over the typed ones, and the fields a submit merges over a saved line. Used by
 * drafting (drafting.service.ts) and by submit (submit-lines.ts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import type { SubmitLine, UpdateLineInput } from '@pos/contracts';
import { computeLine, isOrderEditable, lineTaxOf, notEditableMessage, presetLineTaxes, vendorShare, type StoreTax } from '@pos/domain';
import { AppError } from '../../errors';
import type { ItemRow } from '../item/item.repository';
import type { ItemCodeRow } from '../itemcode/itemcode.repository';
import { resolveCodes, type ResolvedCode } from '../scan/scan.service';
import type { getSettings } from '../store/store.repository';
import * as repo from './order.repository';

type Db = Kysely<Database>;
export type Settings = Awaited<ReturnType<typeof getSettings>>;

/** Only a draft is changed (409 otherwise). */
export function assertEditable(status: string) {
  if (!isOrderEditable(status)) throw new AppError('CONFLICT', notEditableMessage(status));
}

/** The store's three taxes as its settings hold them. */
export function storeTaxes(settings: Settings): [StoreTax, StoreTax, StoreTax] {
  const tax = (n: 1 | 2 | 3): StoreTax => ({
    shortName: settings[`tax${n}ShortName`],
    percent: settings[`tax${n}Percent`],
    enabled: settings[`tax${n}Enabled`],
    applyByDefault: settings[`tax${n}ApplyByDefault`],
  });
  return [tax(1), tax(2), tax(3)];
}

/** A fresh line: quantity 1, price zero, the store's preset taxes, the default vendor commission. */
export function emptyLine(settings: Settings): repo.LineValues {
  const [t1, t2, t3] = presetLineTaxes(storeTaxes(settings));
  return {
    itemCode: '',
    itemCodeId: null,
    itemId: null,
    itemNumber: '',
    description: '',
    quantity: 1n,
    price: 0n,
    discountPercent: 0n,
    amount: 0n,
    discountAmount: 0n,
    total: 0n,
    taxes: [
      { ...t1, amount: 0n },
      { ...t2, amount: 0n },
      { ...t3, amount: 0n },
    ],
    commissionPercent: settings.defaultVendorCommissionPercent,
    vendorShare: 0n,
  };
}

/** What a client may say about a line; a tax flag left out follows its percent and description. */
export type LineFields = Pick<UpdateLineInput, 'itemCode' | 'quantity' | 'price' | 'discountPercent'> & {
  /** The scanned item's number or alias ('' for a typed code and price). */
  itemNumber: string;
  description: string;
  tax1Enabled?: boolean | undefined;
  tax1Percent: bigint;
  tax1Description: string;
  tax2Enabled?: boolean | undefined;
  tax2Percent: bigint;
  tax2Description: string;
  tax3Enabled?: boolean | undefined;
  tax3Percent: bigint;
  tax3Description: string;
};

const TAX_SLOTS = [1, 2, 3] as const;

export type ItemCode = ItemCodeRow | undefined;

/** What a line's code names in the store (scan.service.ts), if anything. */
export async function lineCode(db: Db, storeId: number, itemCode: string): Promise<ResolvedCode | undefined> {
  return itemCode ? (await resolveCodes(db, storeId, [itemCode])).get(itemCode.toLowerCase()) : undefined;
}

/**
 * A line's stored values, every amount recomputed here; client amounts are ignored. The
 * commission is the line's item code's (`code`, the store's live code the line names),
 * or the store's default vendor commission for a code the store does not know. The
 * caller has checked the line's limits (assertLineWithinLimits).
 */
export function lineValues(input: LineFields, code: ItemCode, settings: Pick<Settings, 'defaultVendorCommissionPercent'>, item?: ItemRow): repo.LineValues {
  const tax = (n: 1 | 2 | 3) => lineTaxOf({ enabled: input[`tax${n}Enabled`], percent: input[`tax${n}Percent`], description: input[`tax${n}Description`] });
  const taxes = [tax(1), tax(2), tax(3)] as const;
  const amounts = computeLine({
    quantity: BigInt(input.quantity),
    price: input.price,
    discountPercent: input.discountPercent,
    taxPercents: [taxes[0].percent, taxes[1].percent, taxes[2].percent],
  });
  const commissionPercent = code?.defaultCommissionPercent ?? settings.defaultVendorCommissionPercent;
  return {
    itemCode: input.itemCode,
    itemCodeId: code?.id ?? null,
    itemId: item?.id ?? null,
    itemNumber: item?.itemNumber ?? '',
    description: input.description,
    quantity: BigInt(input.quantity),
    price: input.price,
    discountPercent: input.discountPercent,
    amount: amounts.amount,
    discountAmount: amounts.discount,
    total: amounts.total,
    taxes: [
      { ...taxes[0], amount: amounts.taxes[0] },
      { ...taxes[1], amount: amounts.taxes[1] },
      { ...taxes[2], amount: amounts.taxes[2] },
    ],
    commissionPercent,
    vendorShare: vendorShare(amounts.total, commissionPercent),
  };
}

/** A line just written, answered as listLines answers it: `resolved` is what its code names, if anything. */
export function answeredLine(line: repo.WrittenLine, resolved: ResolvedCode | undefined): repo.LineRow {
  return repo.withItemNumber({ ...line, knownItemCode: resolved !== undefined, warnOnNoControlCode: resolved?.code?.warnOnNoControlCode ?? false });
}

/**
 * A line bound to an item (scanned) sells it: the item's code, description and price
 * replace what was typed; quantity, discount and taxes stay the line's.
 */
export function fromItem(fields: LineFields, item: ItemRow | undefined): LineFields {
  return item ? { ...fields, itemCode: item.itemCode ?? '', description: item.description, price: item.price } : fields;
}

/** A blank line: what a submitted line without an id starts from. */
export const BLANK_LINE: LineFields = {
  itemCode: '',
  itemNumber: '',
  description: '',
  quantity: 1,
  price: 0n,
  discountPercent: 0n,
  tax1Enabled: false,
  tax1Percent: 0n,
  tax1Description: '',
  tax2Enabled: false,
  tax2Percent: 0n,
  tax2Description: '',
  tax3Enabled: false,
  tax3Percent: 0n,
  tax3Description: '',
};

export function savedFields(line: repo.LineRow): LineFields {
  return {
    itemCode: line.itemCode,
    itemNumber: line.itemNumber ?? '',
    description: line.description,
    quantity: Number(line.quantity),
    price: line.price,
    discountPercent: line.discountPercent,
    tax1Enabled: line.tax1Enabled,
    tax1Percent: line.tax1Percent,
    tax1Description: line.tax1Description,
    tax2Enabled: line.tax2Enabled,
    tax2Percent: line.tax2Percent,
    tax2Description: line.tax2Description,
    tax3Enabled: line.tax3Enabled,
    tax3Percent: line.tax3Percent,
    tax3Description: line.tax3Description,
  };
}

/**
 * The submitted fields over the saved line (or a blank one): a field the body leaves
 * out keeps its value. A tax whose percent or description is sent without its flag is
 * enabled when either is set, as on update-line.
 */
export function mergeLine(saved: LineFields, item: SubmitLine): LineFields {
  const sentDescription = item.description !== undefined || item.itemDescription !== undefined;
  const merged: LineFields = {
    itemCode: item.itemCode ?? saved.itemCode,
    itemNumber: item.itemNumber ?? saved.itemNumber,
    description: sentDescription ? item.description || item.itemDescription || '' : saved.description,
    quantity: item.quantity ?? saved.quantity,
    price: item.price ?? saved.price,
    discountPercent: item.discountPercent ?? saved.discountPercent,
    tax1Enabled: saved.tax1Enabled,
    tax1Percent: saved.tax1Percent,
    tax1Description: saved.tax1Description,
    tax2Enabled: saved.tax2Enabled,
    tax2Percent: saved.tax2Percent,
    tax2Description: saved.tax2Description,
    tax3Enabled: saved.tax3Enabled,
    tax3Percent: saved.tax3Percent,
    tax3Description: saved.tax3Description,
  };
  for (const n of TAX_SLOTS) {
    const percent = item[`tax${n}Percent`];
    const description = item[`tax${n}Description`];
    if (percent !== undefined) merged[`tax${n}Percent`] = percent;
    if (description !== undefined) merged[`tax${n}Description`] = description;
    const enabled = item[`tax${n}Enabled`];
    if (enabled !== undefined) merged[`tax${n}Enabled`] = enabled;
    else if (percent !== undefined || description !== undefined) merged[`tax${n}Enabled`] = undefined;
  }
  return merged;
}
