import { describe, expect, it } from 'vitest';
import { DEFAULT_PAPER, loadPaper, PAPER_STORAGE_KEY, receiptPageRule, savePaper, type PaperStorage } from './receipt-print';

function memoryStorage(initial: Record<string, string> = {}): PaperStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

describe('receipt paper', () => {
  it('is remembered by the till, and an unknown or unreadable choice falls back to the roll', () => {
    const storage = memoryStorage();
    expect(loadPaper(storage)).toBe(DEFAULT_PAPER);
    savePaper(storage, 'a4');
    expect(storage.data[PAPER_STORAGE_KEY]).toBe('a4');
    expect(loadPaper(storage)).toBe('a4');
    expect(loadPaper(memoryStorage({ [PAPER_STORAGE_KEY]: 'letter' }))).toBe('roll80');
    const refusing: PaperStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(loadPaper(refusing)).toBe('roll80');
    expect(() => savePaper(refusing, 'a4')).not.toThrow();
    expect(loadPaper(null)).toBe('roll80');
  });

  it('prints a roll 80 mm wide and as long as the receipt (plus a little), an A4 sheet with margins', () => {
    // 960 px at 96 px per inch is exactly 254 mm; a pixel more starts the next millimetre.
    expect(receiptPageRule('roll80', 960)).toBe('@page { size: 80mm 258mm; margin: 0; }');
    expect(receiptPageRule('roll80', 961)).toBe('@page { size: 80mm 259mm; margin: 0; }');
    expect(receiptPageRule('a4', 5000)).toBe('@page { size: A4 portrait; margin: 15mm; }');
  });
});
