/**
 * Stock items are the store's items that carry a SKU (see docs/API.md, Stock items). One
 * still in the store is low on stock when its quantity is at or below its reorder level,
 * as /store/inventory/list answers `lowStock`.
 */
export interface StockLevel {
  alias: string | null;
  quantity: number;
  reorderLevel: number;
  status: string;
}

/** A stock item (it has a SKU) not withdrawn: the one a manager restocks. */
export function isStockItem(item: Pick<StockLevel, 'alias' | 'status'>): boolean {
  return item.alias !== null && item.status !== 'WITHDRAWN';
}

export function isLowStock(item: StockLevel): boolean {
  return isStockItem(item) && item.quantity <= item.reorderLevel;
}
