import { describe, expect, it } from 'vitest';
import { checkRows, rowsFromCsv } from './item-rows';

describe('rowsFromCsv and checkRows', () => {
  it('reads rows by header, and names each bad row and field as the server does', () => {
    const { rows, problem } = rowsFromCsv('\uFEFFItem Code,Description,Price,Qty,Category\r\nJANE1,Cameo brooch,35.00,,Jewelry\r\nJANE1,Bad,-4,1,\r\nJANE1,Worse,ten,2,\r\n');
    expect(problem).toBeNull();
    expect(rows[0]).toEqual({ itemCode: 'JANE1', description: 'Cameo brooch', price: '35.00', quantity: '', category: 'Jewelry' });
    const checked = checkRows(rows);
    expect(checked.map((c) => c.error)).toEqual([null, 'Row 2: Price must not be negative', 'Row 3: Price "ten" is not an amount']);
    expect(checked[0]!.input).toMatchObject({ price: { type: 'Money', value: '35000000' }, quantity: 1 });
  });

  it('refuses a file without Description and Price columns', () => {
    expect(rowsFromCsv('a,b\n1,2\n').problem).toMatch(/Description and Price/);
  });
});
