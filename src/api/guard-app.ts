import type {
  GuardAppAttendance,
  GuardAppGuard,
  GuardAppHost,
  GuardAppResidence,
  GuardAppIncidentType,
  GuardAppUnit,
  GuardAppVerifyPinBody,
  GuardAppVerifyPinData,
  GuardAppVisitor,
  GuardAppVisitorType,
  GuardAppVisitorsData,
  KioskData,
  KioskGuard,
} from '@contract/guard-app';
import type { Patrol } from '@contract/patrols';
import { guardGet, guardPost } from './client';

/**
 * The guard app's calls the kiosk makes (../lib/contract/guard-app.ts). Each takes the credential
 * it needs: `deviceToken` (the kiosk's own) or `guardToken` (the guard's session at the kiosk).
 */

/** An option of the unit directory's block and floor pickers. */
export interface DirectoryOption {
  label: string;
  value: string;
}

/** The visitor lists of the gate's tabs. */
export type VisitorTab = 'upcoming' | 'checked_in' | 'overtime';

const sitePath = (siteUuid: string, rest: string) =>
  `residences/${encodeURIComponent(siteUuid)}/${rest}`;

export function getKiosk(deviceToken: string): Promise<KioskData> {
  return guardGet<KioskData>('kiosk', { token: deviceToken });
}

/** The site's guards whose name or guard ID holds `search` (at most 50). */
export async function listKioskGuards(deviceToken: string, search: string): Promise<KioskGuard[]> {
  const data = await guardGet<{ guards: KioskGuard[] }>('kiosk/guards', {
    token: deviceToken,
    params: { search: search || undefined },
  });
  return data.guards;
}

/** Opens a guard's session at the kiosk; a wrong PIN answers 422, too many 429. */
export function verifyPin(
  deviceToken: string,
  body: Required<GuardAppVerifyPinBody>,
): Promise<GuardAppVerifyPinData> {
  return guardPost<GuardAppVerifyPinData>('auth/verify-pin', { token: deviceToken }, body);
}

export async function signOut(guardToken: string): Promise<void> {
  await guardPost('auth/logout', { token: guardToken });
}

/** What starting or ending a shift sends; the location only when the browser gave one. */
export interface ShiftReport {
  /** The device's wall-clock time, 'yyyy-MM-dd h:mm a'. */
  currentTime: string;
  /** A JPEG from the camera; left out only where the company allows PIN-only shifts. */
  selfie: File | null;
  location: { lat: number; lng: number } | null;
}

function shiftForm({ currentTime, selfie, location }: ShiftReport): FormData {
  const form = new FormData();
  form.append('current_time', currentTime);
  if (selfie) form.append('selfie_photo', selfie, selfie.name);
  if (location) {
    form.append('lat', String(location.lat));
    form.append('lng', String(location.lng));
  }
  return form;
}

/** Starts (`start`) or ends (`end`) the guard's shift; 409 when there is one open, or none. */
export async function recordShift(
  guardToken: string,
  siteUuid: string,
  kind: 'start' | 'end',
  report: ShiftReport,
): Promise<GuardAppAttendance> {
  const data = await guardPost<{ attendance: GuardAppAttendance }>(
    sitePath(siteUuid, `attendance/${kind}`),
    { token: guardToken },
    shiftForm(report),
  );
  return data.attendance;
}

export async function listIncidentTypes(
  guardToken: string,
  siteUuid: string,
): Promise<GuardAppIncidentType[]> {
  const data = await guardGet<{ incident_types: GuardAppIncidentType[] }>(
    sitePath(siteUuid, 'incidents/types'),
    { token: guardToken },
  );
  return data.incident_types;
}

/** An incident report as the guard API takes it. */
export interface IncidentReportBody {
  /** The same key for every attempt, so that a resend is not stored twice. */
  idempotencyKey: string;
  incidentType: string;
  description: string;
  /** The device's wall-clock time of the incident, 'yyyy-MM-dd hh:mm AM/PM'. */
  incidentAt: string;
  /** ISO 8601, when the guard pressed Send. */
  reportedAt: string;
  photos: readonly File[];
  /** Where the kiosk was when the guard pressed Send, when the browser could say. */
  position?: { lat: number; lng: number } | null;
}

