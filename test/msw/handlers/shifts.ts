import { http, HttpResponse } from 'msw';
import type { Shift, ShiftPattern, ShiftPatternBody } from '@contract/shifts';
import {
  DEFAULT_WEEKLY_HOURS_LIMIT,
  isCalendarDate,
  rosterRangeProblem,
  shiftMinutes,
  shiftPatternProblems,
  SHIFT_MESSAGES,
} from '@rules/shifts';
import { sites } from '../../fixtures/organisation';
import { API, apiError } from '../api';
import { guardRecords } from './guards';

/**
 * The roster as the real server keeps it (server/src/modules/shifts), for the console's tests:
 * the refusals' words are the server's (test/server/shifts.test.ts), the rules the shared ones.
 * The fixture roster is of the current week, since the screens open on it.
 */

const pad2 = (value: number) => String(value).padStart(2, '0');
const isoDay = (day: Date) =>
  `${day.getFullYear()}-${pad2(day.getMonth() + 1)}-${pad2(day.getDate())}`;
const utcText = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');

export function dayAfter(iso: string, days: number): string {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  return isoDay(new Date(year, month - 1, day + days));
}

/** The Monday of the current week, the reader's local day. */
export function thisMonday(): string {
  const now = new Date();
  return isoDay(
    new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7)),
  );
}

function timesOf(date: string, start: string, end: string) {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hours = 0, minutes = 0] = start.split(':').map(Number);
  const startsAt = new Date(year, month - 1, day, hours, minutes);
  const endsAt = new Date(startsAt.getTime() + shiftMinutes(start, end) * 60_000);
  return { starts_at: utcText(startsAt), ends_at: utcText(endsAt) };
}

const siteName = (uuid: string) => sites.find((site) => site.uuid === uuid)?.name ?? uuid;
const guardName = (uuid: string | null) =>
  uuid === null ? null : (guardRecords().find((guard) => guard.uuid === uuid)?.name ?? uuid);

let made = 0;
function shiftOf(
  pattern: Pick<
    ShiftPattern,
    'uuid' | 'residence_uuid' | 'name' | 'start_time' | 'end_time'
  > | null,
  fields: {
    date: string;
    slot: number;
    guard_uuid?: string | null;
    name?: string;
    residence_uuid?: string;
    start_time?: string;
    end_time?: string;
  },
): Shift {
  made += 1;
  const residence = pattern?.residence_uuid ?? fields.residence_uuid ?? 'site-1';
  const guard = fields.guard_uuid ?? null;
  return {
    uuid: `shift-${made}`,
    residence_uuid: residence,
    residence_name: siteName(residence),
    pattern_uuid: pattern?.uuid ?? null,
    state: 'upcoming',
    attendance_uuid: null,
    started_at: null,
    ended_at: null,
    late_minutes: null,
    slot: fields.slot,
    name: pattern?.name ?? fields.name ?? '',
    date: fields.date,
    ...timesOf(
      fields.date,
      pattern?.start_time ?? fields.start_time ?? '00:00',
      pattern?.end_time ?? fields.end_time ?? '00:00',
    ),
    guard_uuid: guard,
    guard_name: guardName(guard),
    cancelled_at: null,
  };
}

export const DAY: ShiftPattern = {
  uuid: 'pattern-day',
  residence_uuid: 'site-1',
  name: 'Day',
  start_time: '07:00',
  end_time: '19:00',
  headcount: 2,
  weekdays: [1, 2, 3, 4, 5, 6, 7],
};

export const NIGHT: ShiftPattern = {
  uuid: 'pattern-night',
  residence_uuid: 'site-1',
  name: 'Night',
  start_time: '19:00',
  end_time: '07:00',
  headcount: 1,
  weekdays: [1, 2, 3, 4, 5, 6, 7],
};

/**
 * Site 1's week: Day × 2 and Night × 1 every day. Monday's Day has Ahmad Faizal on its first
 * place and its second open; Bala Krishnan works the Nights from Tuesday to Sunday (72 hours), so
 * Monday's Night, open, would take him past the week's limit.
 */
function fixtureWeek(): { patterns: ShiftPattern[]; shifts: Shift[] } {
  made = 0;
  const monday = thisMonday();
  const shifts: Shift[] = [];
  for (let index = 0; index < 7; index += 1) {
    const date = dayAfter(monday, index);
    shifts.push(shiftOf(DAY, { date, slot: 0, guard_uuid: index === 0 ? 'guard-1' : null }));
    shifts.push(shiftOf(DAY, { date, slot: 1 }));
    shifts.push(shiftOf(NIGHT, { date, slot: 0, guard_uuid: index === 0 ? null : 'guard-2' }));
  }
  return { patterns: [DAY, NIGHT], shifts };
}

let patterns: ShiftPattern[] = [];
let shifts: Shift[] = [];
let patternsAdded = 0;

