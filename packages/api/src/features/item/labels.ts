/**
 * Price tags as a PDF that prints at true size (docs/ARCHITECTURE.md, Price tags). Pure:
 * the caller reads the items; this lays out their tags and draws them.
 *
 * A tag shows the store's short name, the price large, the item code (the booth), the
 * description cut to fit, the intake month, and a Code 128 barcode of the item number
 * with the number under it. The bars are drawn as vector rectangles from bwip-js's
 * encoding, each module a whole number of the printer's dots, never narrower than two
 * dots of a 203 dpi thermal head (0.25 mm), with quiet zones of at least ten modules.
 *
 * pdfkit and bwip-js load on the first print, not when the server starts (pdfkit alone
 * takes a few hundred milliseconds to import).
 */
import type BwipJs from 'bwip-js/node';
import { formatMoney } from '@pos/domain';
import { AVERY_5160_LABELS_PER_SHEET, type ItemLabelTemplate } from '@pos/contracts';
import { AppError } from '../../errors';

/** One tag's facts. */
export interface ItemTag {
  /** What the barcode encodes and the till scans: printable ASCII, usually digits. */
  itemNumber: string;
  /** Micro-units; printed in cents, half-to-even. */
  price: bigint;
  /** The booth's item code; null or '' for goods of no code. */
  itemCode: string | null;
  description: string;
  /** A calendar date ('2026-11-03'), or an instant read in the store's time zone. */
  intakeDate: Date | string;
}

export interface ItemLabelsRequest {
  /** The store's short name, printed on every tag. */
  storeName: string;
  /** The store's IANA time zone, for the intake month of an instant. */
  timeZone: string;
  template: ItemLabelTemplate;
  /** AVERY_5160 only: the first free position (1..30, row by row from the top left); 1 when absent. */
  startAt?: number | null;
  /** In print order. */
  tags: readonly ItemTag[];
}

const INCH = 72;
/** Quiet zone each side of the bars, in modules (Code 128 asks for at least ten). */
const QUIET_ZONE_MODULES = 10;

interface Sheet {
  width: number;
  height: number;
  columns: number;
  rows: number;
  /** Top left corner of the first label. */
  marginLeft: number;
  marginTop: number;
  pitchX: number;
  pitchY: number;
}

/** Type sizes and the gap between lines, in points. */
interface TextSizes {
  /** Store name and intake month. */
  header: number;
  /** The price shrinks from max towards min until it fits. */
  priceMax: number;
  priceMin: number;
  code: number;
  description: number;
  /** The item number under the bars. */
  number: number;
  gap: number;
}

interface StackedText extends TextSizes {
  kind: 'stacked';
}

interface SideText extends TextSizes {
  kind: 'side';
  /** Width of the barcode's block (quiet zones included), from the label's left edge. */
  barcodeBlock: number;
}

export interface TemplateSpec {
  title: string;
  /** Label size in points. */
  width: number;
  height: number;
  /** null: one label a page, the page the label's size. */
  sheet: Sheet | null;
  /** The printer's grid the bars are laid on. */
  dpi: number;
  /** Narrowest and widest module, in the printer's dots. */
  minModuleDots: number;
  maxModuleDots: number;
  /** Blank band inside the label's edges: die-cut and feed tolerance. */
  insetX: number;
  insetY: number;
  layout: StackedText | SideText;
}

