/**
 * Bundled by build.mjs the way src/main.ts is (labels-bundle.test.ts): renders one price
 * tag of each template with the server's own code and writes the PDFs, base64, one a
 * line, to stdout.
 */
import { renderItemLabels } from '@pos/api';

for (const template of ['THERMAL_2_25x1_25', 'JEWELRY_2_25x0_75', 'AVERY_5160'] as const) {
  const pdf = await renderItemLabels({
    storeName: 'Old Mill',
    timeZone: 'America/Chicago',
    template,
    startAt: template === 'AVERY_5160' ? 17 : undefined,
    tags: [{ itemNumber: '1000123', price: 45_000_000n, itemCode: 'B12', description: 'Oak washstand', intakeDate: '2026-11-03' }],
  });
  process.stdout.write(`${pdf.toString('base64')}\n`);
}
