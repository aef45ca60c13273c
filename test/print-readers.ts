/**
 * Real readers of printed output for tests: poppler's pdfinfo, pdftoppm and pdftotext
 * read a PDF as a printer would, and zbar's zbarimg reads barcodes off the raster, as a
 * scanner at the till would. Debian's poppler-utils and zbar-tools; .ci/run installs them.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Why the readers cannot run here, or null when they all can. */
export function printReadersMissing(): string | null {
  const missing = [
    ['pdfinfo', '-v'],
    ['pdftoppm', '-v'],
    ['pdftotext', '-v'],
    ['zbarimg', '--version'],
  ].filter(([command, flag]) => spawnSync(command!, [flag!]).error !== undefined);
  return missing.length === 0 ? null : `${missing.map(([c]) => c).join(', ')} not installed (apt-get install poppler-utils zbar-tools)`;
}

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return result.stdout;
}

/** A PDF on disk for the readers, removed by `dispose`. */
export class PrintedPdf {
  readonly dir = mkdtempSync(join(tmpdir(), 'pos-print-'));
  readonly path = join(this.dir, 'printed.pdf');

  constructor(pdf: Uint8Array) {
    writeFileSync(this.path, pdf);
  }

  dispose() {
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** pdfinfo's page count and the first page's size in points. */
  info(): { pages: number; width: number; height: number } {
    const out = run('pdfinfo', [this.path]);
    const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(out);
    const pages = /Pages:\s+(\d+)/.exec(out);
    if (!size || !pages) throw new Error(`pdfinfo said:\n${out}`);
    return { pages: Number(pages[1]), width: Number(size[1]), height: Number(size[2]) };
  }

  /** The size in points of every page (pdfinfo -l). */
  pageSizes(): { width: number; height: number }[] {
    const { pages } = this.info();
    const out = run('pdfinfo', ['-f', '1', '-l', String(pages), this.path]);
    return [...out.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => ({ width: Number(m[1]), height: Number(m[2]) }));
  }

  /** The text of a page as pdftotext reads it, laid out. */
  text(page: number): string {
    return run('pdftotext', ['-layout', '-f', String(page), '-l', String(page), this.path, '-']);
  }

  /** One page as a PNG at `dpi` for a person to look at, written to `path` (no extension). */
  png(page: number, dpi: number, path: string): string {
    mkdirSync(dirname(path), { recursive: true });
    run('pdftoppm', ['-png', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', this.path, path]);
    return `${path}.png`;
  }

  /**
   * One page rasterised by pdftoppm in black and white at `dpi` (a printer's dots), or a
   * crop of it: `crop` in inches from the page's top left.
   */
  raster(page: number, dpi: number, crop?: { x: number; y: number; width: number; height: number }): Raster {
    const base = join(this.dir, `page-${page}-${dpi}-${crop ? `${crop.x}-${crop.y}` : 'all'}`);
    const args = ['-mono', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile'];
    if (crop) {
      const px = (inches: number) => String(Math.round(inches * dpi));
      args.push('-x', px(crop.x), '-y', px(crop.y), '-W', px(crop.width), '-H', px(crop.height));
    }
    run('pdftoppm', [...args, this.path, base]);
    return Raster.read(`${base}.pbm`);
  }
}

/** A 1-bit image from a binary PBM file; true is ink. */
export class Raster {
  private constructor(
    readonly path: string,
    readonly width: number,
    readonly height: number,
    private readonly bits: Uint8Array,
    private readonly stride: number,
  ) {}

  static read(path: string): Raster {
    const data = readFileSync(path);
    const header = /^P4\s+(?:#[^\n]*\n\s*)*(\d+)\s+(\d+)\s/.exec(data.subarray(0, 200).toString('latin1'));
    if (!header) throw new Error(`${path} is not a binary PBM`);
    const width = Number(header[1]);
    const height = Number(header[2]);
    return new Raster(path, width, height, data.subarray(header[0].length), Math.ceil(width / 8));
  }

  ink(x: number, y: number): boolean {
    const byte = this.bits[y * this.stride + (x >> 3)] ?? 0;
    return (byte & (0x80 >> (x & 7))) !== 0;
  }

  get blank(): boolean {
    for (let y = 0; y < this.height; y++) for (let x = 0; x < this.width; x++) if (this.ink(x, y)) return false;
    return true;
  }

  /** What zbarimg reads off the image, one decoded text per symbol found. */
  barcodes(): string[] {
    const result = spawnSync('zbarimg', ['-q', '--raw', '--nodbus', this.path], { encoding: 'utf8' });
    if (result.error) throw result.error;
    // 4: no symbol found.
    if (result.status === 4) return [];
    if (result.status !== 0) throw new Error(`zbarimg exited ${result.status}: ${result.stderr}`);
    return result.stdout.split('\n').filter((line) => line.length > 0);
  }

  /**
   * The bars of a linear barcode: the columns whose longest run of ink is as tall as the
   * tallest on the image (text is shorter than the bars), grouped into bars, with the
   * rows they span. Null when no bar is found.
   */
  bars(): { bars: { x: number; width: number }[]; spaces: number[]; top: number; bottom: number } | null {
    const longest: { run: number; end: number }[] = [];
    for (let x = 0; x < this.width; x++) {
      let run = 0;
      let best = { run: 0, end: 0 };
      for (let y = 0; y < this.height; y++) {
        run = this.ink(x, y) ? run + 1 : 0;
        if (run > best.run) best = { run, end: y };
      }
      longest.push(best);
    }
    const tallest = Math.max(...longest.map((c) => c.run));
    if (tallest === 0) return null;
    const isBar = (x: number) => (longest[x]?.run ?? 0) >= tallest - 2;
    const bars: { x: number; width: number }[] = [];
    for (let x = 0; x < this.width; x++) {
      if (!isBar(x)) continue;
      const last = bars.at(-1);
      if (last && last.x + last.width === x) last.width++;
      else bars.push({ x, width: 1 });
    }
    const spaces = bars.slice(1).map((bar, i) => bar.x - (bars[i]!.x + bars[i]!.width));
    const column = longest[bars[0]!.x]!;
    return { bars, spaces, top: column.end - column.run + 1, bottom: column.end };
  }

  /** Whether any pixel of the rectangle [x0, x1) × [y0, y1] holds ink. */
  inkIn(x0: number, x1: number, y0: number, y1: number): boolean {
    for (let y = Math.max(0, y0); y <= Math.min(this.height - 1, y1); y++) {
      for (let x = Math.max(0, x0); x < Math.min(this.width, x1); x++) if (this.ink(x, y)) return true;
    }
    return false;
  }
}
