import { http, HttpResponse } from 'msw';
import type { Kiosk, KioskEnrolAnswer, KioskEnrolBody } from '@contract/kiosks';
import { KIOSK_TOKEN, kiosks } from '../../fixtures/kiosk';
import { sites } from '../../fixtures/organisation';
import { API, apiError } from '../api';
import { equalsOf } from '../filter-text';

/**
 * The kiosks the handlers answer with, whoever asks (scope is the real server's, tested in
 * test/server). A test sets them up with resetKioskRecords(); enrolments and revocations change
 * this copy.
 */
let records: Kiosk[] = [...kiosks];
let enrolled = 0;

export function resetKioskRecords(next: readonly Kiosk[] = kiosks): void {
  records = [...next];
  enrolled = 0;
}

export function kioskRecords(): readonly Kiosk[] {
  return records;
}

export const kioskHandlers = [
  http.get(`${API}/kiosks/list`, ({ request }) => {
    const filter = new URL(request.url).searchParams.get('filter') ?? '';
    const site = equalsOf(filter, 'residence_uuid');
    const matching = records.filter((kiosk) => site === undefined || kiosk.residence_uuid === site);
    return HttpResponse.json({ resource: matching, meta: { count: matching.length } });
  }),

  http.post(`${API}/kiosks/add`, async ({ request }) => {
    const body = (await request.json()) as Partial<KioskEnrolBody>;
    const label = body.label?.trim() ?? '';
    if (!label) {
      return HttpResponse.json(
        apiError('VALIDATION_FAILED', 'Enter a name for this kiosk, such as "Main gate".'),
        { status: 400 },
      );
    }
    const site = sites.find((candidate) => candidate.uuid === body.residence_uuid);
    if (!site) {
      return HttpResponse.json(
        apiError('INVALID_SITE', 'Choose one of your sites with the guard service.'),
        { status: 400 },
      );
    }
    enrolled += 1;
    const kiosk: Kiosk = {
      uuid: `new-kiosk-${enrolled}`,
      residence_uuid: site.uuid,
      residence_name: site.name,
      label,
      enrolled_by_name: 'Chandra Company',
      created_at: '2026-03-20 02:00:00',
      last_seen_at: null,
    };
    records = [...records, kiosk];
    // The device token the guard-app handlers accept, so that an enrolled browser opens the kiosk.
    const answer: KioskEnrolAnswer = { resource: kiosk, token: KIOSK_TOKEN };
    return HttpResponse.json(answer);
  }),

  http.delete(`${API}/kiosks/:uuid`, ({ params }) => {
    if (!records.some((kiosk) => kiosk.uuid === params.uuid)) {
      return HttpResponse.json(apiError('NOT_FOUND', 'Record does not exist.'), { status: 404 });
    }
    records = records.filter((kiosk) => kiosk.uuid !== params.uuid);
    return HttpResponse.json({ resource: { uuid: params.uuid } });
  }),
];
