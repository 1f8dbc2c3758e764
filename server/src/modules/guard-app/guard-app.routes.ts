import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from '../../auth/authenticate';
import type {
  GuardAppHost,
  GuardAppLoginBody,
  GuardAppVerifyPinBody,
  GuardAppVisitorCounts,
  KioskGuard,
} from '@contract/guard-app';
import { INCIDENT_FILE_TOO_LARGE, PHOTO_TOO_LARGE } from '@rules/files';
import { MAX_REPORT_PHOTOS } from '@rules/incidents';
import { ACCESS_CARD_NUMBER_MAX_LENGTH, VISITOR_TYPES, WALK_IN_MESSAGES } from '@rules/walk-ins';
import type { GuardPrincipal, GuardSite } from '../../auth/principal';
import { addDays, localDate, timestampOf, toDbTime } from '../../db/time';
import type { ShiftsService } from '../shifts/shifts.service';
import type { PatrolScanBody } from '@contract/patrols';
import { PATROL_MESSAGES } from '@rules/patrols';
import type { PatrolsService, ScanInput } from '../patrols/patrols.service';
import type { AlertsService } from '../alerts/alerts.service';
import { badRequest, notFound } from '../../http/errors';
import { readUploadedForm } from '../../http/uploads';
import type { AttendancesService } from '../attendances/attendances.service';
import type { Position } from '../attendances/geofence';
import type { IncidentsService } from '../incidents/incidents.service';
import type { SitesRepository } from '../sites/sites.repository';
import { scanPass, type VisitorsService } from '../visitors/visitors.service';
import type { VisitorsRepository } from '../visitors/visitors.repository';
import { guardOf, kioskOf, siteOfGuard } from './guard-app.auth';
import type { GuardAppService } from './guard-app.service';
import {
  answer,
  appLabel,
  appTime,
  isDay,
  parseDeviceTime,
  toAppAttendance,
  toAppGuard,
  toAppPatrol,
  toAppResidence,
  toAppUnit,
  toAppVisitor,
  urlMaker,
} from './guard-app.shapes';

export const GUARD_DOOR_MESSAGES = {
  dayInvalid: (name: string) => `${name} must be a day written yyyy-MM-dd.`,
  statusInvalid: 'status must be upcoming, checked_in, overtime or checked_out.',
  visitorIdInvalid: 'Invalid visitor',
  coordinatesInvalid: 'lat and lng must be numbers within range, sent together.',
  reportingOff: 'Incident reports are not taken at this site.',
  typeUnknown: 'Choose an incident type from the list.',
  incidentTimeInvalid: "incident_at must be the device's time, 'yyyy-MM-dd hh:mm AM/PM'.",
  bookingNotFound: 'Booking does not exist.',
} as const;

const GATE_LISTS = ['upcoming', 'checked_in', 'overtime', 'checked_out'] as const;
type GateList = (typeof GATE_LISTS)[number];