/** Puts the roster back to its fixture; a test may start from another (no shifts, no patterns). */
export function resetShiftRecords(next?: { patterns: ShiftPattern[]; shifts: Shift[] }): void {
  const fixture = next ?? fixtureWeek();
  patterns = [...fixture.patterns];
  shifts = [...fixture.shifts];
  patternsAdded = 0;
}

export function shiftRecords(): readonly Shift[] {
  return shifts;
}

export function patternRecords(): readonly ShiftPattern[] {
  return patterns;
}

resetShiftRecords();

const invalid = (message: string, field?: string) =>
  HttpResponse.json(apiError('INVALID_VALUE', message, field), { status: 400 });
const notFound = () =>
  HttpResponse.json(apiError('NOT_FOUND', 'Record not found.'), { status: 404 });

function patternProblem(body: Partial<ShiftPatternBody>) {
  const problems = Object.entries(
    shiftPatternProblems({
      name: body.name ?? '',
      start_time: body.start_time ?? '',
      end_time: body.end_time ?? '',
      headcount: body.headcount ?? '',
      weekdays: body.weekdays ?? [],
    }),
  );
  const [first] = problems;
  return first ? invalid(first[1], first[0]) : null;
}

function overlapping(shift: Shift, guardUuid: string, except: string[]): Shift | undefined {
  return shifts.find(
    (other) =>
      !except.includes(other.uuid) &&
      other.guard_uuid === guardUuid &&
      other.cancelled_at === null &&
      other.starts_at < shift.ends_at &&
      shift.starts_at < other.ends_at,
  );
}

function shownTimes(shift: Shift) {
  const time = (utc: string) => {
    const at = new Date(`${utc.replace(' ', 'T')}Z`);
    return `${pad2(at.getHours())}:${pad2(at.getMinutes())}`;
  };
  return `${time(shift.starts_at)}–${time(shift.ends_at)}`;
}

/** The server's refusal of `guardUuid` on `shift` (not at its site, or on an overlapping shift). */
function guardRefusal(shift: Shift, guardUuid: string, except: string[]) {
  const guard = guardRecords().find((row) => row.uuid === guardUuid);
  if (!guard?.kg_residence_guards.some((post) => post.residence_uuid === shift.residence_uuid)) {
    return HttpResponse.json(
      apiError(
        'GUARD_NOT_AT_SITE',
        'This guard is not assigned to this site. Assign the guard to the site first.',
        'guard_uuid',
      ),
      { status: 400 },
    );
  }
  const other = overlapping(shift, guardUuid, except);
  if (other) {
    const [year, month, day] = other.date.split('-');
    return HttpResponse.json(
      apiError(
        'SHIFT_OVERLAP',
        `${guard.name} is already on ${other.name} ${shownTimes(other)} at ${other.residence_name} on ${day}/${month}/${year}.`,
        'guard_uuid',
      ),
      { status: 409 },
    );
  }
  return null;
}

function hoursOf(shift: Shift) {
  return (
    (Date.parse(`${shift.ends_at.replace(' ', 'T')}Z`) -
      Date.parse(`${shift.starts_at.replace(' ', 'T')}Z`)) /
    3_600_000
  );
}