export async function createIncident(
  guardToken: string,
  siteUuid: string,
  report: IncidentReportBody,
): Promise<void> {
  const form = new FormData();
  form.append('incident_type', report.incidentType);
  form.append('description', report.description);
  form.append('incident_at', report.incidentAt);
  form.append('reported_at', report.reportedAt);
  if (report.position) {
    form.append('lat', String(report.position.lat));
    form.append('lng', String(report.position.lng));
  }
  for (const photo of report.photos) form.append('photos[]', photo, photo.name);
  await guardPost(
    sitePath(siteUuid, 'incidents'),
    { token: guardToken, headers: { 'Idempotency-Key': report.idempotencyKey } },
    form,
  );
}

/** Today's visitors of one tab, and the counts of every tab. */
export async function listVisitors(
  guardToken: string,
  siteUuid: string,
  { date, tab }: { date: string; tab: VisitorTab },
): Promise<{ counts: GuardAppVisitorsData['counts']; visitors: GuardAppVisitor[] }> {
  const data = await guardGet<GuardAppVisitorsData>(sitePath(siteUuid, 'visitors'), {
    token: guardToken,
    params: { date, status: tab },
  });
  return { counts: data.counts, visitors: data[tab] ?? [] };
}

/** The visitor whose pass carries a scanned code. */
export async function findVisitorByCode(
  guardToken: string,
  siteUuid: string,
  code: string,
): Promise<GuardAppVisitor> {
  const data = await guardPost<{ visitor: GuardAppVisitor }>(
    sitePath(siteUuid, 'visitors/scan'),
    { token: guardToken },
    { qr_code_data: code },
  );
  return data.visitor;
}

/** Checks a visitor in or out; 409 with the reason when the pass rules refuse. */
export async function moveVisitor(
  guardToken: string,
  siteUuid: string,
  visitorId: number,
  direction: 'check-in' | 'check-out',
): Promise<void> {
  await guardPost(sitePath(siteUuid, `visitors/${visitorId}/${direction}`), { token: guardToken });
}

export async function listVisitorTypes(
  guardToken: string,
  siteUuid: string,
): Promise<GuardAppVisitorType[]> {
  const data = await guardGet<{ visitor_types: GuardAppVisitorType[] }>(
    sitePath(siteUuid, 'visitor-types'),
    { token: guardToken },
  );
  return data.visitor_types;
}

export async function listBlocks(guardToken: string, siteUuid: string): Promise<DirectoryOption[]> {
  const data = await guardGet<{ blocks: DirectoryOption[] }>(sitePath(siteUuid, 'units/blocks'), {
    token: guardToken,
  });
  return data.blocks;
}

export async function listFloors(
  guardToken: string,
  siteUuid: string,
  block: string,
): Promise<DirectoryOption[]> {
  const data = await guardGet<{ floors: DirectoryOption[] }>(sitePath(siteUuid, 'units/floors'), {
    token: guardToken,
    params: { block },
  });
  return data.floors;
}

export async function listUnits(
  guardToken: string,
  siteUuid: string,
  { block, floor }: { block: string; floor: string },
): Promise<GuardAppUnit[]> {
  const data = await guardGet<{ units: GuardAppUnit[] }>(sitePath(siteUuid, 'units'), {
    token: guardToken,
    params: { block, floor },
  });
  return data.units;
}

export async function listHosts(
  guardToken: string,
  siteUuid: string,
  unitUuid: string,
): Promise<GuardAppHost[]> {
  const data = await guardGet<{ hosts: GuardAppHost[] }>(
    sitePath(siteUuid, `units/${encodeURIComponent(unitUuid)}/hosts`),
    { token: guardToken },
  );
  return data.hosts;
}

/** A walk-in visitor as the gate registers one; blank fields are left out of the call. */
export interface WalkInBody {
  visitorTypeId: number;
  unitUuid: string;
  /** The host's user id, when the chosen host has a login. */
  hostUserId: number | null;
  name: string;
  phone: string;
  icPassportNo: string;
  vehicleNumber: string;
  /** The access card handed to the visitor, if any. */
  accessCardNumber: string;
  temperature: string;
  photo: File | null;
}

