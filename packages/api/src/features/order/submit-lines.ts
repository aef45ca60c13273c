/**
 * The lines a submit saves: the submitted fields merged over the saved lines (a field
 * left out keeps its value), empty lines dropped, a scanned item's fields over the
 * typed ones, each line within the business limits and its code one the store knows;
 * then written in one pass, answered with the order's totals and the vendor lines the
 * ledger posts.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@pos/db';
import type { SubmitOrderInput } from '@pos/contracts';
import { assertLineWithinLimits, isLineEmpty, movesMoneyOut, sumSavedLines, unknownItemCodeMessage } from '@pos/domain';
import { AppError } from '../../errors';
import { itemsForLines } from '../item/item.service';
import { lockItemsByCodes, type ItemRow } from '../item/item.repository';
import type { VendorSaleLine } from '../ledger/ledger.repository';
import { resolveCodes, type ResolvedCode } from '../scan/scan.service';
import { answeredLine, BLANK_LINE, fromItem, lineValues, mergeLine, savedFields, type ItemCode, type LineFields, type Settings } from './order-lines';
import { LINE_NOT_FOUND } from './order-read';
import * as repo from './order.repository';

type Db = Kysely<Database>;

/** How a saved line is named in a message: its description, else its item code, else its id. */
function savedLineLabel(line: repo.LineRow): string {
  return line.description || line.itemCode || `line ${line.id}`;
}

/**
 * The submitted lines merged over the saved ones (see mergeLine), empty lines dropped,
 * each within the business limits. A saved line listed twice is refused (400, naming
 * it): counted twice, it would post twice for one stored line.
 */
export async function mergedLines(db: Db, storeId: number, input: SubmitOrderInput): Promise<{ id: number | undefined; fields: LineFields; item: ItemRow | undefined }[]> {
  const saved = input.items.some((item) => item.id !== undefined)
    ? new Map((await repo.listLines(db, storeId, input.orderId)).map((line) => [String(line.id), line]))
    : new Map<string, repo.LineRow>();
  const listed = new Set<string>();
  const merged: { id: number | undefined; fields: LineFields }[] = [];
  for (const item of input.items) {
    const savedLine = item.id !== undefined ? saved.get(String(item.id)) : undefined;
    if (item.id !== undefined && !savedLine) throw new AppError('NOT_FOUND', LINE_NOT_FOUND);
    if (savedLine) {
      if (listed.has(String(savedLine.id))) throw new AppError('BAD_REQUEST', `${savedLineLabel(savedLine)} is listed twice: give each line of the order once`);
      listed.add(String(savedLine.id));
    }
    merged.push({ id: item.id, fields: mergeLine(savedLine ? savedFields(savedLine) : BLANK_LINE, item) });
  }
  // A scanned line sells its item (404 for an unknown number, 409 once sold).
  const numbers = merged.flatMap((m) => (m.fields.itemNumber ? [m.fields.itemNumber] : []));
  const items = numbers.length > 0 ? await itemsForLines(db, storeId, numbers) : new Map<string, ItemRow>();
  const kept: { id: number | undefined; fields: LineFields; item: ItemRow | undefined }[] = [];
  for (const m of merged) {
    const bound = m.fields.itemNumber ? items.get(m.fields.itemNumber) : undefined;
    const fields = fromItem(m.fields, bound);
    if (isLineEmpty({ itemCode: fields.itemCode, description: fields.description, price: fields.price })) continue;
    assertLineWithinLimits(fields);
    kept.push({ id: m.id, fields, item: bound });
  }
  if (kept.length === 0) throw new AppError('BAD_REQUEST', 'An order needs at least one line with an item code, a description or a price');
  return kept;
}

/**
 * Whether the submitted order would move money out (packages/domain's movesMoneyOut),
 * read before the submit's transaction so a manager's approval is checked outside it;
 * the transaction decides again on the lines it saves.
 */
export async function submitMovesMoneyOut(db: Db, storeId: number, input: SubmitOrderInput): Promise<boolean> {
  const values = (await mergedLines(db, storeId, input)).map((k) => lineValues(k.fields, undefined, { defaultVendorCommissionPercent: 0n }));
  return movesMoneyOut(values, sumSavedLines(values).total);
}

/**
 * Saves the submitted lines over the saved ones (see mergeLine), in line order: those
 * with an id updated, the order's other lines removed and the new ones added. Answers
 * the order's lines as listLines would, their totals, and the lines of a vendor's code
 * as the ledger posts them.
 */
export async function saveLines(trx: Db, storeId: number, input: SubmitOrderInput, settings: Pick<Settings, 'defaultVendorCommissionPercent'>) {
  // The items new lines sell, locked first (see lockItemsByCodes): a line bound to an
  // item holds a key lock on it until commit, which the sale's own lock would wait on.
  await lockItemsByCodes(trx, storeId, input.items.flatMap((item) => (item.itemNumber ? [item.itemNumber] : [])));
  const kept = await mergedLines(trx, storeId, input);
  const resolved = await resolveCodes(
    trx,
    storeId,
    kept.flatMap((k) => (k.fields.itemCode ? [k.fields.itemCode] : [])),
  );
  const lines = kept.map((k) => {
    const found = k.fields.itemCode ? resolved.get(k.fields.itemCode.toLowerCase()) : undefined;
    // A code names a stock item or an item code; a line with no code is the store's own sale.
    if (k.fields.itemCode && !found) throw new AppError('BAD_REQUEST', unknownItemCodeMessage(k.fields.itemCode));
    return { id: k.id, found, code: found?.code, values: lineValues(k.fields, found?.code, settings, k.item) };
  });
  const written: { line: repo.WrittenLine; found: ResolvedCode | undefined; code: ItemCode; values: repo.LineValues }[] = [];
  for (const l of lines) {
    if (l.id === undefined) continue;
    const line = await repo.updateLine(trx, storeId, l.id, l.values);
    if (!line) throw new AppError('NOT_FOUND', LINE_NOT_FOUND);
    written.push({ line, found: l.found, code: l.code, values: l.values });
  }
  const added = lines.filter((l) => l.id === undefined);
  const inserted = await repo.replaceLines(
    trx,
    storeId,
    input.orderId,
    written.map((w) => w.line.id),
    added.map((l) => l.values),
  );
  inserted.forEach((line, i) => written.push({ line, found: added[i]!.found, code: added[i]!.code, values: added[i]!.values }));
  written.sort((a, b) => (a.line.id < b.line.id ? -1 : a.line.id > b.line.id ? 1 : 0));
  return {
    totals: sumSavedLines(written.map((w) => w.values)),
    items: written.map((w) => answeredLine(w.line, w.found)),
    vendorLines: written.flatMap(({ line, code, values }): VendorSaleLine[] =>
      code?.vendorId != null
        ? [
            {
              lineId: line.id,
              total: values.total,
              commissionPercent: values.commissionPercent,
              vendorId: BigInt(code.vendorId),
              itemCodeId: code.id,
              receivesSeparateStatement: code.receivesSeparateStatement,
              proportionalCcFee: code.proportionalCcFee,
            },
          ]
        : [],
    ),
  };
}
