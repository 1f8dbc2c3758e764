import { http, HttpResponse } from 'msw';
import type { NowSite, RosterSettings, Shift, Timesheet } from '@contract/shifts';
import { API } from '../api';

/** A dated shift as the server answers it, planned at site-1 by default. */
export function shiftRecord(overrides: Partial<Shift> & Pick<Shift, 'uuid'>): Shift {
  return {
    residence_uuid: 'site-1',
    residence_name: 'Mont Kiara Residence',
    pattern_uuid: 'pattern-night',
    slot: 0,
    name: 'Night',
    date: '2026-11-28',
    starts_at: '2026-11-28 11:00:00',
    ends_at: '2026-11-28 23:00:00',
    guard_uuid: 'guard-1',
    guard_name: 'Arjun Thapa',
    cancelled_at: null,
    state: 'upcoming',
    attendance_uuid: null,
    started_at: null,
    ended_at: null,
    late_minutes: null,
    ...overrides,
  };
}

function nowFixtures(): NowSite[] {
  return [
    {
      residence_uuid: 'site-1',
      residence_name: 'Mont Kiara Residence',
      needed: 2,
      on_duty: 1,
      shifts: [
        shiftRecord({
          uuid: 'shift-1',
          state: 'on_duty',
          guard_uuid: 'guard-2',
          guard_name: 'Bikash Rai',
          started_at: '2026-11-28 10:58:00',
          late_minutes: 0,
        }),
        shiftRecord({ uuid: 'shift-2', slot: 1, state: 'no_show' }),
      ],
      unplanned: [
        {
          attendance_uuid: 'attendance-9',
          guard_uuid: 'guard-3',
          guard_name: 'Chitra Gurung',
          residence_uuid: 'site-1',
          residence_name: 'Mont Kiara Residence',
          started_at: '2026-11-28 09:00:00',
        },
      ],
    },
    {
      residence_uuid: 'site-2',
      residence_name: 'Bangsar Heights',
      needed: 1,
      on_duty: 1,
      shifts: [
        shiftRecord({
          uuid: 'shift-3',
          residence_uuid: 'site-2',
          residence_name: 'Bangsar Heights',
          state: 'late',
          guard_uuid: 'guard-4',
          guard_name: 'Dipak Lama',
          started_at: '2026-11-28 11:25:00',
          late_minutes: 25,
        }),
      ],
      unplanned: [],
    },
  ];
}

/** Two guards' month at two sites, with sums the handler does not compute: the page only shows them. */
export function timesheetFixture(from = '2026-11-01', to = '2026-11-30'): Timesheet {
  return {
    from,
    to,
    lines: [
      {
        guard_uuid: 'guard-1',
        guard_name: 'Arjun Thapa',
        guard_id: 'G-001',
        residence_uuid: 'site-1',
        residence_name: 'Mont Kiara Residence',
        shift_name: 'Night',
        date: '2026-11-02',
        planned_start: '2026-11-02 11:00:00',
        planned_end: '2026-11-02 23:00:00',
        started_at: '2026-11-02 11:20:00',
        ended_at: '2026-11-02 23:00:00',
        state: 'late',
        planned_minutes: 720,
        worked_minutes: 700,
        late_minutes: 20,
      },
      {
        guard_uuid: 'guard-2',
        guard_name: 'Bikash Rai',
        guard_id: 'G-002',
        residence_uuid: 'site-2',
        residence_name: 'Bangsar Heights',
        shift_name: '',
        date: '2026-11-03',
        planned_start: null,
        planned_end: null,
        started_at: '2026-11-03 01:00:00',
        ended_at: '2026-11-03 05:00:00',
        state: 'unplanned',
        planned_minutes: 0,
        worked_minutes: 240,
        late_minutes: 0,
      },
    ],
    guards: [
      {
        guard_uuid: 'guard-1',
        guard_name: 'Arjun Thapa',
        guard_id: 'G-001',
        planned_minutes: 720,
        worked_minutes: 700,
        late_minutes: 20,
        no_shows: 1,
        over_day_minutes: 220,
        over_week_minutes: 0,
      },
      {
        guard_uuid: 'guard-2',
        guard_name: 'Bikash Rai',
        guard_id: 'G-002',
        planned_minutes: 0,
        worked_minutes: 240,
        late_minutes: 0,
        no_shows: 0,
        over_day_minutes: 0,
        over_week_minutes: 0,
      },
    ],
    sites: [
      {
        residence_uuid: 'site-1',
        residence_name: 'Mont Kiara Residence',
        planned_minutes: 720,
        worked_minutes: 700,
        late_minutes: 20,
        no_shows: 1,
        over_day_minutes: 220,
        over_week_minutes: 0,
      },
      {
        residence_uuid: 'site-2',
        residence_name: 'Bangsar Heights',
        planned_minutes: 0,
        worked_minutes: 240,
        late_minutes: 0,
        no_shows: 0,
        over_day_minutes: 0,
        over_week_minutes: 0,
      },
    ],
  };
}

