/**
 * Price tags as they come out of a printer: each template's PDF is read by poppler
 * (page size, text) and rasterised at the printer's resolution in black and white, and
 * zbarimg must read every item number off the raster, as a scanner at the till would.
 * The bars are measured on the raster: modules no narrower than the printer renders
 * reliably (two dots of a 203 dpi thermal head, 0.25 mm on a 300 dpi laser), every bar
 * and space a whole number of modules, and quiet zones of ten modules clear of ink.
 *
 * Without pdftoppm or zbarimg the file is skipped with the reason printed; under CI=true
 * it fails instead (.ci/run installs poppler-utils and zbar-tools).
 */
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_LIMIT } from '@pos/domain';
import type { ItemLabelTemplate } from '@pos/contracts';
import { renderItemLabels, type ItemTag } from '../src/features/item/labels';
import { PrintedPdf, printReadersMissing, type Raster } from '../../../test/print-readers';

const missing = printReadersMissing();
if (missing && process.env.CI !== 'true') console.warn(`labels.test.ts skipped: ${missing}`);

const SCREENSHOTS = fileURLToPath(new URL('../../../screenshots/', import.meta.url));

/** The stock as sold, in inches, and the printer each is printed on (dots per inch). */
const ROLLS = {
  THERMAL_2_25x1_25: { width: 2.25, height: 1.25, dpi: 203 },
  JEWELRY_2_25x0_75: { width: 2.25, height: 0.75, dpi: 203 },
} as const;
/** Avery 5160 as Avery publishes it: letter sheets, 3 × 10 labels of 2⅝ × 1 in. */
const AVERY = { page: { width: 8.5, height: 11 }, label: { width: 2.625, height: 1 }, top: 0.5, side: 0.1875, pitchX: 2.75, pitchY: 1, dpi: 300 };
/** 0.25 mm in dots: two on a 203 dpi head, three on a 300 dpi laser. */
const minModule = (dpi: number) => Math.round((0.25 / 25.4) * dpi);

function tag(itemNumber: string, overrides: Partial<ItemTag> = {}): ItemTag {
  return { itemNumber, price: 45_000_000n, itemCode: 'B12', description: `Piece ${itemNumber}`, intakeDate: '2026-11-03', ...overrides };
}

async function render(template: ItemLabelTemplate, tags: ItemTag[], startAt?: number): Promise<PrintedPdf> {
  const pdf = new PrintedPdf(await renderItemLabels({ storeName: 'Old Mill', timeZone: 'America/Chicago', template, startAt, tags }));
  opened.push(pdf);
  return pdf;
}
const opened: PrintedPdf[] = [];
afterEach(() => {
  for (const pdf of opened.splice(0)) pdf.dispose();
});

/** A cell of an Avery sheet (1-based position, row by row) cropped from its page. */
function averyCell(pdf: PrintedPdf, page: number, position: number): Raster {
  const column = (position - 1) % 3;
  const row = Math.floor((position - 1) / 3);
  return pdf.raster(page, AVERY.dpi, { x: AVERY.side + column * AVERY.pitchX, y: AVERY.top + row * AVERY.pitchY, width: AVERY.label.width, height: AVERY.label.height });
}

