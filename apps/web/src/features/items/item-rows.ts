/**
 * Intake rows as the intake grid and the CSV import hold them (text as typed), turned
 * into /item/import's rows and checked with the server's own row schema, so every bad
 * row shows the message the server would give, under its row number. Pure functions.
 */
import Papa from 'papaparse';
import { ZAddItemInput, importRowMessage, toMoneyWire, type AddItemInput } from '@pos/contracts';
import { parseMoney, DomainError } from '@pos/domain';

export interface IntakeRow {
  itemCode: string;
  description: string;
  price: string;
  quantity: string;
  category: string;
}

export const BLANK_ROW: IntakeRow = { itemCode: '', description: '', price: '', quantity: '1', category: '' };

/** A row nobody typed into (the grid's last row): left out of a save. */
export function rowIsBlank(row: IntakeRow): boolean {
  return row.itemCode.trim() === '' && row.description.trim() === '' && row.price.trim() === '' && row.category.trim() === '';
}

/** The row as /item/import takes it; a price that is not money is sent as is for the schema to name. */
export function rowInput(row: IntakeRow) {
  let price: unknown = row.price;
  try {
    price = toMoneyWire(parseMoney(row.price));
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
  }
  const quantity = row.quantity.trim() === '' ? 1 : /^\d+$/.test(row.quantity.trim()) ? Number(row.quantity.trim()) : row.quantity;
  return { itemCode: row.itemCode, description: row.description, price, quantity, category: row.category };
}

export interface CheckedRow {
  row: IntakeRow;
  /** 1-based, as the server names rows. */
  n: number;
  error: string | null;
  input: ReturnType<typeof rowInput>;
}

/** Every row checked with the server's schema; a price that is not money reads as the server would say. */
export function checkRows(rows: readonly IntakeRow[]): CheckedRow[] {
  return rows.map((row, i) => {
    const input = rowInput(row);
    const parsed = typeof input.price === 'string' ? null : ZAddItemInput.safeParse(input);
    const error =
      typeof input.price === 'string'
        ? importRowMessage(i + 1, row.price.trim() === '' ? 'Price is required' : `Price "${row.price}" is not an amount`)
        : parsed && !parsed.success
          ? importRowMessage(i + 1, parsed.error.issues[0]?.message ?? 'Invalid row')
          : null;
    return { row, n: i + 1, error, input };
  });
}

export type ParsedRow = AddItemInput;

const HEADERS: Record<string, keyof IntakeRow> = {
  itemcode: 'itemCode',
  code: 'itemCode',
  booth: 'itemCode',
  description: 'description',
  price: 'price',
  quantity: 'quantity',
  qty: 'quantity',
  category: 'category',
};

/** A CSV file's rows by its header line (Item Code, Description, Price, Quantity, Category; any case and spacing). */
export function rowsFromCsv(text: string): { rows: IntakeRow[]; problem: string | null } {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy', transformHeader: (h) => h.toLowerCase().replace(/[\s_-]/g, '') });
  const fields = parsed.meta.fields ?? [];
  if (!fields.includes('description') || !fields.includes('price')) {
    return { rows: [], problem: 'The file needs a header line with at least Description and Price (and Item Code, Quantity, Category)' };
  }
  const rows = parsed.data.map((record) => {
    const row: IntakeRow = { ...BLANK_ROW, quantity: '' };
    for (const [header, value] of Object.entries(record)) {
      const field = HEADERS[header];
      if (field) row[field] = (value ?? '').trim();
    }
    return row;
  });
  return { rows, problem: null };
}