/** Registers a walk-in visitor, checked in at once. */
export async function createWalkIn(
  guardToken: string,
  siteUuid: string,
  body: WalkInBody,
): Promise<GuardAppVisitor> {
  const form = new FormData();
  const fields: Array<[string, string]> = [
    ['visitor_type_id', String(body.visitorTypeId)],
    ['unit_uuid', body.unitUuid],
    ['guest_of_user_id', body.hostUserId === null ? '' : String(body.hostUserId)],
    ['visitor_name', body.name],
    ['phone', body.phone],
    ['ic_passport_no', body.icPassportNo],
    ['vehicle_number', body.vehicleNumber],
    ['access_card_number', body.accessCardNumber],
    ['temperature', body.temperature],
  ];
  for (const [name, value] of fields) if (value.trim() !== '') form.append(name, value.trim());
  if (body.photo) form.append('photo', body.photo, body.photo.name);
  const data = await guardPost<{ visitor: GuardAppVisitor }>(
    sitePath(siteUuid, 'visitors'),
    { token: guardToken },
    form,
  );
  return data.visitor;
}

// ---- The guard's phone in the browser (issue 38) ----

/** What the app's sign-in answers. `switch_device`: signed in elsewhere; ask, then proceed. */
export interface GuardSignIn {
  token: string;
  guard: { uuid: string; guard_id: string; name: string; profile_image_url: string | null };
  residences: GuardAppResidence[];
  switch_device?: { message: string };
}

/** The app's own sign-in, on this browser as a device of the guard's. */
export async function signIn(body: {
  login: string;
  password: string;
  deviceId: string;
  proceed: boolean;
}): Promise<GuardSignIn> {
  const answer = await guardPost<{
    token: string;
    guard: GuardAppGuard;
    residences: GuardAppResidence[];
    switch_device?: { message: string };
  }>(
    'auth/login',
    { token: '' },
    {
      email_or_phone: body.login,
      password: body.password,
      device_unique_id: body.deviceId,
      device_model: 'Browser',
      brand: 'Web',
      is_proceed: body.proceed ? 1 : 0,
    },
  );
  return {
    token: answer.token,
    guard: {
      uuid: answer.guard.uuid,
      guard_id: '',
      name: answer.guard.name,
      profile_image_url: answer.guard.profile_image_url ?? null,
    },
    residences: answer.residences,
    switch_device: answer.switch_device,
  };
}

/** A patrol as the guard door answers it: the console's shape, its times the sites' clock. */
export type GuardPatrol = Patrol;

/** The site's patrols of the half day either side of now. */
export async function listPatrols(guardToken: string, siteUuid: string): Promise<GuardPatrol[]> {
  const data = await guardGet<{ patrols: GuardPatrol[] }>(sitePath(siteUuid, 'patrols'), {
    token: guardToken,
  });
  return data.patrols;
}

/** One step of walking a patrol, with the phone's time it was made at (ISO 8601). */
export type PatrolAction =
  | { kind: 'start'; at: string }
  | { kind: 'scan'; at: string; code: string; note: string }
  | { kind: 'finish'; at: string }
  /** An SOS (no patrol): `key` names the press, so a resend is the same SOS. */
  | { kind: 'sos'; at: string; key: string; lat: number | null; lng: number | null };

/**
 * Sends one step; answers the patrol as the server has it after, and whether it was a replay
 * (null for an SOS).
 */
export async function sendPatrolAction(
  guardToken: string,
  siteUuid: string,
  patrolUuid: string,
  action: PatrolAction,
): Promise<{ patrol: GuardPatrol; replayed: boolean } | null> {
  const path = sitePath(siteUuid, `patrols/${encodeURIComponent(patrolUuid)}`);
  const token = { token: guardToken };
  if (action.kind === 'sos') {
    await guardPost(sitePath(siteUuid, 'sos'), token, {
      key: action.key,
      pressed_at: action.at,
      ...(action.lat !== null && action.lng !== null ? { lat: action.lat, lng: action.lng } : {}),
    });
    return null;
  }
  if (action.kind === 'start') {
    const data = await guardPost<{ patrol: GuardPatrol }>(`${path}/start`, token, {
      started_at: action.at,
    });
    return { patrol: data.patrol, replayed: false };
  }
  if (action.kind === 'finish') {
    const data = await guardPost<{ patrol: GuardPatrol }>(`${path}/finish`, token, {
      finished_at: action.at,
    });
    return { patrol: data.patrol, replayed: false };
  }
  const data = await guardPost<{ patrol: GuardPatrol; replayed: boolean }>(`${path}/scans`, token, {
    code: action.code,
    scanned_at: action.at,
    note: action.note || undefined,
  });
  return data;
}