const siteParams = {
  type: 'object',
  required: ['site'],
  properties: { site: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

const visitorParams = {
  type: 'object',
  required: ['site', 'id'],
  properties: {
    site: { type: 'string', minLength: 1, maxLength: 100 },
    id: { type: 'string', minLength: 1, maxLength: 100 },
  },
} as const;

const text = (maxLength: number) => ({ type: 'string', maxLength });

/** lat and lng as a form sends them: both or neither, each a number in range. */
function positionOf(fields: Record<string, string>): Position | null {
  const lat = fields.lat?.trim() ?? '';
  const lng = fields.lng?.trim() ?? '';
  if (!lat && !lng) return null;
  const position = { lat: Number(lat), lng: Number(lng) };
  const valid =
    lat !== '' &&
    lng !== '' &&
    Math.abs(position.lat) <= 90 &&
    Math.abs(position.lng) <= 180 &&
    Number.isFinite(position.lat) &&
    Number.isFinite(position.lng);
  if (!valid) throw badRequest(GUARD_DOOR_MESSAGES.coordinatesInvalid);
  // The app sent 0,0 when location was denied: that is no position.
  return position.lat === 0 && position.lng === 0 ? null : position;
}

/** The integer id the app parses from a visitor's route; a uuid there is no visitor. */
function visitorId(id: string): number {
  if (!/^\d{1,15}$/.test(id))
    throw notFound(GUARD_DOOR_MESSAGES.visitorIdInvalid, 'VISITOR_NOT_FOUND');
  return Number(id);
}

/** The UTC range of local days [from, to], as attendance times are stored. */
function dayRange(from: string, to: string): { from: string; to: string } {
  const start = (day: string, offset = 0) => {
    const [year, month, date] = day.split('-').map(Number);
    return toDbTime(new Date(year ?? 0, (month ?? 1) - 1, (date ?? 1) + offset));
  };
  return { from: start(from), to: start(to, 1) };
}

/**
 * The guard app's door (`/api/v1/guard`, ../shared/guard-app-api.md), and the kiosk's calls. It
 * maps the app's fields and envelope and calls the same services the console's routes call.
 */
export function guardAppRoutes(
  door: FastifyInstance,
  deps: {
    guardApp: GuardAppService;
    attendances: AttendancesService;
    incidents: IncidentsService;
    visitors: VisitorsService;
    visitorsRepository: VisitorsRepository;
    sites: SitesRepository;
    shifts: ShiftsService;
    patrols: PatrolsService;
    alerts: AlertsService;
    publicUrl: string;
  },
): void {
  const { guardApp, attendances, incidents, visitors } = deps;
  const url = urlMaker(deps.publicUrl);

  /** The guard and the site of a `residences/{site}/…` route. */
  function guardAt(request: FastifyRequest<{ Params: { site: string } }>) {
    const guard = guardOf(request);
    return { guard, site: siteOfGuard(guard, request.params.site) };
  }

  async function visitorAnswer(
    guard: GuardPrincipal,
    site: GuardSite,
    id: number,
    options: { withWatchlist?: boolean } = {},
  ) {
    const pass = await deps.visitorsRepository.find(guard, { id });
    if (!pass || pass.residence_uuid !== site.uuid)
      throw notFound(GUARD_DOOR_MESSAGES.visitorIdInvalid, 'VISITOR_NOT_FOUND');
    const visitor = toAppVisitor(
      { ...pass, photo_url: pass.walkin_photo_urls[0] ?? null },
      new Date(),
      deps.publicUrl,
    );
    // A scan's look-up carries the watchlist's reasons, for the gate's warning (issue 23), and
    // who overrode them (issue 34).
    if (options.withWatchlist) {
      const { reasons, override } = await visitors.watchlistOf(pass);
      return answer({
        visitor: {
          ...visitor,
          watchlist: reasons,
          watchlist_override: override && { by: override.by, at: appTime(override.at) ?? '' },
        },
      });
    }
    return answer({ visitor });
  }

  // ---- Sign-in, session, PIN ----

  door.post<{ Body: GuardAppLoginBody }>(
    '/auth/login',
    {
      config: { guardAccess: 'app-key' },
      schema: {
        body: {
          type: 'object',
          required: ['email_or_phone', 'password', 'device_unique_id'],
          properties: {
            email_or_phone: { type: 'string', minLength: 1, maxLength: 320 },
            password: { type: 'string', minLength: 1, maxLength: 1024 },
            device_unique_id: { type: 'string', minLength: 1, maxLength: 200 },
            device_model: text(100),
            brand: text(100),
            is_proceed: { type: ['integer', 'string', 'boolean'] },
          },
        },
      },
    },
    async (request) => {
      const signedIn = await guardApp.login(request, request.body, new Date());
      return answer(
        {
          token: signedIn.token,
          guard: toAppGuard(signedIn.guard, url),
          residences: signedIn.sites.map((site) => toAppResidence(site, url)),
          ...(signedIn.switchDevice ? { switch_device: signedIn.switchDevice } : {}),
        },
        signedIn.switchDevice ? signedIn.switchDevice.message : 'Signed in.',
      );
    },
  );

  // Signing out of a session that already ended (superseded, expired, revoked) succeeds too:
  // the app keeps a guard signed in until this call succeeds (profile_provider.dart).
  door.post('/auth/logout', { config: { guardAccess: 'guard-if-live' } }, async (request) => {
    const caller = request.guardCaller;
    if (caller?.role === 'guard') await guardApp.logout(caller, new Date());
    return answer({}, 'Signed out.');
  });

  door.get('/me', async (request) => {
    const { guard, sites } = await guardApp.me(guardOf(request));
    return answer({
      guard: toAppGuard(guard, url),
      residences: sites.map((site) => toAppResidence(site, url)),
    });
  });

  door.get('/residences', async (request) =>
    answer({ residences: guardOf(request).sites.map((site) => toAppResidence(site, url)) }),
  );

  door.post<{ Body: GuardAppVerifyPinBody }>(
    '/auth/verify-pin',
    {
      config: { guardAccess: 'guard-or-kiosk' },
      schema: {
        body: {
          type: 'object',
          required: ['pin', 'residence_uuid'],
          properties: {
            pin: { type: 'string', minLength: 1, maxLength: 20 },
            residence_uuid: { type: 'string', minLength: 1, maxLength: 100 },
            guard_uuid: text(100),
          },
        },
      },
    },
    async (request) => {
      const now = new Date();
      const { pin, residence_uuid: residenceUuid } = request.body;
      if (request.guardCaller?.role === 'kiosk') {
        const kiosk = kioskOf(request);
        if (residenceUuid !== kiosk.site.uuid) throw notFound('Site does not exist.');
        const opened = await guardApp.verifyPinAtKiosk(
          request,
          kiosk,
          request.body.guard_uuid ?? '',
          pin,
          now,
        );
        const open = await attendances.openShiftOf(opened.guard.uuid, now);
        const rostered = await deps.shifts.rosteredNow(opened.guard.uuid, kiosk.site.uuid, now);
        return answer(
          {
            pin_verified: true,
            guard_uuid: opened.guard.uuid,
            security_company_uuid: opened.guard.security_company_uuid,
            token: opened.token,
            guard: toAppGuard(opened.guard, url),
            open_shift: open && toAppAttendance(open, deps.publicUrl, now),
            // The guard's rostered shift now or next (issue 36), for "Your shift: …" and a warning
            // when it is at another site; null when none is rostered.
            rostered_shift: rostered && {
              uuid: rostered.uuid,
              name: rostered.name,
              residence_uuid: rostered.residence_uuid,
              residence_name: rostered.residence_name,
              starts_at: appTime(rostered.starts_at),
              ends_at: appTime(rostered.ends_at),
              at_this_site: rostered.at_this_site,
            },
          },
          'PIN verified.',
        );
      }
      const guard = guardOf(request);
      const site = siteOfGuard(guard, residenceUuid);
      const standing = await guardApp.verifyPin(request, guard, site, pin, now);
      // The phone in the browser (issue 38) reads what the kiosk's answer holds; the Flutter app
      // reads the first three fields alone.
      const open = await attendances.openShiftOf(standing.uuid, now);
      const rostered = await deps.shifts.rosteredNow(standing.uuid, site.uuid, now);
      return answer(
        {
          pin_verified: true,
          guard_uuid: standing.uuid,
          security_company_uuid: standing.security_company_uuid,
          token: bearerToken(request),
          open_shift: open && toAppAttendance(open, deps.publicUrl, now),
          rostered_shift: rostered && {
            uuid: rostered.uuid,
            name: rostered.name,
            residence_uuid: rostered.residence_uuid,
            residence_name: rostered.residence_name,
            starts_at: appTime(rostered.starts_at),
            ends_at: appTime(rostered.ends_at),
            at_this_site: rostered.at_this_site,
          },
        },
        'PIN verified.',
      );
    },
  );

  door.post<{
    Body: { current_password: string; new_password: string; new_password_confirmation: string };
  }>(
    '/auth/change-password',
    {
      schema: {
        body: {
          type: 'object',
          required: ['current_password', 'new_password', 'new_password_confirmation'],
          properties: {
            current_password: text(1024),
            new_password: text(1024),
            new_password_confirmation: text(1024),
          },
        },
      },
    },
    async (request) => {
      await guardApp.changePassword(request, guardOf(request), request.body, new Date());
      return answer({}, 'Your password has been changed.');
    },
  );

  // ---- The kiosk's own calls ----

  door.get('/kiosk', { config: { guardAccess: 'kiosk' } }, async (request) => {
    const kiosk = kioskOf(request);
    return answer({
      kiosk: { uuid: kiosk.kioskUuid, label: kiosk.label },
      residence: toAppResidence(kiosk.site, url),
      pin_only_shifts: kiosk.site.pinOnlyShifts,
    });
  });

  door.get<{ Querystring: { search?: string } }>(
    '/kiosk/guards',
    {
      config: { guardAccess: 'kiosk' },
      schema: { querystring: { type: 'object', properties: { search: text(100) } } },
    },
    async (request) => {
      const rows = await guardApp.kioskGuards(kioskOf(request), request.query.search ?? '');
      const guards: KioskGuard[] = rows.map((row) => ({
        uuid: row.uuid,
        guard_id: row.guard_id,
        name: row.name,
        profile_image_url: url(row.access_key),
      }));
      return answer({ guards });
    },
  );

  // ---- Attendance ----

  for (const end of ['start', 'end'] as const) {
    door.post<{ Params: { site: string } }>(
      `/residences/:site/attendance/${end}`,
      { schema: { params: siteParams } },
      async (request) => {
        const { guard, site } = guardAt(request);
        const now = new Date();
        // The PIN verified in this session, or (as the app sends it) in the form itself.
        const form = await readUploadedForm(request, {
          field: 'selfie_photo',
          maxFiles: 1,
          tooLargeMessage: PHOTO_TOO_LARGE,
        });
        await guardApp.requirePin(request, guard, site, form.fields.pin, now);
        const input = {
          site,
          selfie: form.files[0] ?? null,
          position: positionOf(form.fields),
          now,
        };
        const shift =
          end === 'start'
            ? await attendances.startShift(guard, input)
            : await attendances.endShift(guard, input);
        return answer(
          { attendance: toAppAttendance(shift, deps.publicUrl, now) },
          end === 'start' ? 'Shift started.' : 'Shift ended.',
        );
      },
    );
  }

  door.get<{ Params: { site: string }; Querystring: { from?: string; to?: string } }>(
    '/residences/:site/attendance',
    {
      schema: {
        params: siteParams,
        querystring: { type: 'object', properties: { from: text(10), to: text(10) } },
      },
    },
    async (request) => {
      const { guard, site } = guardAt(request);
      const now = new Date();
      const today = localDate(now);
      const from = request.query.from || today;
      const to = request.query.to || from;
      if (!isDay(from)) throw badRequest(GUARD_DOOR_MESSAGES.dayInvalid('from'));
      if (!isDay(to)) throw badRequest(GUARD_DOOR_MESSAGES.dayInvalid('to'));
      const shifts = await attendances.shiftsOf(guard.guardUuid, site.uuid, dayRange(from, to));
      return answer({
        attendance: shifts.map((shift) => toAppAttendance(shift, deps.publicUrl, now)),
      });
    },
  );

  // ---- Visitors at the gate ----

  door.get<{ Params: { site: string }; Querystring: { date?: string; status?: string } }>(
    '/residences/:site/visitors',
    {
      schema: {
        params: siteParams,
        querystring: { type: 'object', properties: { date: text(10), status: text(20) } },
      },
    },
    async (request) => {
      const { guard, site } = guardAt(request);
      const now = new Date();
      const date = request.query.date || localDate(now);
      if (!isDay(date)) throw badRequest(GUARD_DOOR_MESSAGES.dayInvalid('date'));
      const wanted = request.query.status || null;
      if (wanted !== null && !(GATE_LISTS as readonly string[]).includes(wanted)) {
        throw badRequest(GUARD_DOOR_MESSAGES.statusInvalid);
      }
      const day = await visitors.gateDay(guard, site, date, now);
      const counts: GuardAppVisitorCounts = {
        all_visitors: day.length,
        upcoming: day.filter((entry) => entry.status === 'upcoming').length,
        checked_in: day.filter((entry) => entry.status === 'checked_in').length,
        overtime: day.filter((entry) => entry.status === 'overtime').length,
        checked_out: day.filter((entry) => entry.status === 'checked_out').length,
      };
      const listed = day
        .filter((entry) => wanted === null || entry.status === (wanted as GateList))
        .map((entry) => toAppVisitor(entry.pass, now, deps.publicUrl));
      return answer({ date, counts, [wanted ?? 'all_visitors']: listed });
    },
  );

  door.get<{ Params: { site: string } }>(
    '/residences/:site/visitor-types',
    { schema: { params: siteParams } },
    async (request) => {
      const { site } = guardAt(request);
      visitors.checkVisitorsOn(site);
      return answer({
        visitor_types: VISITOR_TYPES.map(({ id, uuid, name }) => ({ id, uuid, name })),
      });
    },
  );

  door.post<{ Params: { site: string }; Body: { qr_code_data: string } }>(
    '/residences/:site/visitors/scan',
    {
      schema: {
        params: siteParams,
        body: {
          type: 'object',
          required: ['qr_code_data'],
          properties: { qr_code_data: { type: 'string', minLength: 1, maxLength: 200 } },
        },
      },
    },
    async (request) => {
      const { guard, site } = guardAt(request);
      visitors.checkVisitorsOn(site);
      const pass = await deps.visitorsRepository.find(guard, {
        qrCode: request.body.qr_code_data.trim(),
      });
      if (!pass) throw notFound();
      if (pass.residence_uuid !== site.uuid) {
        throw badRequest(`This pass is for ${pass.residence_name}.`, 'PASS_FOR_ANOTHER_SITE');
      }
      return visitorAnswer(guard, site, pass.id, { withWatchlist: true });
    },
  );

  door.get<{ Params: { site: string; id: string } }>(
    '/residences/:site/visitors/:id',
    { schema: { params: visitorParams } },
    async (request) => {
      const { guard, site } = guardAt(request);
      visitors.checkVisitorsOn(site);
      return visitorAnswer(guard, site, visitorId(request.params.id));
    },
  );

  /** Checks a visitor in or out at the gate by the pass rules, answering the pass. */
  async function gateScan(
    request: FastifyRequest<{ Params: { site: string } }>,
    id: number,
    expected: 'IN' | 'OUT',
  ) {
    const { guard, site } = guardAt(request);
    visitors.checkVisitorsOn(site);
    const now = new Date();
    const scanned = await scanPass(deps.visitorsRepository, guard, {
      pass: { id },
      residenceUuid: site.uuid,
      expected,
      now,
    });
    return answer(
      {
        visitor: toAppVisitor(
          { ...scanned.resource, photo_url: scanned.resource.walkin_photo_urls[0] ?? null },
          now,
          deps.publicUrl,
        ),
      },
      expected === 'IN' ? 'Checked in.' : 'Checked out.',
    );
  }

  for (const [path, expected] of [
    ['check-in', 'IN'],
    ['check-out', 'OUT'],
  ] as const) {
    // The older builds' path, with the visitor's id in it (check-out is still sent this way).
    door.post<{ Params: { site: string; id: string } }>(
      `/residences/:site/visitors/:id/${path}`,
      { schema: { params: visitorParams } },
      (request) => gateScan(request, visitorId(request.params.id), expected),
    );
    // The newest app's path (guard_api_paths.dart, residenceCheckIn): the id in the body.
    door.post<{ Params: { site: string }; Body: { visitor_id: number | string } }>(
      `/residences/:site/${path}`,
      {
        schema: {
          params: siteParams,
          body: {
            type: 'object',
            required: ['visitor_id'],
            properties: { visitor_id: { type: ['integer', 'string'] } },
          },
        },
      },
      (request) => gateScan(request, visitorId(String(request.body.visitor_id)), expected),
    );
  }

  door.post<{ Params: { site: string } }>(
    '/residences/:site/visitors',
    { schema: { params: siteParams } },
    async (request) => {
      const { guard, site } = guardAt(request);
      visitors.checkVisitorsOn(site);
      const form = await readUploadedForm(request, {
        field: 'photo',
        maxFiles: 1,
        tooLargeMessage: PHOTO_TOO_LARGE,
      });
      const field = (name: string) => form.fields[name]?.trim() ?? '';
      if (field('access_card_number').length > ACCESS_CARD_NUMBER_MAX_LENGTH) {
        throw badRequest(WALK_IN_MESSAGES.accessCardTooLong);
      }
      const pass = await visitors.registerWalkIn(guard, {
        site,
        fields: {
          visitorTypeId: field('visitor_type_id'),
          unitUuid: field('unit_uuid'),
          name: field('visitor_name'),
          phone: field('phone'),
          email: field('email'),
          temperature: field('temperature'),
          icPassportNumber: field('ic_passport_no'),
          carPlateNumber: field('vehicle_number'),
          purpose: field('purpose'),
          accessCardNumber: field('access_card_number'),
        },
        photo: form.files[0] ?? null,
        now: new Date(),
      });
      const visitor = toAppVisitor(
        { ...pass, photo_url: pass.walkin_photo_urls[0] ?? null },
        new Date(),
        deps.publicUrl,
      );
      return answer({ visitor }, 'Visitor registered and checked in.');
    },
  );

  door.post<{ Body: AccessCardBody }>(
    '/accesscards/newvisitor',
    { schema: { body: accessCardSchema } },
    (request) => recordAccessCard(request, deps),
  );

  // ---- The unit directory ----

  async function unitsAt(request: FastifyRequest<{ Params: { site: string } }>) {
    const { site } = guardAt(request);
    visitors.checkVisitorsOn(site);
    return (await deps.sites.unitsOf(site.uuid)).map((unit) => ({
      ...toAppUnit(unit),
      owner_name: unit.owner_name,
    }));
  }

  door.get<{ Params: { site: string } }>(
    '/residences/:site/units/blocks',
    { schema: { params: siteParams } },
    async (request) => {
      const blocks = [...new Set((await unitsAt(request)).map((unit) => unit.block))];
      return answer({ blocks: blocks.map((block) => ({ label: block || '-', value: block })) });
    },
  );

  door.get<{ Params: { site: string }; Querystring: { block?: string } }>(
    '/residences/:site/units/floors',
    {
      schema: {
        params: siteParams,
        querystring: { type: 'object', properties: { block: text(50) } },
      },
    },
    async (request) => {
      const block = request.query.block ?? '';
      const units = (await unitsAt(request)).filter((unit) => unit.block === block);
      const floors = [...new Set(units.map((unit) => unit.floor))];
      return answer({
        floors: floors.map((floor) => ({ label: floor || '-', value: floor, block })),
      });
    },
  );

  door.get<{ Params: { site: string }; Querystring: { block?: string; floor?: string } }>(
    '/residences/:site/units',
    {
      schema: {
        params: siteParams,
        querystring: { type: 'object', properties: { block: text(50), floor: text(50) } },
      },
    },
    async (request) => {
      const { block, floor } = request.query;
      const units = (await unitsAt(request))
        .filter((unit) => block === undefined || unit.block === block)
        .filter((unit) => floor === undefined || unit.floor === floor)
        .map(({ owner_name: _owner, ...unit }) => unit);
      return answer({ units });
    },
  );

  door.get<{ Params: { site: string; unit: string } }>(
    '/residences/:site/units/:unit/hosts',
    {
      schema: {
        params: {
          type: 'object',
          required: ['site', 'unit'],
          properties: { site: text(100), unit: text(100) },
        },
      },
    },
    async (request) => {
      const { site } = guardAt(request);
      visitors.checkVisitorsOn(site);
      const unit = await deps.sites.unitOf(site.uuid, request.params.unit);
      if (!unit) throw notFound('Unit does not exist.', 'UNIT_NOT_FOUND');
      // The unit's owner is its one host, with the number the company keeps for the unit
      // (a site's Units tab): the product keeps no list of residents.
      const hosts: GuardAppHost[] =
        unit.owner_name || unit.contact_number
          ? [
              {
                id: 1,
                user_id: null,
                name: unit.owner_name,
                phone: unit.contact_number,
                membership_role: 'Owner',
              },
            ]
          : [];
      return answer({ hosts });
    },
  );

  // ---- Incidents ----

  door.get<{ Params: { site: string } }>(
    '/residences/:site/incidents/types',
    { schema: { params: siteParams } },
    async (request) => {
      const { site } = guardAt(request);
      if (!site.reporting) throw notFound(GUARD_DOOR_MESSAGES.reportingOff, 'REPORTING_OFF');
      const categories = await incidents.categories();
      return answer({
        incident_types: categories.map((category) => ({
          key: category.uuid,
          label: category.name,
        })),
      });
    },
  );

  // A report queued offline may arrive after its session ran out of time ('guard-late').
  door.post<{ Params: { site: string } }>(
    '/residences/:site/incidents',
    { config: { guardAccess: 'guard-late' }, schema: { params: siteParams } },
    async (request) => {
      const { guard, site } = guardAt(request);
      if (!site.reporting) throw notFound(GUARD_DOOR_MESSAGES.reportingOff, 'REPORTING_OFF');
      const now = new Date();
      const form = await readUploadedForm(request, {
        field: 'photos[]',
        maxFiles: MAX_REPORT_PHOTOS,
        tooLargeMessage: INCIDENT_FILE_TOO_LARGE,
      });
      const madeAt = timestampOfIso(form.fields.reported_at);
      await guardApp.requirePin(request, guard, site, form.fields.pin, now, madeAt);
      const happened = parseDeviceTime(form.fields.incident_at ?? '');
      if (!happened) throw badRequest(GUARD_DOOR_MESSAGES.incidentTimeInvalid, 'INVALID_DATE');
      const position = positionOf(form.fields);
      const header = request.headers['idempotency-key'];
      const key = typeof header === 'string' && header.trim() ? header.trim().slice(0, 200) : null;
      const report = {
        category_uuid: form.fields.incident_type?.trim() ?? '',
        incident_date: toDbTime(happened),
        description: form.fields.description ?? '',
      };
      const earlier = await incidents.findResent(guard, report, key, now);
      if (earlier) return answer({ incident_uuid: earlier.uuid }, 'Incident reported.');
      const photos = await incidents.storeReportPhotos(guard, form.files);
      const incident = await incidents.add(
        guard,
        {
          ...report,
          residence_uuid: site.uuid,
          actions_taken: '',
          files: photos,
          lat: position?.lat ?? null,
          lng: position?.lng ?? null,
        },
        now,
        key,
      );
      return answer({ incident_uuid: incident.uuid }, 'Incident reported.');
    },
  );

  // ---- Rosters: the guard's own shifts (issue 36; the app of today does not call it) ----

  door.get<{ Querystring: { from?: string; to?: string } }>(
    '/shifts',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            from: { type: 'string', maxLength: 10 },
            to: { type: 'string', maxLength: 10 },
          },
        },
      },
    },
    async (request) => {
      const guard = guardOf(request);
      const today = localDate(new Date());
      const from = request.query.from ?? today;
      const to = request.query.to ?? addDays(from, 6);
      const shifts = await deps.shifts.guardShifts(guard, from, to);
      return answer({
        shifts: shifts.map((shift) => ({
          uuid: shift.uuid,
          residence_uuid: shift.residence_uuid,
          residence_name: shift.residence_name,
          name: shift.name,
          date: shift.date,
          starts_at: appTime(shift.starts_at),
          ends_at: appTime(shift.ends_at),
          starts_at_label: appLabel(timestampOf(shift.starts_at)),
          ends_at_label: appLabel(timestampOf(shift.ends_at)),
          is_cancelled: shift.cancelled_at !== null,
          state: shift.state,
        })),
      });
    },
  );

  // ---- Patrols (issue 38): the guard's phone walks its site's rounds ----

  door.get<{ Params: { site: string } }>(
    '/residences/:site/patrols',
    { schema: { params: siteParams } },
    async (request) => {
      const { guard, site } = guardAt(request);
      const patrols = await deps.patrols.ofSite(guard, site, new Date());
      return answer({ patrols: patrols.map((patrol) => toAppPatrol(patrol, deps.publicUrl)) });
    },
  );

  const patrolParams = {
    type: 'object',
    required: ['site', 'patrol'],
    properties: {
      site: { type: 'string', minLength: 1, maxLength: 100 },
      patrol: { type: 'string', minLength: 1, maxLength: 100 },
    },
  } as const;
  const timeBody = (name: string) =>
    ({
      type: 'object',
      additionalProperties: false,
      properties: { [name]: { type: 'string', maxLength: 40 } },
    }) as const;

  // Sent from the phone's queue, perhaps after the session ran out of time ('guard-late').
  door.post<{ Params: { site: string; patrol: string }; Body: { started_at?: string } }>(
    '/residences/:site/patrols/:patrol/start',
    {
      config: { guardAccess: 'guard-late' },
      schema: { params: patrolParams, body: timeBody('started_at') },
    },
    async (request) => {
      const guard = guardOf(request);
      const site = siteOfGuard(guard, request.params.site);
      const patrol = await deps.patrols.start(
        guard,
        site,
        request.params.patrol,
        request.body ?? {},
        new Date(),
      );
      return answer({ patrol: toAppPatrol(patrol, deps.publicUrl) }, 'Round started.');
    },
  );

  // JSON, or multipart with a `photo` where something is wrong.
  door.post<{ Params: { site: string; patrol: string }; Body: Partial<PatrolScanBody> }>(
    '/residences/:site/patrols/:patrol/scans',
    { config: { guardAccess: 'guard-late' }, schema: { params: patrolParams } },
    async (request) => {
      const guard = guardOf(request);
      const site = siteOfGuard(guard, request.params.site);
      let input: ScanInput;
      if (request.isMultipart()) {
        const form = await readUploadedForm(request, {
          field: 'photo',
          maxFiles: 1,
          tooLargeMessage: PHOTO_TOO_LARGE,
        });
        input = {
          code: form.fields.code ?? '',
          scanned_at: form.fields.scanned_at,
          note: form.fields.note,
          photo: form.files[0],
        };
      } else {
        const body = request.body ?? {};
        input = {
          code: typeof body.code === 'string' ? body.code : '',
          scanned_at: typeof body.scanned_at === 'string' ? body.scanned_at : undefined,
          note: typeof body.note === 'string' ? body.note : undefined,
        };
      }
      if (!input.code.trim())
        throw badRequest(PATROL_MESSAGES.codeUnknown, 'INVALID_REQUEST', 'code');
      const { patrol, replayed } = await deps.patrols.scan(
        guard,
        site,
        request.params.patrol,
        input,
        new Date(),
      );
      return answer(
        { patrol: toAppPatrol(patrol, deps.publicUrl), replayed },
        replayed ? 'Already scanned.' : 'Checkpoint scanned.',
      );
    },
  );

  door.post<{ Params: { site: string; patrol: string }; Body: { finished_at?: string } }>(
    '/residences/:site/patrols/:patrol/finish',
    {
      config: { guardAccess: 'guard-late' },
      schema: { params: patrolParams, body: timeBody('finished_at') },
    },
    async (request) => {
      const guard = guardOf(request);
      const site = siteOfGuard(guard, request.params.site);
      const patrol = await deps.patrols.finish(
        guard,
        site,
        request.params.patrol,
        request.body ?? {},
        new Date(),
      );
      return answer({ patrol: toAppPatrol(patrol, deps.publicUrl) }, 'Round finished.');
    },
  );

  // ---- SOS (issue 38): a press on the phone, sent at once or from its queue ----

  door.post<{
    Params: { site: string };
    Body: { key?: string; pressed_at?: string; lat?: number | string; lng?: number | string };
  }>(
    '/residences/:site/sos',
    {
      config: { guardAccess: 'guard-late' },
      schema: {
        params: siteParams,
        body: {
          type: 'object',
          required: ['key'],
          properties: {
            key: { type: 'string', minLength: 1, maxLength: 100 },
            pressed_at: { type: 'string', maxLength: 40 },
            lat: { type: ['number', 'string'], maxLength: 30 },
            lng: { type: ['number', 'string'], maxLength: 30 },
          },
        },
      },
    },
    async (request) => {
      const guard = guardOf(request);
      const site = siteOfGuard(guard, request.params.site);
      const now = new Date();
      const pressed = Date.parse(request.body.pressed_at ?? '');
      const position = positionOf({
        lat: request.body.lat === undefined ? '' : String(request.body.lat),
        lng: request.body.lng === undefined ? '' : String(request.body.lng),
      });
      const uuid = await deps.alerts.raiseSos({
        guardUuid: guard.guardUuid,
        guardName: guard.name,
        site: { uuid: site.uuid, name: site.name, companyUuid: site.companyUuid },
        position,
        pressedAt: Number.isNaN(pressed) ? now : new Date(Math.min(pressed, now.getTime())),
        key: request.body.key ?? '',
        now,
      });
      return answer({ alert_uuid: uuid }, 'SOS sent.');
    },
  );

  // ---- Facility bookings: this product has none ----

  door.get<{ Params: { site: string } }>(
    '/residences/:site/bookings',
    { schema: { params: siteParams } },
    async (request) => {
      guardAt(request);
      return answer({ counts: { all_bookings: 0, checked_in: 0, upcoming: 0 }, bookings: [] });
    },
  );

  door.get<{ Params: { site: string } }>(
    '/residences/:site/bookings/filters',
    { schema: { params: siteParams } },
    async (request) => {
      guardAt(request);
      return answer({ statuses: [], facilities: [] });
    },
  );

  for (const path of [
    '/residences/:site/bookings/:id',
    '/residences/:site/bookings/:id/check-in',
    '/residences/:site/bookings/:id/check-out',
  ]) {
    const method = path.endsWith(':id') ? 'get' : 'post';
    door[method]<{ Params: { site: string; id: string } }>(
      path,
      { schema: { params: visitorParams } },
      async (request) => {
        guardAt(request);
        throw notFound(GUARD_DOOR_MESSAGES.bookingNotFound);
      },
    );
  }
}