/** Sizes in points; the geometry of each stock is in docs/ARCHITECTURE.md. */
export const LABEL_TEMPLATES: Record<ItemLabelTemplate, TemplateSpec> = {
  THERMAL_2_25x1_25: {
    title: 'Thermal 2.25 × 1.25 in',
    width: 2.25 * INCH,
    height: 1.25 * INCH,
    sheet: null,
    dpi: 203,
    minModuleDots: 2,
    maxModuleDots: 4,
    insetX: 0.07 * INCH,
    insetY: 0.07 * INCH,
    layout: { kind: 'stacked', header: 7, priceMax: 22, priceMin: 10, code: 11, description: 7.5, number: 8, gap: 2.5 },
  },
  JEWELRY_2_25x0_75: {
    title: 'Jewelry 2.25 × 0.75 in',
    width: 2.25 * INCH,
    height: 0.75 * INCH,
    sheet: null,
    dpi: 203,
    minModuleDots: 2,
    maxModuleDots: 3,
    insetX: 0.05 * INCH,
    insetY: 0.05 * INCH,
    layout: { kind: 'side', barcodeBlock: 1.25 * INCH, header: 5.5, priceMax: 15, priceMin: 7, code: 8, description: 5.5, number: 7, gap: 1.5 },
  },
  AVERY_5160: {
    title: 'Avery 5160',
    width: 2.625 * INCH,
    height: 1 * INCH,
    sheet: {
      width: 8.5 * INCH,
      height: 11 * INCH,
      columns: 3,
      rows: AVERY_5160_LABELS_PER_SHEET / 3,
      marginLeft: 0.1875 * INCH,
      marginTop: 0.5 * INCH,
      pitchX: 2.75 * INCH,
      pitchY: 1 * INCH,
    },
    dpi: 300,
    minModuleDots: 3,
    maxModuleDots: 6,
    insetX: 0.1 * INCH,
    insetY: 0.06 * INCH,
    layout: { kind: 'stacked', header: 6, priceMax: 15, priceMin: 8, code: 10, description: 6.5, number: 7, gap: 1.5 },
  },
};

const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';
/** Helvetica's cap height and descender, in ems (its AFM metrics). */
const CAP = 0.718;
const DESCENT = 0.207;

type Doc = PDFKit.PDFDocument;
type BarcodeWriter = typeof BwipJs;

let libraries: Promise<{ PDFDocument: typeof import('pdfkit'); bwipjs: BarcodeWriter }> | undefined;
function loadLibraries() {
  libraries ??= Promise.all([import('pdfkit'), import('bwip-js/node')]).then(([pdfkit, bwip]) => ({
    PDFDocument: pdfkit.default,
    // bwip-js's ES module exports its API as the default object; its named `raw` is the
    // encoder of the "raw" symbology, not the bar widths its typings describe.
    bwipjs: (bwip as unknown as { default: BarcodeWriter }).default,
  }));
  return libraries;
}

/**
 * Encoding and drawing are synchronous, about a millisecond a tag: a print of hundreds
 * lets the server answer other calls (a till's) every few dozen tags.
 */
const TAGS_BETWEEN_BREATHS = 25;
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Renders the tags to one PDF, a page a label (thermal, jewellery) or a page a sheet (Avery). */
export async function renderItemLabels(request: ItemLabelsRequest): Promise<Buffer> {
  const spec = LABEL_TEMPLATES[request.template];
  if (request.tags.length === 0) throw new RangeError('renderItemLabels needs at least one tag');
  const startAt = request.startAt ?? 1;
  const perSheet = spec.sheet ? spec.sheet.columns * spec.sheet.rows : 1;
  if (!(Number.isInteger(startAt) && startAt >= 1 && startAt <= perSheet)) throw new RangeError(`startAt must be 1..${perSheet}, got ${startAt}`);
  const { PDFDocument, bwipjs } = await loadLibraries();
  // Every barcode is encoded before anything is drawn, so a number that cannot print refuses the whole request.
  const tags: { tag: ItemTag; barcode: Encoded }[] = [];
  for (const tag of request.tags) {
    tags.push({ tag, barcode: encode(bwipjs, tag.itemNumber, spec) });
    if (tags.length % TAGS_BETWEEN_BREATHS === 0) await breathe();
  }

  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    info: { Title: `Price tags (${spec.title})`, Creator: 'Consignment POS' },
  });
  const done = collect(doc);
  const storeName = printable(request.storeName);

  if (spec.sheet) {
    const sheet = spec.sheet;
    let position = startAt - 1;
    for (const [index, { tag, barcode }] of tags.entries()) {
      if (index === 0 || position === 0) doc.addPage({ size: [sheet.width, sheet.height], margin: 0 });
      const column = position % sheet.columns;
      const row = Math.floor(position / sheet.columns);
      drawTag(doc, spec, sheet.marginLeft + column * sheet.pitchX, sheet.marginTop + row * sheet.pitchY, tag, barcode, storeName, request.timeZone);
      position = (position + 1) % perSheet;
      if ((index + 1) % TAGS_BETWEEN_BREATHS === 0) await breathe();
    }
  } else {
    for (const [index, { tag, barcode }] of tags.entries()) {
      doc.addPage({ size: [spec.width, spec.height], margin: 0 });
      drawTag(doc, spec, 0, 0, tag, barcode, storeName, request.timeZone);
      if ((index + 1) % TAGS_BETWEEN_BREATHS === 0) await breathe();
    }
  }
  doc.end();
  return done;
}

