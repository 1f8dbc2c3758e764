import type {
  Alert,
  AlertPreference,
  AlertPreferenceBody,
  ReadAlertsBody,
  UnreadAlerts,
} from '@contract/alerts';
import type { ListResponse, ResourceResponse } from '@contract/list';
import { apiGet, apiPost, apiPut } from './client';

/** The user's alerts, newest first; `unread` keeps only those not read yet. */
export async function list(params: {
  offset: number;
  limit: number;
  unread?: boolean;
}): Promise<ListResponse<Alert>> {
  return apiGet<ListResponse<Alert>>('/alerts', {
    params: {
      limit: params.limit,
      offset: params.offset,
      ...(params.unread ? { unread: 1 } : {}),
    },
  });
}

export async function unreadCount(): Promise<number> {
  return (await apiGet<UnreadAlerts>('/alerts/unread')).count;
}

export async function markRead(body: ReadAlertsBody): Promise<void> {
  await apiPost('/alerts/read', body);
}

export async function preferences(): Promise<AlertPreference[]> {
  return (await apiGet<ResourceResponse<AlertPreference[]>>('/alert-preferences')).resource;
}

export async function savePreference(
  residenceUuid: string,
  body: AlertPreferenceBody,
): Promise<void> {
  await apiPut(`/alert-preferences/${encodeURIComponent(residenceUuid)}`, body);
}

/** The SOS alerts of the user's scope nobody has acknowledged yet (issue 38). */
export async function openSos(): Promise<Alert[]> {
  return (await apiGet<ResourceResponse<Alert[]>>('/alerts/sos')).resource;
}

/** Takes an SOS in hand: it leaves every console's banner. */
export async function acknowledge(uuid: string): Promise<void> {
  await apiPost(`/alerts/${encodeURIComponent(uuid)}/acknowledge`);
}
