import { http, HttpResponse } from 'msw';
import type {
  EPass,
  PassBody,
  PassUnit,
  Visitor,
  VisitorRow,
  VisitorScanAnswer,
} from '@contract/visitors';
import { PASS_MESSAGES, passFieldErrors, passHost } from '@rules/pass-issuing';
import { CANCELLED, isOverdue, judgeScan, lastScanMsOf, VALID } from '@rules/visitor-pass';
import { makeVisitor, utcText, visitors } from '../../fixtures/visitors';
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
  issued = 0;
}

export function visitorRecords(): readonly Visitor[] {
  return records;
}

/** The unit directories of the sites that take visitors (site-1, site-4). */
export const passUnits: Record<string, PassUnit[]> = {
  'site-1': [
    { uuid: 'unit-1', name: 'A-12-3', owner_name: 'Tan Mei Ling' },
    { uuid: 'unit-2', name: 'B-3-1', owner_name: 'Lim Wei Jie' },
  ],
  'site-4': [{ uuid: 'unit-9', name: 'No. 9', owner_name: 'Farah Aziz' }],
};

const SITE_NAMES: Record<string, string> = {
  'site-1': 'Mont Kiara Residence',
  'site-4': 'Ampang Court',
};

let issued = 0;

/** A pass as the server would answer it after an add or an edit, from the body it was sent. */
function passFrom(uuid: string, body: PassBody, before?: Visitor): Visitor {
  const unit = (passUnits[body.residence_uuid] ?? []).find((one) => one.uuid === body.unit_uuid);
  const withSeconds = (time: string) => (time.length === 5 ? `${time}:00` : time);
  const residenceName = SITE_NAMES[body.residence_uuid] ?? body.residence_uuid;
  return {
    ...(before ?? makeVisitor(uuid, { epass_path: `/pass/token-${uuid}` })),
    residence_uuid: body.residence_uuid,
    residence_name: residenceName,
    residence: { name: residenceName, hdf_enabled: 0, visitor_pass_checkpoint_times: 2 },
    unit_uuid: body.unit_uuid,
    residence_unit: unit ? { name: unit.name, owner_name: unit.owner_name } : null,
    host_name: body.host_name,
    name: body.name,
    phone_number: body.phone_number,
    email: body.email,
    car_plate_number: body.car_plate_number.toUpperCase(),
    category: body.category,
    repeat_type: body.repeat_type,
    repeatType: body.repeatType,
    date: body.date,
    start_time: withSeconds(body.start_time),
    end_time: withSeconds(body.end_time),
    remarks: body.remarks,
  };
}

function refusedPass(body: Partial<PassBody>) {
  const problem = Object.values(
    passFieldErrors(body, { now: new Date(), siteTakesVisitors: null }),
  )[0];
  return problem ? HttpResponse.json(apiError('INVALID_PASS', problem), { status: 400 }) : null;
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
  // Overstay: due out before the moment the filter names, by the rule the server stores.
  const dueOutBefore = /due_out_at<'([^']+)'/.exec(filter)?.[1];
  if (dueOutBefore && !isOverdue(pass, new Date(`${dueOutBefore.replace(' ', 'T')}Z`))) {
    return false;
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
  http.get(`${API}/visitors/sites/:uuid/units`, ({ params }) => {
    const units = passUnits[String(params.uuid)];
    return units ? HttpResponse.json({ resource: units }) : notFound();
  }),

  http.post(`${API}/visitors/add`, async ({ request }) => {
    const body = (await request.json()) as PassBody;
    const refusal = refusedPass(body);
    if (refusal) return refusal;
    issued += 1;
    const pass = passFrom(`issued-${issued}`, body);
    records = [pass, ...records];
    return HttpResponse.json({ resource: [pass] });
  }),

  http.patch(`${API}/visitors/:uuid`, async ({ request, params }) => {
    const pass = records.find((record) => record.uuid === params.uuid);
    if (!pass) return notFound();
    if (pass.checkpoint_times > 0) {
      return HttpResponse.json(apiError('PASS_SCANNED', PASS_MESSAGES.scannedAlready), {
        status: 409,
      });
    }
    const body = (await request.json()) as PassBody;
    const refusal = refusedPass(body);
    if (refusal) return refusal;
    const changed = passFrom(pass.uuid, body, pass);
    records = records.map((record) => (record.uuid === pass.uuid ? changed : record));
    return HttpResponse.json({ resource: [changed] });
  }),

  http.delete(`${API}/visitors/:uuid`, ({ params }) => {
    const pass = records.find((record) => record.uuid === params.uuid);
    if (!pass) return notFound();
    if (pass.status === CANCELLED) {
      return HttpResponse.json(apiError('PASS_CANCELLED', PASS_MESSAGES.cancelled), {
        status: 409,
      });
    }
    const cancelled: Visitor = {
      ...pass,
      status: CANCELLED,
      cancelled_at: utcText(new Date()),
      epass_path: null,
    };
    records = records.map((record) => (record.uuid === pass.uuid ? cancelled : record));
    return HttpResponse.json({ resource: [cancelled] });
  }),

  http.get(`${API}/epass/:token`, ({ params }) => {
    const pass = records.find((record) => record.epass_path === `/pass/${String(params.token)}`);
    if (!pass || pass.status !== VALID) {
      return HttpResponse.json(apiError('EPASS_GONE', PASS_MESSAGES.epassGone), {
        status: 404,
      });
    }
    const answer: EPass = {
      name: pass.name,
      residence_name: pass.residence_name,
      unit_name: pass.residence_unit?.name ?? null,
      host_name: passHost(pass.host_name, pass.residence_unit?.owner_name),
      repeat_type: pass.repeat_type,
      repeatType: pass.repeatType,
      date: pass.date,
      start_time: pass.start_time,
      end_time: pass.end_time,
      qr_code: pass.qr_code,
    };
    return HttpResponse.json(answer);
  }),

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
