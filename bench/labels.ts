/**
 * Price tags (docs/ARCHITECTURE.md, Price tags): time to render the most one print takes
 * (500 tags) on each template, in this process, and the PDF's size; first the cost of the
 * first print of a server's life, which loads pdfkit and bwip-js. The note gives the
 * PDF's size and the longest the event loop was held (what another call, a till's, would
 * wait behind a print).
 *
 *   npx tsx bench/labels.ts --runs 10 --tags 500
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ITEM_LABEL_TEMPLATES, ITEM_LABELS_MAX } from '@pos/contracts';
import { renderItemLabels, type ItemTag } from '@pos/api';
import { timeCalls } from './quantile';

const { values } = parseArgs({ args: process.argv.slice(2), options: { runs: { type: 'string', default: '10' }, tags: { type: 'string', default: String(ITEM_LABELS_MAX) } }, strict: false });
const runs = Number(values.runs);
const count = Number(values.tags);

const tags: ItemTag[] = Array.from({ length: count }, (_, i) => ({
  itemNumber: String(1_000_000 + i * 37),
  price: BigInt(1 + ((i * 7919) % 250_000)) * 10_000n,
  itemCode: `B${100 + (i % 60)}`,
  description: `Lot ${i}: Victorian walnut side chair with original caned seat and turned legs`,
  intakeDate: new Date(Date.UTC(2026, i % 12, 1 + (i % 28))),
}));
const print = (template: (typeof ITEM_LABEL_TEMPLATES)[number], n = count) =>
  renderItemLabels({ storeName: 'Old Mill Antiques', timeZone: 'America/Chicago', template, startAt: template === 'AVERY_5160' ? 17 : undefined, tags: tags.slice(0, n) });
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
const size = (pdf: Buffer) => {
  const note = `${(pdf.length / 1024).toFixed(0)} KiB, event loop held up to ${(loop.max / 1e6).toFixed(0)} ms`;
  loop.reset();
  return note;
};

await timeCalls('first print (loads the libraries)', 1, () => print('THERMAL_2_25x1_25', 1), size);
for (const template of ITEM_LABEL_TEMPLATES) {
  loop.reset();
  await timeCalls(`${count} tags ${template}`, runs, () => print(template), size);
}
loop.disable();
