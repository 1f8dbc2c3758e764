import type { Timesheet, TimesheetTotals } from '@contract/shifts';
import { toCsv, type CsvValue } from '../../lib/csv';
import { formatTimestamp } from '../../lib/dates';
import { hoursOf, stateLabel } from './shift-words';

/** One table of the timesheet: its title (an XLSX sheet's name), header row and rows. */
export interface TimesheetTable {
  title: string;
  headers: string[];
  rows: CsvValue[][];
}

const TOTAL_HEADERS = [
  'Planned hours',
  'Worked hours',
  'Late minutes',
  'No-shows',
  'Hours past 8 a day',
  'Hours past 48 a week',
];

function totals(row: TimesheetTotals): CsvValue[] {
  return [
    hoursOf(row.planned_minutes),
    hoursOf(row.worked_minutes),
    row.late_minutes,
    row.no_shows,
    hoursOf(row.over_day_minutes),
    hoursOf(row.over_week_minutes),
  ];
}

/**
 * The timesheet's three tables: each shift and unplanned attendance with the selfies' times, each
 * guard's sums, and each site's sums (what a company bills its client with).
 */
export function timesheetTables(sheet: Timesheet): TimesheetTable[] {
  return [
    {
      title: 'Shifts',
      headers: [
        'Guard ID',
        'Guard',
        'Site',
        'Date',
        'Shift',
        'Planned start',
        'Planned end',
        'Started (selfie)',
        'Ended (selfie)',
        'State',
        'Planned hours',
        'Worked hours',
        'Late minutes',
      ],
      rows: sheet.lines.map((line) => [
        line.guard_id,
        line.guard_name,
        line.residence_name,
        line.date,
        line.shift_name || '-',
        formatTimestamp(line.planned_start),
        formatTimestamp(line.planned_end),
        formatTimestamp(line.started_at),
        formatTimestamp(line.ended_at),
        stateLabel(line.state),
        hoursOf(line.planned_minutes),
        hoursOf(line.worked_minutes),
        line.late_minutes,
      ]),
    },
    {
      title: 'Guards',
      headers: ['Guard ID', 'Guard', ...TOTAL_HEADERS],
      rows: sheet.guards.map((guard) => [guard.guard_id, guard.guard_name, ...totals(guard)]),
    },
    {
      title: 'Sites',
      headers: ['Site', ...TOTAL_HEADERS],
      rows: sheet.sites.map((site) => [site.residence_name, ...totals(site)]),
    },
  ];
}

/**
 * The timesheet as one CSV: the shifts' table, then each guard's and each site's sums under a
 * title row of their own, a blank row between.
 */
export async function timesheetCsv(sheet: Timesheet): Promise<string> {
  const [shifts, ...sums] = timesheetTables(sheet);
  if (!shifts) return '';
  const rows: CsvValue[][] = [...shifts.rows];
  for (const table of sums) {
    rows.push([], [`${table.title} totals`], table.headers, ...table.rows);
  }
  return toCsv(shifts.headers, rows);
}

/** The timesheet as an XLSX workbook, one sheet a table; exceljs loads on the first export. */
export async function timesheetXlsx(sheet: Timesheet): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.creator = 'Guard Console';
  for (const table of timesheetTables(sheet)) {
    const page = book.addWorksheet(table.title);
    page.addRow(table.headers).font = { bold: true };
    for (const row of table.rows) page.addRow(row);
    page.views = [{ state: 'frozen', ySplit: 1 }];
    page.columns.forEach((column, index) => {
      const widest = Math.max(
        table.headers[index]?.length ?? 0,
        ...table.rows.map((row) => String(row[index] ?? '').length),
      );
      column.width = Math.min(40, widest + 2);
    });
  }
  return (await book.xlsx.writeBuffer()) as ArrayBuffer;
}
