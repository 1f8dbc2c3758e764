import { http, HttpResponse } from 'msw';
import type { GuardSaveBody } from '../../../src/api/guards';
import type { Guard, GuardAppAccess } from '@contract/guards';
import { newPasswordProblem } from '@rules/passwords';
import { GUARD_MESSAGES, isValidPin } from '@rules/guards';
import { guards, makeGuard } from '../../fixtures/guards';
import { API, apiError } from '../api';
import { equalsOf, matchesKeyword, pageOf } from '../filter-text';
import { isLoginEmail } from './admins';

/**
 * The guards the handlers answer with, whoever asks: which guards a role may see or change is the
 * real server's job, tested in test/server. A test sets up the guards its user should see with
 * resetGuardRecords(); writes change this copy, so a test file that writes resets it before each test.
 */
let records: Guard[] = [...guards];
let added = 0;
/** The guards whose PIN was revealed, in order. */
export let pinReveals: string[] = [];

const NO_APP_ACCESS: GuardAppAccess = {
  has_password: false,
  password_set_at: null,
  signed_in_device: null,
  pin_locked_until: null,
  pin_failures: 0,
};
/** Each guard's guard-app access, as the app-access calls answer and change it. */
let appAccess = new Map<string, GuardAppAccess>();

export function resetGuardRecords(next: readonly Guard[] = guards): void {
  records = [...next];
  added = 0;
  appAccess = new Map();
  pinReveals = [];
}

/** A guard's app access as a test sets it up (a PIN lock-out, a signed-in device). */
export function setGuardAppAccess(uuid: string, access: Partial<GuardAppAccess>): void {
  appAccess.set(uuid, { ...NO_APP_ACCESS, ...access });
}

export function guardRecords(): readonly Guard[] {
  return records;
}

function matchesFilter(filter: string, guard: Guard): boolean {
  const uuid = equalsOf(filter, 'uuid');
  if (uuid !== undefined && guard.uuid !== uuid) return false;
  const site = equalsOf(filter, 'residence_uuid');
  if (site !== undefined && !guard.kg_residence_guards.some((s) => s.residence_uuid === site)) {
    return false;
  }
  return matchesKeyword(filter, [guard.guard_id, guard.name, guard.security_company_name]);
}

const SORTABLE: Record<string, (guard: Guard) => string> = {
  created_at: (guard) => guard.created_at,
  guard_id: (guard) => guard.guard_id,
  name: (guard) => guard.name,
};

type SaveBody = GuardSaveBody;

/** The guard a save makes of its body, keeping what the body does not carry. */
function saved(uuid: string, body: SaveBody, previous?: Guard): Guard {
  const { residence_uuids, pin, photo, photo_url, ...fields } = body;
  const fresh = makeGuard(uuid, {
    security_company_uuid: body.security_company_uuid,
    siteUuids: residence_uuids,
  });
  return {
    ...(previous ?? fresh),
    ...fields,
    security_company_name: fresh.security_company_name,
    kg_residence_guards: fresh.kg_residence_guards,
    pin: pin ?? previous?.pin ?? null,
    photo: photo ?? previous?.photo ?? null,
    photo_url: photo_url ?? previous?.photo_url ?? null,
  };
}

/** The server refuses an email a login already has, on add and on edit. */
function emailRefusal(body: SaveBody) {
  if (!body.email || !isLoginEmail(body.email)) return null;
  return HttpResponse.json(apiError('EMAIL_IN_USE', 'Email is already in use.'), { status: 409 });
}

function notFound() {
  return HttpResponse.json(apiError('NOT_FOUND', 'Guard does not exist.'), { status: 404 });
}

function findLive(uuid: string): Guard | undefined {
  return records.find((g) => g.uuid === uuid && g.deleted_at === null);
}

/** A guard as the server answers it: the PIN only on a reveal. */
function shown(guard: Guard): Guard {
  return { ...guard, pin: null, pin_enabled: guard.pin !== null };
}

