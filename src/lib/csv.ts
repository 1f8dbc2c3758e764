import Papa from 'papaparse';

export type CsvValue = string | number | null;

/**
 * Cells a spreadsheet would run as a formula. Papaparse's own `escapeFormulae: true` pattern
 * (`^[=+\-@\t\r].*$`) misses a multi-line cell, since `.` stops at the first newline.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * CSV text with a header row. Values holding a quote, comma or newline are quoted (quotes
 * doubled); a text value starting with =, +, -, @, tab or carriage return gets a leading single
 * quote so a spreadsheet shows it instead of running it.
 */
export function toCsv(
  headers: readonly string[],
  rows: ReadonlyArray<readonly CsvValue[]>,
): string {
  return Papa.unparse(
    { fields: [...headers], data: rows.map((row) => row.map((value) => value ?? '')) },
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
}
