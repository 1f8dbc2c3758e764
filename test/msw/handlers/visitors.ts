import { http, HttpResponse } from 'msw';
import type { Visitor, VisitorRow, VisitorScanAnswer } from '@contract/visitors';
import { judgeScan, lastScanMsOf } from '@rules/visitor-pass';
import { utcText, visitors } from '../../fixtures/visitors';
import { API, apiError } from '../api';
import { equalsOf, matchesKeyword, pageOf } from '../filter-text';

/**
 * The passes the handlers answer with, whoever asks: which passes a role may see is the real
 * server's job, tested in test/server. A test sets up its passes with resetVisitorRecords(); a
 * scan changes this copy, as the server's would.
 */
let records: Visitor[] = [...visitors];
let scans = 0;

export function resetVisitorRecords(next: readonly Visitor[] = visitors): void {
  records = [...next];
  scans = 0;
}

export function visitorRecords(): readonly Visitor[] {
  return records;
}

/**
 * The "Expected today" quick filter (expectedTodayFilter), read back from its text: undefined when
 * the filter is another. What it selects on a real database is tested in test/server.
 */
function expectedToday(filter: string, pass: Visitor): boolean | undefined {
  const weekday = /repeatType like '%(\w+)%'/.exec(filter)?.[1];
  const today = /\(date='([\d-]+)'\)/.exec(filter)?.[1];
  const from = /date>='([\d-]+)'/.exec(filter)?.[1];
  if (!weekday || !today || !from) return undefined;
  if (pass.status !== 'VALID') return false;
  if (pass.date === today) return pass.latest_scan_type === null;
  return (
    pass.repeat_type !== 'ONE_TIME' &&
    pass.date >= from &&
    pass.date < today &&
    pass.repeatType.includes(weekday) &&
    pass.latest_scan_type !== 'IN' &&
    pass.checkpoint_times <= 2
  );
}

/** Understands what the console sends: keyword, site, the quick filters' conditions. */
function matchesFilter(filter: string, pass: Visitor): boolean {
  const expected = expectedToday(filter, pass);
  if (expected === false) return false;
  const conditions: Array<[string, string | number | null]> = [
    ['uuid', pass.uuid],
    ['residence_uuid', pass.residence_uuid],
  ];
  // Expected today answered its own date, status and scan conditions.
  if (expected === undefined) {
    conditions.push(
      ['latest_scan_type', pass.latest_scan_type],
      ['status', pass.status],
      ['date', pass.date],
    );
  }
  for (const [field, value] of conditions) {
    const wanted = equalsOf(filter, field);
    if (wanted !== undefined && value !== wanted) return false;
  }
  if (expected === undefined && filter.includes('latest_scan_type IS NULL')) {
    if (pass.latest_scan_type !== null) return false;
  }
  // The weekday's LIKE is not the keyword search.
  return matchesKeyword(filter.replace(/repeatType like '[^']*'/, ''), [
    pass.residence_name,
    pass.category,
    pass.name,
    pass.car_plate_number,
    pass.status,
  ]);
}

const SORTABLE: Record<string, (pass: VisitorRow) => string> = {
  created_at: (pass) => pass.created_at,
  residence_name: (pass) => pass.residence_name,
  category: (pass) => pass.category,
  name: (pass) => pass.name,
  car_plate_number: (pass) => pass.car_plate_number,
  status: (pass) => pass.status,
  latest_scan_type: (pass) => pass.latest_scan_type ?? '',
  date: (pass) => pass.date,
};

const notFound = () =>
  HttpResponse.json(apiError('NOT_FOUND', 'Record does not exist.'), { status: 404 });

const byCode = (code: unknown) => records.find((pass) => pass.qr_code === String(code));

export const visitorHandlers = [
  http.get(`${API}/visitors/list`, ({ request }) => {
    const params = new URL(request.url).searchParams;
    const filter = params.get('filter') ?? '';
    // Whole records: a pass is a row with more fields, which the list screens do not read.
    const matching: VisitorRow[] = records.filter((pass) => matchesFilter(filter, pass));
    return HttpResponse.json(pageOf(matching, params, SORTABLE));
  }),

  http.get(`${API}/data/visitors/:uuid`, ({ params }) => {
    const pass = records.find((record) => record.uuid === params.uuid);
    return pass ? HttpResponse.json(pass) : notFound();
  }),

  http.get(`${API}/visitors/qr/:code`, ({ params }) => {
    const pass = byCode(params.code);
    return pass ? HttpResponse.json(pass) : notFound();
  }),

  // The shared rules judge the scan, as on the server; its own refusals (a scan a moment ago,
  // another desk, another site) are set up by the tests that need them.
  http.post(`${API}/visitors/qr/:code`, ({ params }) => {
    const pass = byCode(params.code);
    if (!pass) return notFound();
    const now = new Date();
    const verdict = judgeScan(
      // The server's own record of the last scan, which the mock keeps in the pass's times.
      {
        ...pass,
        siteCheckpointLimit: pass.residence.visitor_pass_checkpoint_times,
        lastScanMs: lastScanMsOf(pass),
      },
      now,
    );
    if (!verdict.allowed) {
      return HttpResponse.json(apiError('PASS_REFUSED', verdict.message), { status: 409 });
    }
    scans += 1;
    const scan = {
      uuid: `scan-new-${scans}`,
      scan_type: verdict.scanType,
      created_at: utcText(now),
      scanned_by_name: 'Sofia Superadmin',
    };
    const scanned: Visitor = {
      ...pass,
      checkpoint_times: pass.checkpoint_times + 1,
      latest_scan_type: verdict.scanType,
      check_in_time: verdict.scanType === 'IN' ? scan.created_at : pass.check_in_time,
      check_out_time: verdict.scanType === 'OUT' ? scan.created_at : pass.check_out_time,
      visitor_pass_scans: [...pass.visitor_pass_scans, scan],
    };
    records = records.map((record) => (record.uuid === pass.uuid ? scanned : record));
    const answer: VisitorScanAnswer = { success: true, scan, resource: scanned };
    return HttpResponse.json(answer);
  }),
];