/** The bars on one label's raster are a true-size Code 128 with its quiet zones. */
function expectTrueSizeBars(label: Raster, dpi: number) {
  const found = label.bars();
  expect(found, `bars on ${label.path}`).not.toBeNull();
  const { bars, spaces, top, bottom } = found!;
  const module = Math.min(...bars.map((b) => b.width), ...spaces);
  expect(module).toBeGreaterThanOrEqual(minModule(dpi));
  // Code 128 bars and spaces are one to four modules, each a whole number of dots.
  for (const width of [...bars.map((b) => b.width), ...spaces]) {
    expect(width % module, `a ${width}-dot element with ${module}-dot modules`).toBe(0);
    expect(width / module).toBeLessThanOrEqual(4);
  }
  const first = bars[0]!.x;
  const last = bars.at(-1)!.x + bars.at(-1)!.width;
  const quiet = 10 * module;
  expect(first - quiet, 'left quiet zone inside the label').toBeGreaterThanOrEqual(0);
  expect(last + quiet, 'right quiet zone inside the label').toBeLessThanOrEqual(label.width);
  expect(label.inkIn(first - quiet, first, top, bottom), 'ink in the left quiet zone').toBe(false);
  expect(label.inkIn(last, last + quiet, top, bottom), 'ink in the right quiet zone').toBe(false);
  // Tall enough to scan with a hand-held scanner held a little askew: at least 0.25 in.
  expect((bottom - top + 1) / dpi).toBeGreaterThanOrEqual(0.25);
}

const NUMBERS = ['7', '10234', '1000123', 'A-7734'];

