import { http, HttpResponse, type DefaultBodyType, type PathParams, type StrictRequest } from 'msw';
import type {
  GuardAppAttendance,
  GuardAppRosteredShift,
  GuardAppHost,
  GuardAppIncidentType,
  GuardAppUnit,
  GuardAppVisitor,
  GuardAppVisitorStatus,
  KioskData,
} from '@contract/guard-app';
import {
  gateVisitors,
  KIOSK_TOKEN,
  kioskData,
  kioskGuards,
  visitorTypes,
} from '../../fixtures/kiosk';
import { GUARD_API, guardFailure } from '../api';

/** A part of a multipart body as the handlers keep it: text fields, and files' name, type, bytes. */
export interface ReceivedFile {
  name: string;
  type: string;
  size: number;
}

export interface ReceivedForm {
  /** The guard token the call came with. */
  token: string;
  fields: Record<string, string>;
  files: Record<string, ReceivedFile[]>;
}

/**
 * What the guard-app handlers hold, whoever asks: one kiosk at Mont Kiara Residence, its guards
 * and today's visitors. A test sets it up with resetGuardAppRecords() and reads what the kiosk
 * sent from guardAppRecords(); writes change this copy, as the server's would.
 */
interface GuardAppRecords {
  kiosk: KioskData;
  /** Guard tokens the handlers have opened, and whose they are. */
  sessions: Map<string, string>;
  openShifts: Map<string, GuardAppAttendance>;
  /** Guards' rostered shifts, as verify-pin tells the kiosk of them. */
  rosteredShifts: Map<string, GuardAppRosteredShift>;
  visitors: GuardAppVisitor[];
  shifts: Array<ReceivedForm & { kind: 'start' | 'end' }>;
  /** Incident reports stored, once per Idempotency-Key. */
  incidents: Array<ReceivedForm & { idempotencyKey: string | null }>;
  walkIns: ReceivedForm[];
  /** Guard tokens signed out, in order. */
  signedOut: string[];
}

let records: GuardAppRecords = fresh();
let opened = 0;

function fresh(kiosk: KioskData = kioskData): GuardAppRecords {
  return {
    kiosk,
    sessions: new Map(),
    openShifts: new Map(),
    rosteredShifts: new Map(),
    visitors: gateVisitors.map((visitor) => ({ ...visitor })),
    shifts: [],
    incidents: [],
    walkIns: [],
    signedOut: [],
  };
}

export function resetGuardAppRecords(
  options: {
    pinOnlyShifts?: boolean;
    openShiftOf?: string;
    rosteredShifts?: Record<string, GuardAppRosteredShift>;
  } = {},
): void {
  records = fresh({ ...kioskData, pin_only_shifts: options.pinOnlyShifts ?? false });
  opened = 0;
  for (const [guard, shift] of Object.entries(options.rosteredShifts ?? {})) {
    records.rosteredShifts.set(guard, shift);
  }
  if (options.openShiftOf) {
    records.openShifts.set(
      options.openShiftOf,
      attendance(options.openShiftOf, 'start', new Date('2026-03-20T00:05:00Z')),
    );
  }
}

export function guardAppRecords(): Readonly<GuardAppRecords> {
  return records;
}

export const incidentTypes: GuardAppIncidentType[] = [
  { key: 'category-theft', label: 'Theft' },
  { key: 'category-fire', label: 'Fire' },
  { key: 'category-trespass', label: 'Trespassing' },
];

const units: GuardAppUnit[] = [
  { uuid: 'unit-a-12-03', display_label: 'A-12-03', unit_number: '03', block: 'A', floor: '12' },
  { uuid: 'unit-a-12-05', display_label: 'A-12-05', unit_number: '05', block: 'A', floor: '12' },
  { uuid: 'unit-b-03-01', display_label: 'B-03-01', unit_number: '01', block: 'B', floor: '03' },
];

const hosts: Record<string, GuardAppHost[]> = {
  'unit-a-12-03': [
    { id: 1, user_id: 501, name: 'Tan Mei Ling', phone: '0122222222', membership_role: 'Owner' },
  ],
};