/** A report's `reported_at` (ISO 8601, sent from a queue), in milliseconds; null when absent or unreadable. */
function timestampOfIso(text: string | undefined): number | null {
  if (!text) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

interface AccessCardBody {
  visitor_uuid: string;
  residence_uuid: string;
  visitor_type_uuid?: string;
  unit_uuid?: string;
  access_card_number?: string;
}

const accessCardSchema = {
  type: 'object',
  required: ['visitor_uuid', 'residence_uuid'],
  properties: {
    visitor_uuid: { type: 'string', minLength: 1, maxLength: 100 },
    residence_uuid: { type: 'string', minLength: 1, maxLength: 100 },
    visitor_type_uuid: { type: ['string', 'integer'] },
    unit_uuid: { type: 'string', maxLength: 100 },
    access_card_number: { type: 'string', maxLength: ACCESS_CARD_NUMBER_MAX_LENGTH },
  },
} as const;

/**
 * `accesscards/newvisitor`, which the app posts after each walk-in (register_repository.dart):
 * the pass records that an access card was handed to the visitor, with its number when one is
 * sent (the app sends none; the kiosk's walk-in form does), and the pass's details show it.
 */
async function recordAccessCard(
  request: FastifyRequest<{ Body: AccessCardBody }>,
  deps: { visitors: VisitorsService },
) {
  const guard = guardOf(request);
  const site = siteOfGuard(guard, request.body.residence_uuid);
  deps.visitors.checkVisitorsOn(site);
  const number = (request.body.access_card_number ?? '').trim();
  const recorded = await deps.visitors.recordAccessCard(guard, {
    site,
    visitorUuid: request.body.visitor_uuid,
    cardNumber: number,
    now: new Date(),
  });
  return answer(
    { visitor_uuid: recorded.uuid, access_card_number: recorded.access_card_number },
    'Access card recorded.',
  );
}

/** Paths of older APIs the app still calls at its base URL: none answers the console's page. */
export const LEGACY_APP_PREFIXES = [
  '/api',
  '/data',
  '/data-revise',
  '/accesscards',
  '/visit',
  '/visitor',
  '/qr',
  '/healthcode',
] as const;

/**
 * The app's calls at its base URL, outside /api/v1/guard (a DreamFactory-era API): the access
 * card after a walk-in, and two lists answered empty on purpose. `data/kg_guards` would hand the
 * app every guard's PIN; the app finds the guard from verify-pin's answer instead
 * (attendance_pin_validation.dart). `data/call_history` lists calls this product does not record.
 */
export function guardAppLegacyRoutes(door: FastifyInstance, deps: { visitors: VisitorsService }) {
  door.post<{ Body: AccessCardBody }>(
    '/accesscards/newvisitor',
    { schema: { body: accessCardSchema } },
    (request) => recordAccessCard(request, deps),
  );
  for (const path of ['/data/call_history', '/data/kg_guards']) {
    door.get(path, async (request) => {
      guardOf(request);
      return { resource: [] };
    });
  }
}
