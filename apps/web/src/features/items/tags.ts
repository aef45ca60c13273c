/** Price tag PDFs from /item/labels: the label stocks' names, and opening the answer as a file. */
import type { ItemLabelTemplate, ItemLabelsOutput } from '@pos/contracts';

export const TEMPLATE_LABELS: Record<ItemLabelTemplate, string> = {
  THERMAL_2_25x1_25: 'Thermal 2.25 × 1.25 in (one a label)',
  JEWELRY_2_25x0_75: 'Jewellery 2.25 × 0.75 in',
  AVERY_5160: 'Avery 5160 sheet (30 a sheet)',
};

/** Saves the PDF under its name; the browser's viewer prints it at true size. */
export function downloadPdf(answer: ItemLabelsOutput) {
  const bytes = Uint8Array.from(atob(answer.contentBase64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: answer.contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = answer.filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