describe.skipIf(missing !== null && process.env.CI !== 'true')('price tags read back by real readers', () => {
  beforeAll(() => {
    if (missing) throw new Error(`CI=true needs the print readers: ${missing}`);
  });

  for (const [template, roll] of Object.entries(ROLLS) as [keyof typeof ROLLS, (typeof ROLLS)[keyof typeof ROLLS]][]) {
    it(`${template}: a label a page at its true size, every number read back at ${roll.dpi} dpi`, async () => {
      const pdf = await render(
        template,
        NUMBERS.map((n, i) => tag(n, { price: BigInt(i + 1) * 12_500_000n, itemCode: `A${i + 1}` })),
      );
      expect(pdf.info().pages).toBe(NUMBERS.length);
      for (const size of pdf.pageSizes()) expect(size).toEqual({ width: roll.width * 72, height: roll.height * 72 });

      for (const [index, number] of NUMBERS.entries()) {
        const page = pdf.raster(index + 1, roll.dpi);
        expect(page.width).toBe(Math.round(roll.width * roll.dpi));
        expect(page.barcodes()).toEqual([number]);
        expectTrueSizeBars(page, roll.dpi);
        const text = pdf.text(index + 1);
        expect(text).toContain(`$${(12.5 * (index + 1)).toFixed(2)}`);
        expect(text).toContain(`A${index + 1}`);
        expect(text).toContain('Old Mill');
        expect(text).toContain('Nov 2026');
        expect(text).toContain(number);
      }
      pdf.png(1, 300, `${SCREENSHOTS}labels-${template}`);
    });
  }

  it('AVERY_5160: a letter sheet, tags from the top left row by row, each read back at 300 dpi', async () => {
    const pdf = await render('AVERY_5160', NUMBERS.map((n) => tag(n)));
    expect(pdf.info()).toEqual({ pages: 1, width: AVERY.page.width * 72, height: AVERY.page.height * 72 });
    for (const [index, number] of NUMBERS.entries()) {
      const cell = averyCell(pdf, 1, index + 1);
      expect(cell.barcodes()).toEqual([number]);
      expectTrueSizeBars(cell, AVERY.dpi);
    }
    expect(averyCell(pdf, 1, NUMBERS.length + 1).blank).toBe(true);
    expect(pdf.raster(1, AVERY.dpi).barcodes().sort()).toEqual([...NUMBERS].sort());
    pdf.png(1, 300, `${SCREENSHOTS}labels-AVERY_5160`);
  });

  it('AVERY_5160 from position 17: the first tag in column 2, row 6, positions 1-16 left blank', async () => {
    const pdf = await render('AVERY_5160', NUMBERS.map((n) => tag(n)), 17);
    expect(pdf.info().pages).toBe(1);
    // Position 17 is the 6th row's 2nd column: its cell, and no other, reads the first tag.
    expect(pdf.raster(1, AVERY.dpi, { x: AVERY.side + 1 * AVERY.pitchX, y: AVERY.top + 5 * AVERY.pitchY, width: 2.625, height: 1 }).barcodes()).toEqual(['7']);
    expect(averyCell(pdf, 1, 18).barcodes()).toEqual(['10234']);
    expect(averyCell(pdf, 1, 19).barcodes()).toEqual(['1000123']);
    expect(averyCell(pdf, 1, 20).barcodes()).toEqual(['A-7734']);
    for (let position = 1; position <= 16; position++) expect(averyCell(pdf, 1, position).blank, `position ${position}`).toBe(true);
    expect(averyCell(pdf, 1, 21).blank).toBe(true);
  });

  it('AVERY_5160: 40 tags from position 1 make 2 sheets; a half-used sheet flows onto the next', async () => {
    const forty = Array.from({ length: 40 }, (_, i) => tag(String(5000 + i)));
    const pdf = await render('AVERY_5160', forty);
    expect(pdf.info().pages).toBe(2);
    for (const size of pdf.pageSizes()) expect(size).toEqual({ width: 612, height: 792 });
    expect(pdf.raster(1, AVERY.dpi).barcodes().sort()).toEqual(forty.slice(0, 30).map((t) => t.itemNumber));
    expect(pdf.raster(2, AVERY.dpi).barcodes().sort()).toEqual(forty.slice(30).map((t) => t.itemNumber));
    expect(averyCell(pdf, 1, 30).barcodes()).toEqual(['5029']);
    expect(averyCell(pdf, 2, 1).barcodes()).toEqual(['5030']);
    expect(averyCell(pdf, 2, 10).barcodes()).toEqual(['5039']);
    expect(averyCell(pdf, 2, 11).blank).toBe(true);

    const fromSeventeen = await render('AVERY_5160', forty.slice(0, 20), 17);
    expect(fromSeventeen.info().pages).toBe(2);
    expect(averyCell(fromSeventeen, 1, 30).barcodes()).toEqual(['5013']);
    expect(averyCell(fromSeventeen, 2, 1).barcodes()).toEqual(['5014']);
    expect(averyCell(fromSeventeen, 2, 6).barcodes()).toEqual(['5019']);
    expect(averyCell(fromSeventeen, 2, 7).blank).toBe(true);
  });

  it('prints the price in cents rounded half to even, the intake month in the store’s time zone', async () => {
    const tags = [
      tag('1', { price: 1_234_565_000n }),
      tag('2', { price: 1_234_575_000n }),
      tag('3', { price: 10_005_000n, intakeDate: new Date('2026-12-01T03:00:00Z') }),
      tag('4', { price: 9_995_000n, intakeDate: new Date('2026-12-01T09:00:00Z') }),
    ];
    const pdf = await render('THERMAL_2_25x1_25', tags);
    expect(pdf.text(1)).toContain('$1,234.56');
    expect(pdf.text(2)).toContain('$1,234.58');
    // 9 p.m. on 30 November in Chicago.
    expect(pdf.text(3)).toContain('$10.00');
    expect(pdf.text(3)).toContain('Nov 2026');
    expect(pdf.text(4)).toContain('$10.00');
    expect(pdf.text(4)).toContain('Dec 2026');
  });

  for (const template of ['THERMAL_2_25x1_25', 'JEWELRY_2_25x0_75', 'AVERY_5160'] as const) {
    it(`${template}: the largest price shows whole; a long description and booth code are cut with an ellipsis`, async () => {
      const description = 'Victorian walnut side chair with original caned seat, turned legs and a maker’s label under the rail';
      const pdf = await render(template, [tag('10234', { price: PRICE_LIMIT, itemCode: 'VENDOR-BOOTH-CODE-THAT-RUNS-ON-AND-ON', description: `${description} 日本` })]);
      const text = pdf.text(1).replace(/\s+/g, ' ');
      expect(text).toContain('$10,000,000.00');
      expect(text).toContain('Victorian walnut');
      expect(text).toContain('…');
      expect(text).not.toContain('under the rail');
      expect(text).toContain('VENDOR-');
      const label = template === 'AVERY_5160' ? averyCell(pdf, 1, 1) : pdf.raster(1, 203);
      expect(label.barcodes()).toEqual(['10234']);
    });
  }

  it('shows characters the tag font lacks as "?" and accented ones it has as they are', async () => {
    const pdf = await render('THERMAL_2_25x1_25', [tag('9', { description: 'Café “Fiesta” bowl 日本 ő', itemCode: 'É-2' })]);
    const text = pdf.text(1);
    expect(text).toContain('Café “Fiesta” bowl ?? o');
    expect(text).toContain('É-2');
  });

  /** The longest numbers docs/ARCHITECTURE.md promises each template, all digits or not. */
  const LONGEST = {
    THERMAL_2_25x1_25: { digits: 26, other: 14, dpi: 203 },
    JEWELRY_2_25x0_75: { digits: 10, other: 6, dpi: 203 },
    AVERY_5160: { digits: 32, other: 17, dpi: 300 },
  } as const;
  for (const [template, longest] of Object.entries(LONGEST) as [ItemLabelTemplate, (typeof LONGEST)[ItemLabelTemplate]][]) {
    it(`${template}: the longest numbers it takes still scan; one more character is refused, naming the item`, async () => {
      const digits = '1234567890'.repeat(4).slice(0, longest.digits);
      const other = 'AB-CD/EF.GHJKLMNPQRS'.slice(0, longest.other);
      const pdf = await render(template, [tag(digits), tag(other)]);
      const labels = template === 'AVERY_5160' ? [averyCell(pdf, 1, 1), averyCell(pdf, 1, 2)] : [pdf.raster(1, longest.dpi), pdf.raster(2, longest.dpi)];
      expect(labels.map((label) => label.barcodes())).toEqual([[digits], [other]]);
      for (const label of labels) expectTrueSizeBars(label, longest.dpi);

      // Every length up to the longest fits (an odd count of digits costs a character more).
      for (let length = 1; length <= longest.digits; length++) await expect(renderOne(template, '7'.repeat(length))).resolves.toBeInstanceOf(Buffer);
      const tooLong = '7'.repeat(longest.digits + 1);
      await expect(renderOne(template, tooLong)).rejects.toThrow(`Item ${tooLong} is too long for a barcode on`);
      await expect(renderOne(template, `${other}X`)).rejects.toThrow(`Item ${other}X is too long for a barcode on`);
    });
  }
});

