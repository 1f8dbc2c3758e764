import { http, HttpResponse } from 'msw';
import type { Alert, AlertPreference, ReadAlertsBody } from '@contract/alerts';
import { API, apiError } from '../api';

/** Two shift alerts (one read) and a licence alert, newest first. */
function alertFixtures(): Alert[] {
  return [
    {
      uuid: 'alert-3',
      kind: 'no_show',
      message: 'Arjun Thapa is a no-show for Night 19:00–07:00 at Mont Kiara Residence.',
      security_company_uuid: 'company-1',
      residence_uuid: 'site-1',
      residence_name: 'Mont Kiara Residence',
      patrol_uuid: null,
      acknowledged_at: null,
      acknowledged_by: null,
      shift_uuid: 'shift-3',
      guard_uuid: 'guard-1',
      guard_name: 'Arjun Thapa',
      created_at: '2026-11-28 11:31:00',
      read: false,
    },
    {
      uuid: 'alert-2',
      kind: 'late',
      message: 'Bikash Rai is late (25 min) for Day 07:00–19:00 at Bangsar Heights.',
      security_company_uuid: 'company-1',
      residence_uuid: 'site-2',
      residence_name: 'Bangsar Heights',
      patrol_uuid: null,
      acknowledged_at: null,
      acknowledged_by: null,
      shift_uuid: 'shift-2',
      guard_uuid: 'guard-2',
      guard_name: 'Bikash Rai',
      created_at: '2026-11-27 23:25:00',
      read: false,
    },
    {
      uuid: 'alert-1',
      kind: 'licence_expiring',
      message: 'The licence of Chandra Security expires on 2026-12-20.',
      security_company_uuid: 'company-1',
      residence_uuid: null,
      residence_name: null,
      patrol_uuid: null,
      acknowledged_at: null,
      acknowledged_by: null,
      shift_uuid: null,
      guard_uuid: null,
      guard_name: null,
      created_at: '2026-11-20 00:00:00',
      read: true,
    },
  ];
}

function preferenceFixtures(): AlertPreference[] {
  return [
    {
      residence_uuid: 'site-1',
      residence_name: 'Mont Kiara Residence',
      late: true,
      no_show: true,
      email: true,
    },
    {
      residence_uuid: 'site-2',
      residence_name: 'Bangsar Heights',
      late: true,
      no_show: true,
      email: false,
    },
  ];
}

let alerts = alertFixtures();
let preferences = preferenceFixtures();

export function resetAlertRecords(next: Alert[] = alertFixtures()): void {
  alerts = next.map((alert) => ({ ...alert }));
  preferences = preferenceFixtures();
}

export function alertPreferenceRecords(): readonly AlertPreference[] {
  return preferences;
}

const openSos = () => alerts.filter((alert) => alert.kind === 'sos' && !alert.acknowledged_at);

export const alertHandlers = [
  http.get(`${API}/alerts/sos`, () => HttpResponse.json({ resource: openSos() })),
  http.post(`${API}/alerts/:uuid/acknowledge`, ({ params }) => {
    const found = openSos().find((alert) => alert.uuid === params.uuid);
    if (!found) {
      return HttpResponse.json(
        { error: { code: 'ALERT_NOT_FOUND', message: 'This SOS does not exist.' } },
        { status: 404 },
      );
    }
    alerts = alerts.map((alert) =>
      alert.uuid === found.uuid
        ? { ...alert, acknowledged_at: '2026-11-30 14:05:00', acknowledged_by: 'Nurul Huda' }
        : alert,
    );
    return HttpResponse.json({ acknowledged: true });
  }),
  http.get(`${API}/alerts/unread`, () =>
    HttpResponse.json({ count: alerts.filter((alert) => !alert.read).length }),
  ),
  http.get(`${API}/alerts`, ({ request }) => {
    const params = new URL(request.url).searchParams;
    const matching = params.get('unread') === '1' ? alerts.filter((a) => !a.read) : alerts;
    const offset = Number(params.get('offset') ?? 0);
    const limit = Number(params.get('limit') ?? 8);
    return HttpResponse.json({
      resource: matching.slice(offset, offset + limit),
      meta: { count: matching.length },
    });
  }),
  http.post(`${API}/alerts/read`, async ({ request }) => {
    const body = (await request.json()) as ReadAlertsBody;
    alerts = alerts.map((alert) =>
      body.all || body.uuids?.includes(alert.uuid) ? { ...alert, read: true } : alert,
    );
    return HttpResponse.json({ success: true });
  }),
  http.get(`${API}/alert-preferences`, () => HttpResponse.json({ resource: preferences })),
  http.put(`${API}/alert-preferences/:residence`, async ({ params, request }) => {
    const body = (await request.json()) as Pick<AlertPreference, 'late' | 'no_show' | 'email'>;
    const found = preferences.find((p) => p.residence_uuid === params.residence);
    if (!found) {
      return HttpResponse.json(apiError('NOT_FOUND', 'This site was not found.'), { status: 404 });
    }
    preferences = preferences.map((p) => (p === found ? { ...p, ...body } : p));
    return HttpResponse.json({ resource: [{ ...found, ...body }] });
  }),
];