function collect(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

interface Encoded {
  /** Alternating bar and space widths in modules, starting with a bar (start to stop character). */
  widths: number[];
  modules: number;
  /** Dots a module takes on this template. */
  moduleDots: number;
}

/** The widest module that fits the template's barcode zone, or a refusal naming the item. */
function encode(bwipjs: BarcodeWriter, itemNumber: string, spec: TemplateSpec): Encoded {
  if (!/^[\x20-\x7e]+$/.test(itemNumber) || itemNumber.trim() !== itemNumber) {
    throw new AppError('BAD_REQUEST', `Item number ${JSON.stringify(itemNumber)} cannot be printed as a barcode`);
  }
  const [symbol] = bwipjs.raw({ bcid: 'code128', text: itemNumber });
  if (!symbol || !('sbs' in symbol)) throw new Error(`bwip-js gave no Code 128 bars for ${itemNumber}`);
  const widths = symbol.sbs;
  const modules = widths.reduce((sum: number, w: number) => sum + w, 0);
  const dot = INCH / spec.dpi;
  // One dot spare, so putting the bars on the printer's grid never eats into a quiet zone.
  const room = barcodeZone(spec).width - dot;
  const moduleDots = Math.min(spec.maxModuleDots, Math.floor(room / ((modules + 2 * QUIET_ZONE_MODULES) * dot)));
  if (moduleDots < spec.minModuleDots) {
    throw new AppError('BAD_REQUEST', `Item ${itemNumber} is too long for a barcode on ${spec.title} tags: print it on a wider template`);
  }
  return { widths, modules, moduleDots };
}

/** The band the barcode and its quiet zones may take, relative to the label's left edge. */
function barcodeZone(spec: TemplateSpec): { x: number; width: number } {
  const right = spec.layout.kind === 'side' ? spec.layout.barcodeBlock : spec.width - spec.insetX;
  return { x: spec.insetX, width: right - spec.insetX };
}

/** The month of intake as 'Nov 2026'. */
function intakeMonth(date: Date | string, timeZone: string): string {
  let year: number;
  let month: number;
  if (typeof date === 'string') {
    const match = /^(\d{4})-(\d{2})-\d{2}/.exec(date);
    if (!match) throw new RangeError(`intakeDate must be YYYY-MM-DD, got ${date}`);
    year = Number(match[1]);
    month = Number(match[2]);
  } else {
    const parts = monthFormat(timeZone).formatToParts(date);
    year = Number(parts.find((p) => p.type === 'year')?.value);
    month = Number(parts.find((p) => p.type === 'month')?.value);
  }
  return `${MONTHS[month - 1] ?? '?'} ${year}`;
}
/** One formatter per time zone: making one costs about a millisecond, more than a tag's drawing. */
const monthFormats = new Map<string, Intl.DateTimeFormat>();
function monthFormat(timeZone: string): Intl.DateTimeFormat {
  let format = monthFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' });
    monthFormats.set(timeZone, format);
  }
  return format;
}
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Text the standard PDF fonts can show (Windows-1252): line breaks become spaces, an
 * accented letter outside it loses its accent, anything else becomes '?'.
 */
