export type CsvValue = string | number | null;

/**
 * Cells a spreadsheet would run as a formula. Papaparse's own `escapeFormulae: true` pattern
 * (`^[=+\-@\t\r].*$`) misses a multi-line cell, since `.` stops at the first newline. A cell that
 * is wholly a number or a "lat, lng" pair (e.g. '-6.1234567, 106.1') cannot run, so it is left as
 * it is rather than mangled with a quote.
 */
const FORMULA_START = /^(?!-?\d+(\.\d+)?(, ?-?\d+(\.\d+)?)?$)[=+\-@\t\r]/;

/**
 * CSV text with a header row. Values holding a quote, comma or newline are quoted (quotes
 * doubled); a text value starting with =, +, -, @, tab or carriage return gets a leading single
 * quote so a spreadsheet shows it instead of running it, unless it is a plain number or pair.
 * Papaparse loads on the first export, not with the screen.
 */
export async function toCsv(
  headers: readonly string[],
  rows: ReadonlyArray<readonly CsvValue[]>,
): Promise<string> {
  const { default: Papa } = await import('papaparse');
  return Papa.unparse(
    { fields: [...headers], data: rows.map((row) => row.map((value) => value ?? '')) },
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
}