const ok = (data: unknown, message = 'OK') => HttpResponse.json({ success: true, message, data });
const fail = (status: number, message: string, code?: string) =>
  HttpResponse.json(guardFailure(message, code), { status });

type GuardRequest = StrictRequest<DefaultBodyType>;

const bearerOf = (request: GuardRequest) =>
  request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? '';

/** The kiosk's device token and the app key, or the failure the server answers. */
function refuseDevice(request: GuardRequest) {
  if (!request.headers.get('X-Application-Key')) {
    return fail(401, 'A valid application key is required.', 'UNAUTHORIZED');
  }
  if (bearerOf(request) !== KIOSK_TOKEN) {
    return fail(
      401,
      'This device is no longer a kiosk. Ask your company to set it up again.',
      'KIOSK_REVOKED',
    );
  }
  return null;
}

/** The guard whose session the call carries, or the failure the server answers. */
function guardOf(
  request: GuardRequest,
  params: PathParams,
): { guard: string; token: string } | Response {
  if (!request.headers.get('X-Application-Key')) {
    return fail(401, 'A valid application key is required.', 'UNAUTHORIZED');
  }
  const token = bearerOf(request);
  const guard = records.sessions.get(token);
  if (!guard) return fail(401, 'Your session has ended. Please sign in again.', 'SESSION_ENDED');
  if (params.site !== undefined && params.site !== records.kiosk.residence.uuid) {
    return fail(404, 'Site does not exist.', 'SITE_NOT_FOUND');
  }
  return { guard, token };
}

async function readForm(request: GuardRequest, token: string): Promise<ReceivedForm> {
  const form: ReceivedForm = { token, fields: {}, files: {} };
  for (const [name, part] of await request.formData()) {
    // Not `instanceof File`: the request's File comes from another realm than jsdom's.
    if (typeof part === 'string') form.fields[name] = part;
    else (form.files[name] ??= []).push({ name: part.name, type: part.type, size: part.size });
  }
  return form;
}

function attendance(
  guard: string,
  kind: 'start' | 'end',
  at: Date,
  open?: GuardAppAttendance,
): GuardAppAttendance {
  const started = open?.started_at ?? at.toISOString();
  return {
    id: 900,
    uuid: `attendance-of-${guard}`,
    guard_uuid: guard,
    residence_id: records.kiosk.residence.id,
    residence_uuid: records.kiosk.residence.uuid,
    residence_name: records.kiosk.residence.name,
    started_at: started,
    ended_at: kind === 'end' ? at.toISOString() : null,
    is_open: kind === 'start',
    start_photo_url: null,
    end_photo_url: null,
    start_lat: null,
    start_lng: null,
    end_lat: null,
    end_lng: null,
    start_distance_m: null,
    end_distance_m: null,
    away_from_site: false,
  };
}

function counts() {
  const of = (status: GuardAppVisitorStatus) =>
    records.visitors.filter((v) => v.status === status).length;
  return {
    all_visitors: records.visitors.length,
    upcoming: of('upcoming'),
    checked_in: of('checked_in'),
    overtime: of('overtime'),
  };
}

const withGuard =
  (
    handle: (args: {
      request: GuardRequest;
      params: PathParams;
      guard: string;
      token: string;
    }) => Promise<Response> | Response,
  ) =>
  async ({ request, params }: { request: GuardRequest; params: PathParams }) => {
    const caller = guardOf(request, params);
    if (caller instanceof Response) return caller;
    return handle({ request, params, ...caller });
  };

const site = `${GUARD_API}/residences/:site`;

