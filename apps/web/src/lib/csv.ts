/**
 * The web app's one CSV helper: every download (the audit trail, vendor statements,
 * reports) is written here, with papaparse, so every file opens the same way in a
 * spreadsheet. A screen describes its columns once (a header and the text of a row's
 * cell) and gets:
 * - RFC 4180 text: CRLF line ends, cells with commas, quotes or line breaks quoted;
 * - cells a spreadsheet would run as a formula ('=', '+', '-', '@', tab, CR first) made
 *   text with a leading apostrophe, except plain negative numbers and amounts such as
 *   '-5', '-$1,234.50' and '-2.5%', which stay numbers;
 * - a file that starts with a UTF-8 byte order mark, so a spreadsheet reads accented
 *   names right (papaparse skips it when reading back).
 */
import Papa from 'papaparse';

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

/** A cell that would start a formula, unless it is a negative number or amount. */
const FORMULA_START = /^(?!-\$?\d[\d,]*(\.\d+)?%?$)[=+\-@\t\r]/;

/** The rows as CSV text: a header line, then one line per row. */
export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  return Papa.unparse(
    { fields: columns.map((c) => c.header), data: rows.map((row) => columns.map((c) => c.value(row) ?? '')) },
    { newline: '\r\n', escapeFormulae: FORMULA_START },
  );
}

/** Hands CSV text to the browser as a file download named `filename`. */
export function downloadCsv(filename: string, text: string): void {
  downloadFile(filename, new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
}

/** Hands any file (a journal, an IIF file, a PDF) to the browser as a download named `filename`. */
export function downloadFile(filename: string, file: Blob): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the file's memory can go once it has.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
