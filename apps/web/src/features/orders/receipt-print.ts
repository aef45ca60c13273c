/**
 * Receipt paper: an 80 mm roll (a receipt printer) or an A4 sheet. The till remembers
 * the choice (a till has one printer), and a printed receipt gets a page of its paper:
 * on a roll exactly as long as the receipt, so no paper is fed past its end.
 */

export const RECEIPT_PAPERS = [
  { value: 'roll80', label: '80 mm roll' },
  { value: 'a4', label: 'A4' },
] as const;
export type ReceiptPaper = (typeof RECEIPT_PAPERS)[number]['value'];

export const DEFAULT_PAPER: ReceiptPaper = 'roll80';
export const PAPER_STORAGE_KEY = 'receiptPaper';

export interface PaperStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function isReceiptPaper(value: unknown): value is ReceiptPaper {
  return RECEIPT_PAPERS.some((p) => p.value === value);
}

export function loadPaper(storage: PaperStorage | null): ReceiptPaper {
  try {
    const stored = storage?.getItem(PAPER_STORAGE_KEY);
    return isReceiptPaper(stored) ? stored : DEFAULT_PAPER;
  } catch {
    return DEFAULT_PAPER;
  }
}

export function savePaper(storage: PaperStorage | null, paper: ReceiptPaper): void {
  try {
    storage?.setItem(PAPER_STORAGE_KEY, paper);
  } catch {
    // Storage may be full or refused; the choice then lasts until the page closes.
  }
}

const MM_PER_CSS_PX = 25.4 / 96;
/** A4 margins; a roll prints to its edges (the receipt's own padding keeps the text off them). */
export const A4_MARGIN_MM = 15;
/** Spare length on a roll, so rounding never spills a last line onto a second page. */
const ROLL_SPARE_MM = 4;

/** The @page rule for printing a receipt laid out `heightPx` CSS pixels tall. */
export function receiptPageRule(paper: ReceiptPaper, heightPx: number): string {
  if (paper === 'a4') return `@page { size: A4 portrait; margin: ${A4_MARGIN_MM}mm; }`;
  const length = Math.ceil(Math.max(0, heightPx) * MM_PER_CSS_PX) + ROLL_SPARE_MM;
  return `@page { size: 80mm ${length}mm; margin: 0; }`;
}
