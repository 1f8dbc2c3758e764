import { http, HttpResponse } from 'msw';
import type { Patrol, PatrolCompletion } from '@contract/patrols';
import { API } from '../api';
import { equalsOf, pageOf } from '../filter-text';

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment `days` from today at local `hours:minutes`, as the API stores it (UTC). */
function stored(days: number, hours: number, minutes = 0): string {
  const now = new Date();
  const at = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, hours, minutes);
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:00`;
}

function patrol(uuid: string, dueHour: number, overrides: Partial<Patrol>): Patrol {
  return {
    uuid,
    round_uuid: 'round-1',
    round_name: 'Night round',
    in_order: true,
    residence_uuid: 'site-1',
    residence_name: 'Mont Kiara Residence',
    due_at: stored(0, dueHour),
    closes_at: stored(0, dueHour, 30),
    state: 'due',
    guard_uuid: null,
    guard_name: null,
    started_at: null,
    finished_at: null,
    minutes_taken: null,
    checkpoints_total: 2,
    checkpoints_scanned: 0,
    checkpoints: [
      {
        uuid: 'cp-2',
        name: 'Pool gate',
        scanned_at: null,
        sent_late: false,
        note: '',
        photo_url: null,
      },
      {
        uuid: 'cp-1',
        name: 'Car park B2',
        scanned_at: null,
        sent_late: false,
        note: '',
        photo_url: null,
      },
    ],
    ...overrides,
  };
}

/** Today's patrols at site-1: one partly done early in the day, one missed, one done. */
function fixtures(): Patrol[] {
  return [
    patrol('patrol-1', 1, {
      state: 'partly_done',
      guard_uuid: 'guard-1',
      guard_name: 'Aisyah Rahman',
      started_at: stored(0, 1, 4),
      finished_at: stored(0, 1, 12),
      minutes_taken: 8,
      checkpoints_scanned: 1,
      checkpoints: [
        {
          uuid: 'cp-2',
          name: 'Pool gate',
          scanned_at: stored(0, 1, 4),
          sent_late: true,
          note: 'Gate left open',
          photo_url: null,
        },
        {
          uuid: 'cp-1',
          name: 'Car park B2',
          scanned_at: null,
          sent_late: false,
          note: '',
          photo_url: null,
        },
      ],
    }),
    patrol('patrol-2', 3, { state: 'missed' }),
    patrol('patrol-3', 5, {
      state: 'done',
      guard_uuid: 'guard-1',
      guard_name: 'Aisyah Rahman',
      started_at: stored(0, 5, 2),
      finished_at: stored(0, 5, 15),
      minutes_taken: 13,
      checkpoints_scanned: 2,
      checkpoints: [
        {
          uuid: 'cp-2',
          name: 'Pool gate',
          scanned_at: stored(0, 5, 2),
          sent_late: false,
          note: '',
          photo_url: null,
        },
        {
          uuid: 'cp-1',
          name: 'Car park B2',
          scanned_at: stored(0, 5, 15),
          sent_late: false,
          note: '',
          photo_url: null,
        },
      ],
    }),
  ];
}

let records: Patrol[] = fixtures();

/** Fresh patrols (of today, by the clock) for every test. */
export function resetPatrolRecords(next?: readonly Patrol[]): void {
  records = next ? [...next] : fixtures();
}

const QUOTED = "'([^']*)'";
const bound = (filter: string, operator: string) =>
  new RegExp(`due_at ${operator} ${QUOTED}`).exec(filter)?.[1];

const SORTABLE: Record<string, (row: Patrol) => string> = {
  due_at: (row) => row.due_at,
  state: (row) => row.state,
};

export const patrolHandlers = [
  http.get(`${API}/patrols/list`, ({ request }) => {
    const params = new URL(request.url).searchParams;
    const filter = params.get('filter') ?? '';
    const from = bound(filter, '>=');
    const to = bound(filter, '<');
    const matching = records.filter(
      (row) =>
        [
          ['uuid', row.uuid],
          ['residence_uuid', row.residence_uuid],
          ['state', row.state],
          ['guard_uuid', row.guard_uuid],
        ].every(([field, value]) => {
          const wanted = equalsOf(filter, field as string);
          return wanted === undefined || wanted === value;
        }) &&
        (from === undefined || row.due_at >= from) &&
        (to === undefined || row.due_at < to),
    );
    return HttpResponse.json(pageOf(matching, params, SORTABLE));
  }),

  http.get(`${API}/patrols/completion`, ({ request }) => {
    const params = new URL(request.url).searchParams;
    const site = params.get('residence_uuid');
    const closed = records.filter(
      (row) =>
        (!site || row.residence_uuid === site) &&
        ['done', 'partly_done', 'missed'].includes(row.state),
    );
    const count = (state: string) => closed.filter((row) => row.state === state).length;
    const due = closed.reduce((sum, row) => sum + row.checkpoints_total, 0);
    const scanned = closed.reduce((sum, row) => sum + row.checkpoints_scanned, 0);
    return HttpResponse.json({
      rounds_closed: closed.length,
      rounds_done: count('done'),
      rounds_partly_done: count('partly_done'),
      rounds_missed: count('missed'),
      checkpoints_due: due,
      checkpoints_scanned: scanned,
      percent: due === 0 ? null : Math.floor((scanned * 100) / due),
    } satisfies PatrolCompletion);
  }),
];