export const guardHandlers = [
  http.get(`${API}/guards/list`, ({ request }) => {
    const params = new URL(request.url).searchParams;
    const filter = params.get('filter') ?? '';
    const matching = records.filter(
      (guard) => guard.deleted_at === null && matchesFilter(filter, guard),
    );
    const page = pageOf(matching, params, SORTABLE);
    return HttpResponse.json({ ...page, resource: page.resource.map(shown) });
  }),

  http.post(`${API}/guards/:uuid/pin/reveal`, ({ params }) => {
    const guard = findLive(String(params.uuid));
    if (!guard) return notFound();
    if (guard.pin === null) {
      return HttpResponse.json(apiError('NOT_FOUND', GUARD_MESSAGES.noPin), { status: 404 });
    }
    pinReveals = [...pinReveals, guard.uuid];
    return HttpResponse.json({ resource: [{ uuid: guard.uuid, pin: guard.pin }] });
  }),

  http.post(`${API}/guards/add`, async ({ request }) => {
    const body = (await request.json()) as SaveBody;
    if (!body.pin || !isValidPin(body.pin)) {
      return HttpResponse.json(apiError('INVALID_PIN', 'Invalid PIN.'), { status: 400 });
    }
    const refusal = emailRefusal(body);
    if (refusal) return refusal;
    added += 1;
    const guard = saved(`guard-new-${added}`, body);
    records = [...records, { ...guard, created_at: '2024-06-01 08:00:00' }];
    return HttpResponse.json({ resource: [{ ...guard, pin_enabled: guard.pin !== null }] });
  }),

  http.patch(`${API}/guards/updatepin/:uuid`, async ({ request, params }) => {
    const guard = findLive(String(params.uuid));
    if (!guard) return notFound();
    const { pin } = (await request.json()) as { pin: string };
    records = records.map((g) => (g.uuid === guard.uuid ? { ...g, pin } : g));
    return HttpResponse.json({ resource: [{ uuid: guard.uuid, pin }] });
  }),

  http.get(`${API}/guards/:uuid/app-access`, ({ params }) => {
    const guard = findLive(String(params.uuid));
    if (!guard) return notFound();
    return HttpResponse.json({ resource: appAccess.get(guard.uuid) ?? NO_APP_ACCESS });
  }),

  http.put(`${API}/guards/:uuid/app-access`, async ({ request, params }) => {
    const guard = findLive(String(params.uuid));
    if (!guard) return notFound();
    const body = (await request.json()) as { password?: string; send_link?: boolean };
    const problem = body.send_link ? null : newPasswordProblem(body.password ?? '');
    if (problem) return HttpResponse.json(apiError('INVALID_REQUEST', problem), { status: 400 });
    const current = appAccess.get(guard.uuid) ?? NO_APP_ACCESS;
    const next = body.send_link
      ? current
      : {
          ...current,
          has_password: true,
          password_set_at: '2024-06-01 08:00:00',
          signed_in_device: null,
        };
    appAccess.set(guard.uuid, next);
    return HttpResponse.json({ resource: next });
  }),

  http.delete(`${API}/guards/:uuid/app-access`, ({ params }) => {
    const guard = findLive(String(params.uuid));
    if (!guard) return notFound();
    const current = appAccess.get(guard.uuid) ?? NO_APP_ACCESS;
    const next = { ...current, has_password: false, password_set_at: null, signed_in_device: null };
    appAccess.set(guard.uuid, next);
    return HttpResponse.json({ resource: next });
  }),

  http.patch(`${API}/guards/:uuid`, async ({ request, params }) => {
    const guard = findLive(String(params.uuid));
    if (!guard) return notFound();
    const body = (await request.json()) as SaveBody;
    const refusal = emailRefusal(body);
    if (refusal) return refusal;
    const next = saved(guard.uuid, body, guard);
    records = records.map((g) => (g.uuid === guard.uuid ? next : g));
    return HttpResponse.json({ resource: [next] });
  }),

  http.delete(`${API}/guards/:uuid`, ({ params }) => {
    const guard = findLive(String(params.uuid));
    if (!guard) return notFound();
    records = records.map((g) =>
      g.uuid === guard.uuid ? { ...g, deleted_at: '2024-06-01 08:00:00' } : g,
    );
    return HttpResponse.json({ resource: [{ uuid: guard.uuid }] });
  }),
];
