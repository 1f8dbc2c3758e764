import type { ListResponse, ResourceResponse } from '@contract/list';
import type {
  NowSite,
  RosterSettings,
  Shift,
  ShiftAssignment,
  ShiftPattern,
  ShiftPatternBody,
  ShiftState,
  Timesheet,
} from '@contract/shifts';
import { apiDelete, apiGet, apiPatch, apiPost } from './client';

/** A one-off shift: one guard's place at a site on one day (times 'HH:MM', date 'YYYY-MM-DD'). */
export interface OneOffShiftBody {
  residence_uuid: string;
  name: string;
  date: string;
  start_time: string;
  end_time: string;
  /** The guard to put on it at once, checked as an assignment is. */
  guard_uuid?: string;
}

/** Which shifts to list: days `from` to `to` ('YYYY-MM-DD', both included), of a site or a guard. */
export interface ShiftRange {
  from: string;
  to: string;
  residence_uuid?: string;
  guard_uuid?: string;
}

function only<T>(answer: ResourceResponse<T[]>, what: string): T {
  const first = answer.resource[0];
  if (!first) throw new Error(`The server answered no ${what}.`);
  return first;
}

const patternUrl = (uuid: string) => `/shift-patterns/${encodeURIComponent(uuid)}`;
const shiftUrl = (uuid: string) => `/shifts/${encodeURIComponent(uuid)}`;

/** A site's shift patterns. */
export async function listPatterns(residenceUuid: string): Promise<ShiftPattern[]> {
  const answer = await apiGet<ListResponse<ShiftPattern>>('/shift-patterns', {
    params: { residence_uuid: residenceUuid },
  });
  return answer.resource;
}

export async function createPattern(body: ShiftPatternBody): Promise<ShiftPattern> {
  return only(await apiPost<ResourceResponse<ShiftPattern[]>>('/shift-patterns', body), 'pattern');
}

export async function updatePattern(uuid: string, body: ShiftPatternBody): Promise<ShiftPattern> {
  return only(await apiPatch<ResourceResponse<ShiftPattern[]>>(patternUrl(uuid), body), 'pattern');
}

export async function removePattern(uuid: string): Promise<void> {
  await apiDelete(patternUrl(uuid));
}

/** Makes a site's shifts from its patterns for days `from` to `to`; answers how many were made. */
export async function generate(body: {
  residence_uuid: string;
  from: string;
  to: string;
}): Promise<number> {
  return (await apiPost<{ made: number }>('/shifts/generate', body)).made;
}

/** The dated shifts of a range of days, cancelled ones included. */
export async function list(range: ShiftRange, options: { signal?: AbortSignal } = {}) {
  const answer = await apiGet<ListResponse<Shift>>('/shifts', {
    params: range,
    signal: options.signal,
  });
  return answer.resource;
}

/** Puts a guard on a shift, or takes the guard off (null); answers warnings that do not block. */
export async function assign(uuid: string, guardUuid: string | null): Promise<ShiftAssignment> {
  return apiPatch<ShiftAssignment>(shiftUrl(uuid), { guard_uuid: guardUuid });
}

export async function create(body: OneOffShiftBody): Promise<Shift> {
  return only(await apiPost<ResourceResponse<Shift[]>>('/shifts', body), 'shift');
}

/** Exchanges the guards of two shifts, together. */
export async function swap(a: string, b: string): Promise<Shift[]> {
  return (await apiPost<ResourceResponse<Shift[]>>('/shifts/swap', { shift_uuids: [a, b] }))
    .resource;
}

export async function cancel(uuid: string): Promise<Shift> {
  return only(await apiPost<ResourceResponse<Shift[]>>(`${shiftUrl(uuid)}/cancel`), 'shift');
}

// ---- The watch (issue 36): shifts by state, the Now board, the timesheet, settings ----

/** Dated shifts of local days `from` to `to`, one state or all, a page at a time. */
export async function listPage(params: {
  from: string;
  to: string;
  state?: ShiftState;
  residenceUuid?: string;
  /** The shifts running during the days, not only those starting on them. */
  overlap?: boolean;
  /** Only the starts past the company's grace, whatever became of them. */
  late?: boolean;
  offset: number;
  limit: number;
}): Promise<ListResponse<Shift>> {
  return apiGet<ListResponse<Shift>>('/shifts', {
    params: {
      from: params.from,
      to: params.to,
      limit: params.limit,
      offset: params.offset,
      ...(params.state ? { state: params.state } : {}),
      ...(params.overlap ? { overlap: true } : {}),
      ...(params.late ? { late: true } : {}),
      ...(params.residenceUuid ? { residence_uuid: params.residenceUuid } : {}),
    },
  });
}

/** Each site of the user's with its shifts in progress at this minute (the Now board). */
export async function now(): Promise<NowSite[]> {
  return (await apiGet<ResourceResponse<NowSite[]>>('/shifts/now')).resource;
}

/** The timesheet of local days `from` to `to`: every guard, or one. */
export async function timesheet(params: {
  from: string;
  to: string;
  guardUuid?: string;
}): Promise<Timesheet> {
  return apiGet<Timesheet>('/shifts/timesheet', {
    params: {
      from: params.from,
      to: params.to,
      ...(params.guardUuid ? { guard_uuid: params.guardUuid } : {}),
    },
  });
}

export async function rosterSettings(companyUuid: string): Promise<RosterSettings> {
  return apiGet<RosterSettings>(
    `/security-companies/${encodeURIComponent(companyUuid)}/roster-settings`,
  );
}

export async function saveRosterSettings(
  companyUuid: string,
  body: RosterSettings,
): Promise<RosterSettings> {
  return apiPatch<RosterSettings>(
    `/security-companies/${encodeURIComponent(companyUuid)}/roster-settings`,
    body,
  );
}