function printable(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    if (/\s/u.test(ch)) out += ' ';
    else if (isWinAnsi(ch)) out += ch;
    else {
      const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
      out += base.length > 0 && [...base].every(isWinAnsi) ? base : '?';
    }
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

/** The characters of Windows-1252 above Latin-1's range that PDF's WinAnsiEncoding maps. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
function isWinAnsi(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch);
}

/** Text cut to `width` points with an ellipsis; '' when not even one character and the ellipsis fit. */
function fit(doc: Doc, text: string, font: string, size: number, width: number): string {
  doc.font(font).fontSize(size);
  if (doc.widthOfString(text) <= width) return text;
  const cut = (length: number) => `${text.slice(0, length).trimEnd()}…`;
  // The longest prefix that fits with its ellipsis, by halving (a width grows with the prefix).
  let fits = 0;
  let fails = text.length;
  while (fails - fits > 1) {
    const middle = (fits + fails) >> 1;
    if (doc.widthOfString(cut(middle)) <= width) fits = middle;
    else fails = middle;
  }
  return text.slice(0, fits).trim() ? cut(fits) : '';
}

/** The largest size in [min, max] (half-point steps) at which `text` fits `width`; min when none does. */
function fitSize(doc: Doc, text: string, font: string, max: number, min: number, width: number): number {
  doc.font(font);
  for (let size = max; size > min; size -= 0.5) {
    if (doc.fontSize(size).widthOfString(text) <= width) return size;
  }
  return min;
}

/** Writes `text` with its baseline at y. */
function write(doc: Doc, text: string, font: string, size: number, x: number, baseline: number, align: 'left' | 'right' | 'center' = 'left', width = 0) {
  if (!text) return;
  doc.font(font).fontSize(size);
  const w = doc.widthOfString(text);
  const left = align === 'left' ? x : align === 'right' ? x + width - w : x + (width - w) / 2;
  doc.text(text, left, baseline, { lineBreak: false, baseline: 'alphabetic' });
}

interface Facts {
  store: string;
  month: string;
  price: string;
  code: string;
  description: string;
  number: string;
}

function drawTag(doc: Doc, spec: TemplateSpec, x: number, y: number, tag: ItemTag, barcode: Encoded, store: string, timeZone: string) {
  const facts: Facts = {
    store,
    month: intakeMonth(tag.intakeDate, timeZone),
    price: formatMoney(tag.price),
    code: printable(tag.itemCode ?? ''),
    description: printable(tag.description),
    number: tag.itemNumber,
  };
  doc.fillColor('black');
  if (spec.layout.kind === 'stacked') drawStacked(doc, spec, spec.layout, x, y, facts, barcode);
  else drawSide(doc, spec, spec.layout, x, y, facts, barcode);
}

/**
 * Top to bottom: store name and intake month; the price large with the item code at the
 * right; the description; the bars across the label; the item number under them.
 */
function drawStacked(doc: Doc, spec: TemplateSpec, t: StackedText, x: number, y: number, f: Facts, barcode: Encoded) {
  const left = x + spec.insetX;
  const width = spec.width - 2 * spec.insetX;
  let cursor = y + spec.insetY;

  cursor = header(doc, f, t.header, left, width, cursor) + t.gap;

  // The booth code keeps up to half the line (shrinking before it is cut); the price takes the rest.
  const codeSize = fitSize(doc, f.code, BOLD, t.code, t.code * 0.75, width / 2);
  const code = fit(doc, f.code, BOLD, codeSize, width / 2);
  const codeWidth = code ? doc.font(BOLD).fontSize(codeSize).widthOfString(code) + 6 : 0;
  const priceSize = fitSize(doc, f.price, BOLD, t.priceMax, t.priceMin, width - codeWidth);
  cursor += priceSize * CAP;
  write(doc, f.price, BOLD, priceSize, left, cursor);
  write(doc, code, BOLD, codeSize, left, cursor, 'right', width);
  cursor += t.gap * 2;

  if (f.description) cursor = lines(doc, f.description, REGULAR, t.description, left, width, cursor, 1);
  cursor += t.gap;

  const bottom = y + spec.height - spec.insetY;
  const numberBaseline = bottom - t.number * DESCENT * 0.5;
  const barsBottom = numberBaseline - t.number * CAP - t.gap;
  const zone = barcodeZone(spec);
  const placed = drawBars(doc, spec, barcode, x + zone.x, zone.width, cursor, barsBottom - cursor);
  write(doc, f.number, REGULAR, t.number, placed.x, numberBaseline, 'center', placed.width);
}

/**
 * The narrow jewellery tag: the bars and the number under them on the left; on the
 * right, the store name and intake month, the price large, the item code, and as much
 * of the description as the lines left can hold.
 */
function drawSide(doc: Doc, spec: TemplateSpec, t: SideText, x: number, y: number, f: Facts, barcode: Encoded) {
  const top = y + spec.insetY;
  const bottom = y + spec.height - spec.insetY;
  const zone = barcodeZone(spec);
  const numberBaseline = bottom - t.number * DESCENT * 0.5;
  const placed = drawBars(doc, spec, barcode, x + zone.x, zone.width, top, numberBaseline - t.number * CAP - t.gap - top);
  write(doc, f.number, REGULAR, t.number, placed.x, numberBaseline, 'center', placed.width);

  const left = x + t.barcodeBlock + 2;
  const width = x + spec.width - spec.insetX - left;
  let cursor = header(doc, f, t.header, left, width, top) + t.gap;

  const priceSize = fitSize(doc, f.price, BOLD, t.priceMax, t.priceMin, width);
  cursor += priceSize * CAP;
  write(doc, f.price, BOLD, priceSize, left, cursor);
  cursor += t.gap * 2;

  if (f.code) {
    const codeSize = fitSize(doc, f.code, BOLD, t.code, t.code * 0.75, width);
    cursor += codeSize * CAP;
    write(doc, fit(doc, f.code, BOLD, codeSize, width), BOLD, codeSize, left, cursor);
    cursor += codeSize * DESCENT + t.gap;
  }

  const leading = t.description * 1.15;
  const room = Math.floor((bottom - cursor - t.description * (CAP + DESCENT)) / leading) + 1;
  if (f.description && room > 0) lines(doc, f.description, REGULAR, t.description, left, width, cursor, room);
}

/** The store's name at the left and the intake month at the right, from `top`; answers the line's bottom. */
function header(doc: Doc, f: Facts, size: number, left: number, width: number, top: number): number {
  const baseline = top + size * CAP;
  const monthWidth = doc.font(REGULAR).fontSize(size).widthOfString(f.month);
  write(doc, f.month, REGULAR, size, left, baseline, 'right', width);
  write(doc, fit(doc, f.store, BOLD, size, width - monthWidth - 4), BOLD, size, left, baseline);
  return baseline + size * DESCENT;
}

/**
 * `text` in at most `maxLines` lines from `top`, broken between words, the last line cut
 * with an ellipsis when the text goes on; answers the bottom of the last line.
 */
function lines(doc: Doc, text: string, font: string, size: number, left: number, width: number, top: number, maxLines: number): number {
  doc.font(font).fontSize(size);
  const words = text.split(' ');
  const space = doc.widthOfString(' ');
  let baseline = top + size * CAP;
  let next = 0;
  for (let line = 1; next < words.length; line++) {
    let end = words.length;
    if (line < maxLines) {
      // As many words as fit, one at least (fit cuts a word longer than the line).
      let used = doc.widthOfString(words[next] ?? '');
      for (end = next + 1; end < words.length; end++) {
        const more = space + doc.widthOfString(words[end] ?? '');
        if (used + more > width) break;
        used += more;
      }
    }
    write(doc, fit(doc, words.slice(next, end).join(' '), font, size, width), font, size, left, baseline);
    next = end;
    if (next < words.length) baseline += size * 1.15;
  }
  return baseline + size * DESCENT;
}

/**
 * Draws the bars centred in the zone, every edge on the printer's dot grid, and answers
 * where the symbol (without its quiet zones) landed.
 */
function drawBars(doc: Doc, spec: TemplateSpec, barcode: Encoded, zoneX: number, zoneWidth: number, top: number, height: number): { x: number; width: number } {
  const dot = INCH / spec.dpi;
  const module = barcode.moduleDots * dot;
  const symbolWidth = barcode.modules * module;
  const start = Math.round((zoneX + (zoneWidth - symbolWidth) / 2) / dot) * dot;
  // Each bar stops a sixth of a dot short of its grid lines: an edge exactly on a line is
  // painted on either side of it by a rasteriser (both PDF's any-part-of-a-pixel rule and
  // a pixel-centre rule), which widens a two-dot bar by half; kept inside, a bar covers
  // exactly its dots under either rule.
  const inset = dot / 6;
  let dots = 0;
  for (const [index, w] of barcode.widths.entries()) {
    if (index % 2 === 0) doc.rect(start + dots * dot + inset, top, w * barcode.moduleDots * dot - 2 * inset, height);
    dots += w * barcode.moduleDots;
  }
  doc.fill('black');
  return { x: start, width: symbolWidth };
}