export const shiftHandlers = [
  http.get(`${API}/shift-patterns`, ({ request }) => {
    const site = new URL(request.url).searchParams.get('residence_uuid');
    const resource = patterns.filter((pattern) => pattern.residence_uuid === site);
    return HttpResponse.json({ resource, meta: { count: resource.length } });
  }),

  http.post(`${API}/shift-patterns`, async ({ request }) => {
    const body = (await request.json()) as ShiftPatternBody;
    const refused = patternProblem(body);
    if (refused) return refused;
    patternsAdded += 1;
    const pattern = {
      ...body,
      uuid: `pattern-new-${patternsAdded}`,
      headcount: Number(body.headcount),
    };
    patterns.push(pattern);
    return HttpResponse.json({ resource: [pattern] });
  }),

  http.patch(`${API}/shift-patterns/:uuid`, async ({ params, request }) => {
    const current = patterns.find((pattern) => pattern.uuid === params.uuid);
    if (!current) return notFound();
    const body = { ...current, ...((await request.json()) as Partial<ShiftPatternBody>) };
    const refused = patternProblem(body);
    if (refused) return refused;
    const saved = { ...body, headcount: Number(body.headcount) };
    patterns = patterns.map((pattern) => (pattern.uuid === saved.uuid ? saved : pattern));
    return HttpResponse.json({ resource: [saved] });
  }),

  http.delete(`${API}/shift-patterns/:uuid`, ({ params }) => {
    patterns = patterns.filter((pattern) => pattern.uuid !== params.uuid);
    return HttpResponse.json({ resource: [{ uuid: params.uuid }] });
  }),

  http.post(`${API}/shifts/generate`, async ({ request }) => {
    const body = (await request.json()) as { residence_uuid: string; from: string; to: string };
    const problem = rosterRangeProblem(body.from, body.to);
    if (problem) return invalid(problem, 'to');
    let count = 0;
    for (let date = body.from; date <= body.to; date = dayAfter(date, 1)) {
      const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
      const weekday = ((new Date(year, month - 1, day).getDay() + 6) % 7) + 1;
      for (const pattern of patterns.filter((p) => p.residence_uuid === body.residence_uuid)) {
        if (!pattern.weekdays.includes(weekday)) continue;
        for (let slot = 0; slot < pattern.headcount; slot += 1) {
          const exists = shifts.some(
            (shift) =>
              shift.pattern_uuid === pattern.uuid && shift.date === date && shift.slot === slot,
          );
          if (exists) continue;
          shifts.push(shiftOf(pattern, { date, slot }));
          count += 1;
        }
      }
    }
    return HttpResponse.json({ made: count });
  }),

  http.get(`${API}/shifts`, ({ request }) => {
    const params = new URL(request.url).searchParams;
    const from = params.get('from') ?? '';
    const to = params.get('to') ?? '';
    const site = params.get('residence_uuid');
    const guard = params.get('guard_uuid');
    const resource = shifts
      .filter(
        (shift) =>
          shift.date >= from &&
          shift.date <= to &&
          (site === null || shift.residence_uuid === site) &&
          (guard === null || shift.guard_uuid === guard),
      )
      .sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.slot - b.slot);
    return HttpResponse.json({ resource, meta: { count: resource.length } });
  }),

  http.patch(`${API}/shifts/:uuid`, async ({ params, request }) => {
    const shift = shifts.find((row) => row.uuid === params.uuid);
    if (!shift) return notFound();
    const { guard_uuid: guardUuid } = (await request.json()) as { guard_uuid: string | null };
    const warnings: string[] = [];
    if (guardUuid !== null) {
      const refused = guardRefusal(shift, guardUuid, [shift.uuid]);
      if (refused) return refused;
      const monday = dayAfter(shift.date, -((new Date(`${shift.date}T00:00:00`).getDay() + 6) % 7));
      const sunday = dayAfter(monday, 6);
      const hours = [
        ...shifts.filter(
          (row) =>
            row.uuid !== shift.uuid &&
            row.guard_uuid === guardUuid &&
            row.cancelled_at === null &&
            row.date >= monday &&
            row.date <= sunday,
        ),
        shift,
      ].reduce((sum, row) => sum + hoursOf(row), 0);
      if (hours > DEFAULT_WEEKLY_HOURS_LIMIT) {
        warnings.push(
          `${guardName(guardUuid)} would be rostered ${hours} hours that week, over the limit of ${DEFAULT_WEEKLY_HOURS_LIMIT}.`,
        );
      }
    }
    const saved = { ...shift, guard_uuid: guardUuid, guard_name: guardName(guardUuid) };
    shifts = shifts.map((row) => (row.uuid === saved.uuid ? saved : row));
    return HttpResponse.json({ shift: saved, warnings });
  }),

  http.post(`${API}/shifts/swap`, async ({ request }) => {
    const {
      shift_uuids: [a, b],
    } = (await request.json()) as { shift_uuids: [string, string] };
    const first = shifts.find((row) => row.uuid === a);
    const second = shifts.find((row) => row.uuid === b);
    if (!first || !second) return notFound();
    const swapped = [
      { ...first, guard_uuid: second.guard_uuid, guard_name: second.guard_name },
      { ...second, guard_uuid: first.guard_uuid, guard_name: first.guard_name },
    ];
    shifts = shifts.map((row) => swapped.find((next) => next.uuid === row.uuid) ?? row);
    return HttpResponse.json({ resource: swapped });
  }),

  http.post(`${API}/shifts/:uuid/cancel`, ({ params }) => {
    const shift = shifts.find((row) => row.uuid === params.uuid);
    if (!shift) return notFound();
    const saved = { ...shift, cancelled_at: '2026-01-01 00:00:00' };
    shifts = shifts.map((row) => (row.uuid === saved.uuid ? saved : row));
    return HttpResponse.json({ resource: [saved] });
  }),

  http.post(`${API}/shifts`, async ({ request }) => {
    const body = (await request.json()) as {
      residence_uuid: string;
      name: string;
      date: string;
      start_time: string;
      end_time: string;
      guard_uuid?: string;
    };
    const refused = patternProblem({ ...body, headcount: 1, weekdays: [1] });
    if (refused) return refused;
    if (!isCalendarDate(body.date)) return invalid(SHIFT_MESSAGES.dateInvalid, 'date');
    const shift = shiftOf(null, { ...body, slot: 0 });
    if (body.guard_uuid !== undefined) {
      const guardRefused = guardRefusal(shift, body.guard_uuid, []);
      if (guardRefused) return guardRefused;
    }
    shifts.push(shift);
    return HttpResponse.json({ resource: [shift] });
  }),
];