function renderOne(template: ItemLabelTemplate, itemNumber: string) {
  return renderItemLabels({ storeName: 'Old Mill', timeZone: 'UTC', template, tags: [tag(itemNumber)] });
}

describe('price tags refused before anything is drawn', () => {
  it('refuses an item number no barcode can carry, naming it', async () => {
    await expect(renderOne('THERMAL_2_25x1_25', 'Ware\u0007')).rejects.toThrow('Item number "Ware\\u0007" cannot be printed as a barcode');
    await expect(renderOne('THERMAL_2_25x1_25', '日本')).rejects.toThrow('cannot be printed as a barcode');
    await expect(renderOne('THERMAL_2_25x1_25', '')).rejects.toThrow('Item number "" cannot be printed as a barcode');
    await expect(renderOne('THERMAL_2_25x1_25', ' 42')).rejects.toThrow('Item number " 42" cannot be printed as a barcode');
  });

  it('refuses a whole print when one of its numbers does not fit, with a 400', async () => {
    const refused = renderItemLabels({
      storeName: 'Old Mill',
      timeZone: 'UTC',
      template: 'JEWELRY_2_25x0_75',
      tags: [tag('7'), tag('123456789012345')],
    });
    await expect(refused).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Item 123456789012345 is too long for a barcode on Jewelry 2.25 × 0.75 in tags: print it on a wider template' });
  });
});
