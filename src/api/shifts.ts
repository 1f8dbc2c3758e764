import type { ListResponse, ResourceResponse } from '@contract/list';
import type { NowSite, RosterSettings, Shift, ShiftState, Timesheet } from '@contract/shifts';
import { apiGet, apiPatch } from './client';

/** Dated shifts of local days `from` to `to`, one state or all, a page at a time. */
export async function listPage(params: {
  from: string;
  to: string;
  state?: ShiftState;
  residenceUuid?: string;
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