export const guardAppHandlers = [
  http.get(`${GUARD_API}/kiosk`, ({ request }) => refuseDevice(request) ?? ok(records.kiosk)),

  http.get(`${GUARD_API}/kiosk/guards`, ({ request }) => {
    const refusal = refuseDevice(request);
    if (refusal) return refusal;
    const search = (new URL(request.url).searchParams.get('search') ?? '').toLowerCase();
    const guards = kioskGuards
      .filter((guard) => `${guard.name} ${guard.guard_id}`.toLowerCase().includes(search))
      .map(({ pin: _pin, ...guard }) => guard);
    return ok({ guards });
  }),

  http.post(`${GUARD_API}/auth/verify-pin`, async ({ request }) => {
    const refusal = refuseDevice(request);
    if (refusal) return refusal;
    const body = (await request.json()) as {
      guard_uuid?: string;
      pin?: string;
      residence_uuid?: string;
    };
    if (body.residence_uuid !== records.kiosk.residence.uuid)
      return fail(404, 'Site does not exist.', 'NOT_FOUND');
    const guard = kioskGuards.find((candidate) => candidate.uuid === body.guard_uuid);
    if (!guard) return fail(404, 'Guard does not exist.', 'GUARD_NOT_FOUND');
    if (body.pin !== guard.pin) return fail(422, 'Wrong PIN. Please try again.', 'WRONG_PIN');
    opened += 1;
    const token = `guard-token-${opened}`;
    records.sessions.set(token, guard.uuid);
    return ok(
      {
        pin_verified: true,
        guard_uuid: guard.uuid,
        security_company_uuid: 'company-1',
        token,
        guard: {
          id: 1,
          uuid: guard.uuid,
          name: guard.name,
          email: null,
          phone: '0123456789',
          profile_image_url: null,
          role: 'guard',
        },
        open_shift: records.openShifts.get(guard.uuid) ?? null,
        rostered_shift: records.rosteredShifts.get(guard.uuid) ?? null,
      },
      'PIN verified.',
    );
  }),

  http.post(`${GUARD_API}/auth/logout`, ({ request }) => {
    const token = bearerOf(request);
    records.signedOut.push(token);
    records.sessions.delete(token);
    return ok({}, 'Signed out.');
  }),

  ...(['start', 'end'] as const).map((kind) =>
    http.post(
      `${site}/attendance/${kind}`,
      withGuard(async ({ request, guard, token }) => {
        const form = await readForm(request, token);
        const open = records.openShifts.get(guard);
        if (kind === 'start' && open) {
          return fail(
            409,
            'You already have an open shift. End it before you start a new one.',
            'SHIFT_ALREADY_OPEN',
          );
        }
        if (kind === 'end' && !open) {
          return fail(409, 'You have no open shift to end.', 'NO_OPEN_SHIFT');
        }
        if (!form.files.selfie_photo && !records.kiosk.pin_only_shifts) {
          return fail(400, 'Take a selfie to start or end your shift.', 'SELFIE_REQUIRED');
        }
        records.shifts.push({ ...form, kind });
        const shift = attendance(guard, kind, new Date(), open);
        if (kind === 'start') records.openShifts.set(guard, shift);
        else records.openShifts.delete(guard);
        return ok({ attendance: shift }, kind === 'start' ? 'Shift started.' : 'Shift ended.');
      }),
    ),
  ),

  http.get(
    `${site}/incidents/types`,
    withGuard(() => ok({ incident_types: incidentTypes })),
  ),

  http.post(
    `${site}/incidents`,
    withGuard(async ({ request, token }) => {
      const idempotencyKey = request.headers.get('Idempotency-Key');
      const form = await readForm(request, token);
      if (
        !records.incidents.some(
          (report) => idempotencyKey && report.idempotencyKey === idempotencyKey,
        )
      ) {
        records.incidents.push({ ...form, idempotencyKey });
      }
      return ok({ incident_uuid: `incident-${records.incidents.length}` }, 'Incident reported.');
    }),
  ),

  http.get(
    `${site}/visitors`,
    withGuard(({ request }) => {
      const params = new URL(request.url).searchParams;
      const status = params.get('status');
      const listed = records.visitors.filter((visitor) => !status || visitor.status === status);
      return ok({ date: params.get('date'), counts: counts(), [status ?? 'all_visitors']: listed });
    }),
  ),

  http.post(
    `${site}/visitors/scan`,
    withGuard(async ({ request }) => {
      const { qr_code_data: code } = (await request.json()) as { qr_code_data?: string };
      const visitor = records.visitors.find((candidate) => candidate.qr_code_data === code);
      return visitor ? ok({ visitor }) : fail(404, 'Record does not exist.', 'NOT_FOUND');
    }),
  ),

  ...(['check-in', 'check-out'] as const).map((direction) =>
    http.post(
      `${site}/visitors/:id/${direction}`,
      withGuard(({ params }) => {
        const visitor = records.visitors.find((candidate) => String(candidate.id) === params.id);
        if (!visitor) return fail(404, 'Invalid visitor', 'VISITOR_NOT_FOUND');
        const allowed = direction === 'check-in' ? visitor.can_check_in : visitor.can_check_out;
        if (!allowed) return fail(409, 'This pass has been used.', 'PASS_USED');
        const moved: GuardAppVisitor = {
          ...visitor,
          status: direction === 'check-in' ? 'checked_in' : 'checked_out',
          can_check_in: false,
          can_check_out: direction === 'check-in',
          refusal:
            direction === 'check-out'
              ? { code: 'PASS_USED', message: 'This pass has been used.' }
              : null,
          actual_arrival_time:
            direction === 'check-in' ? new Date().toISOString() : visitor.actual_arrival_time,
          actual_exit_time: direction === 'check-out' ? new Date().toISOString() : null,
        };
        records.visitors = records.visitors.map((candidate) =>
          candidate.id === visitor.id ? moved : candidate,
        );
        return ok({ visitor: moved }, direction === 'check-in' ? 'Checked in.' : 'Checked out.');
      }),
    ),
  ),

  http.get(
    `${site}/visitor-types`,
    withGuard(() => ok({ visitor_types: visitorTypes })),
  ),

  http.get(
    `${site}/units/blocks`,
    withGuard(() => {
      const blocks = [...new Set(units.map((unit) => unit.block))];
      return ok({ blocks: blocks.map((block) => ({ label: block, value: block })) });
    }),
  ),

  http.get(
    `${site}/units/floors`,
    withGuard(({ request }) => {
      const block = new URL(request.url).searchParams.get('block') ?? '';
      const floors = [
        ...new Set(units.filter((unit) => unit.block === block).map((unit) => unit.floor)),
      ];
      return ok({ floors: floors.map((floor) => ({ label: floor, value: floor, block })) });
    }),
  ),

  http.get(
    `${site}/units`,
    withGuard(({ request }) => {
      const params = new URL(request.url).searchParams;
      const listed = units.filter(
        (unit) => unit.block === params.get('block') && unit.floor === params.get('floor'),
      );
      return ok({ units: listed });
    }),
  ),

  http.get(
    `${site}/units/:unit/hosts`,
    withGuard(({ params }) => ok({ hosts: hosts[String(params.unit)] ?? [] })),
  ),

  http.post(
    `${site}/visitors`,
    withGuard(async ({ request, token }) => {
      const form = await readForm(request, token);
      const { fields } = form;
      if (!fields.visitor_type_id || !fields.unit_uuid || !fields.visitor_name) {
        return fail(400, 'Choose the visitor type.', 'INVALID_REQUEST');
      }
      records.walkIns.push(form);
      const unit = units.find((candidate) => candidate.uuid === fields.unit_uuid);
      const now = new Date().toISOString();
      const registered: GuardAppVisitor = {
        id: 200 + records.walkIns.length,
        uuid: `walk-in-${records.walkIns.length}`,
        name: fields.visitor_name,
        mobile_number: fields.phone ?? '',
        vehicle_number: fields.vehicle_number ?? '',
        unit: unit
          ? {
              display_label: unit.display_label,
              unit_number: unit.unit_number,
              block: unit.block,
              floor: unit.floor,
            }
          : null,
        host_name: '',
        category:
          visitorTypes.find((type) => String(type.id) === fields.visitor_type_id)?.name ?? '',
        status: 'checked_in',
        eta_arrival: now,
        eta_exit: null,
        actual_arrival_time: now,
        actual_exit_time: null,
        eta_arrival_label: null,
        eta_exit_label: null,
        actual_arrival_time_label: null,
        actual_exit_time_label: null,
        qr_code_data: `KGV-walk-in-${records.walkIns.length}`,
        ic_passport_no_masked: '',
        can_check_in: false,
        can_check_out: true,
        photo_url: null,
        refusal: null,
      };
      records.visitors = [...records.visitors, registered];
      return ok({ visitor: registered }, 'Visitor registered and checked in.');
    }),
  ),
];
