/**
 * The price tags' PDF from the production build: build.mjs bundles a small entry that
 * calls the server's renderer exactly as it bundles src/main.ts (workspace packages in,
 * npm packages left outside), plain `node` runs it from beside the server's folder, and
 * the PDFs it writes must be read back by pdfinfo and zbarimg. This proves pdfkit and
 * bwip-js load from node_modules at run time, with the fonts pdfkit reads from its own
 * folder, and that neither is imported until a tag is printed (the server's start stays
 * as quick as before).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrintedPdf, printReadersMissing } from '../../../test/print-readers';

const missing = printReadersMissing();
if (missing && process.env.CI !== 'true') console.warn(`labels-bundle.test.ts skipped: ${missing}`);

const serverDir = fileURLToPath(new URL('..', import.meta.url));

describe.skipIf(missing !== null && process.env.CI !== 'true')('price tags from the bundled server', () => {
  let outDir = '';
  let bundle = '';
  let printed: string[] = [];

  beforeAll(() => {
    if (missing) throw new Error(`CI=true needs the print readers: ${missing}`);
    // Beside dist/: npm packages resolve from the same node_modules folders main.js uses.
    mkdirSync(join(serverDir, 'node_modules', '.cache'), { recursive: true });
    outDir = mkdtempSync(join(serverDir, 'node_modules', '.cache', 'label-bundle-'));
    const outfile = join(outDir, 'main.js');
    const built = spawnSync(process.execPath, ['build.mjs', 'test/support/label-entry.ts', outfile], { cwd: serverDir, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    bundle = readFileSync(outfile, 'utf8');
    const ran = spawnSync(process.execPath, ['--enable-source-maps', outfile], { cwd: serverDir, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    expect(ran.status, ran.stderr).toBe(0);
    printed = ran.stdout.trim().split('\n');
  }, 60_000);

  afterAll(() => {
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('leaves pdfkit and bwip-js outside the bundle, imported only when a tag is printed', () => {
    expect(bundle).toContain('import("pdfkit")');
    expect(bundle).toContain('import("bwip-js/node")');
    expect(bundle).not.toMatch(/^import .* from "(pdfkit|bwip-js\/node)";$/m);
    // pdfkit's own code (its document class) is not copied in.
    expect(bundle).not.toContain('class PDFDocument');
  });

  it('renders every template to a PDF whose barcode zbarimg reads', () => {
    expect(printed).toHaveLength(3);
    const expected = [
      { dpi: 203, size: { pages: 1, width: 162, height: 90 } },
      { dpi: 203, size: { pages: 1, width: 162, height: 54 } },
      { dpi: 300, size: { pages: 1, width: 612, height: 792 } },
    ];
    for (const [index, base64] of printed.entries()) {
      const pdf = new PrintedPdf(Buffer.from(base64, 'base64'));
      try {
        expect(pdf.info()).toEqual(expected[index]!.size);
        expect(pdf.raster(1, expected[index]!.dpi).barcodes()).toEqual(['1000123']);
        expect(pdf.text(1)).toContain('$45.00');
        expect(pdf.text(1)).toContain('Oak washstand');
      } finally {
        pdf.dispose();
      }
    }
  });
});
