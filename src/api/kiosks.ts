import type { Kiosk, KioskEnrolAnswer, KioskEnrolBody } from '@contract/kiosks';
import type { ListResponse } from '@contract/list';
import { apiDelete, apiGet, apiPost } from './client';
import { equals } from './filters';

/** Guardhouse devices enrolled as kiosks (../lib/contract/kiosks.ts). */

/** A site's kiosks. */
export async function list(residenceUuid: string): Promise<Kiosk[]> {
  const answer = await apiGet<ListResponse<Kiosk>>('/kiosks/list', {
    params: { filter: equals('residence_uuid', residenceUuid) },
  });
  return answer.resource;
}

/** Enrols the device the call comes from; its token is answered here and never again. */
export function create(body: KioskEnrolBody): Promise<KioskEnrolAnswer> {
  return apiPost<KioskEnrolAnswer>('/kiosks/add', body);
}

/** Revokes a kiosk: its device token stops working at once. */
export async function remove(uuid: string): Promise<void> {
  await apiDelete(`/kiosks/${encodeURIComponent(uuid)}`);
}