let nowSites = nowFixtures();
let listed: Shift[] = [
  shiftRecord({ uuid: 'shift-2', slot: 1, state: 'no_show' }),
  shiftRecord({
    uuid: 'shift-3',
    residence_uuid: 'site-2',
    residence_name: 'Bangsar Heights',
    state: 'late',
    guard_uuid: 'guard-4',
    guard_name: 'Dipak Lama',
    started_at: '2026-11-28 11:25:00',
    late_minutes: 25,
  }),
];

const DEFAULT_SETTINGS: RosterSettings = {
  late_grace_minutes: 10,
  no_show_minutes: 30,
  weekly_hours_limit: 72,
  patrol_completion_percent: 90,
};
let settings = new Map<string, RosterSettings>();

/** A company's watch settings as the handler holds them. */
export function rosterSettingsOf(companyUuid: string): RosterSettings {
  return settings.get(companyUuid) ?? DEFAULT_SETTINGS;
}

export function resetShiftWatchRecords(): void {
  settings = new Map();
  nowSites = nowFixtures();
  listed = listed.map((shift) => ({ ...shift }));
}

export const shiftWatchHandlers = [
  http.get(`${API}/security-companies/:uuid/roster-settings`, ({ params }) =>
    HttpResponse.json(rosterSettingsOf(String(params.uuid))),
  ),
  http.patch(`${API}/security-companies/:uuid/roster-settings`, async ({ params, request }) => {
    const body = (await request.json()) as RosterSettings;
    settings.set(String(params.uuid), body);
    return HttpResponse.json(body);
  }),
  http.get(`${API}/shifts/now`, () => HttpResponse.json({ resource: nowSites })),
  http.get(`${API}/shifts/timesheet`, ({ request }) => {
    const params = new URL(request.url).searchParams;
    return HttpResponse.json(
      timesheetFixture(params.get('from') ?? undefined, params.get('to') ?? undefined),
    );
  }),
  http.get(`${API}/shifts`, ({ request }) => {
    const params = new URL(request.url).searchParams;
    const state = params.get('state');
    const late = params.get('late') === 'true';
    // The roster's own reads (a site's or a guard's days) are shifts.ts's.
    if (!state && !late) return undefined;
    const matching = listed.filter(
      (shift) =>
        (!state || shift.state === state) &&
        (!late || (shift.late_minutes ?? 0) > 10) &&
        shift.date >= (params.get('from') ?? '') &&
        shift.date <= (params.get('to') ?? '9999'),
    );
    const offset = Number(params.get('offset') ?? 0);
    const limit = Number(params.get('limit') ?? 8);
    return HttpResponse.json({
      resource: matching.slice(offset, offset + limit),
      meta: { count: matching.length },
    });
  }),
];
