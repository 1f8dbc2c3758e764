import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@contract/audit';
import type { ListResponse } from '@contract/list';
import type { EPass, Visitor } from '@contract/visitors';
import { PASS_MESSAGES } from '@rules/pass-issuing';
import { passWindowText } from '@rules/pass-window-text';
import { SCAN_MESSAGES } from '@rules/visitor-pass';
import { localDate } from '../../server/src/db/time';
import {
  newPassCode,
  PASS_CODE_ALPHABET,
  PASS_CODE_LENGTH,
  passCodeCandidates,
} from '../../server/src/modules/visitors/visitors.repository';
import { createCompany, createSite, createUnit } from './factories';
import {
  APP_KEY,
  authHeaders,
  makeTestApp,
  outboxMails,
  signInTwoCompanies,
  TWO_COMPANY_USERS,
  type TestApp,
} from './test-app';
import { useClockAt } from './clock';

let t: TestApp;
let token: Record<string, string> = {};
let siteA: string;
let siteNoVisitors: string;
let siteB: string;
let unitA: string;
let unitB: string;

const { root: ROOT, alpha: ALPHA, alphaSupervisor: SUPERVISOR, bravo: BRAVO } = TWO_COMPANY_USERS;

const today = () => localDate(new Date());

// Passes for today that end at 23:59: issued and scanned at noon, whenever the suite runs.
useClockAt(12);

beforeAll(async () => {
  t = await makeTestApp();
  const alpha = await createCompany(t.db, 'Alpha Guards');
  const bravo = await createCompany(t.db, 'Bravo Guards');
  siteA = await createSite(t.db, alpha, { name: 'Alpha Heights', kipleguard_visitors: 1 });
  siteNoVisitors = await createSite(t.db, alpha, { name: 'Alpha Gardens', kipleguard_visitors: 0 });
  siteB = await createSite(t.db, bravo, { name: 'Bravo Towers', kipleguard_visitors: 1 });
  unitA = await createUnit(t.db, siteA, 'A-12-03');
  unitB = await createUnit(t.db, siteB, 'B-01-01');
  await createUnit(t.db, siteNoVisitors, 'G-01-01');
  token = await signInTwoCompanies(t, { alpha, bravo }, [siteA]);
});
afterAll(async () => {
  await t.close();
});

/** A one-time pass for this evening at Alpha Heights, with `overrides`. */
function passBody(overrides: Record<string, string> = {}) {
  return {
    residence_uuid: siteA,
    unit_uuid: unitA,
    host_name: 'Tan Mei Ling',
    name: 'Ahmad bin Ali',
    phone_number: '60123456789',
    email: 'ahmad@example.com',
    car_plate_number: 'wxy 1234',
    category: 'Visitor',
    repeat_type: 'ONE_TIME',
    date: today(),
    start_time: '00:00',
    end_time: '23:59',
    remarks: 'Dinner guest',
    ...overrides,
  };
}

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  email: string,
  body?: object,
) =>
  t.app.inject({
    method,
    url: `/kgapi${url}`,
    headers: authHeaders(token[email] ?? ''),
    ...(body && { payload: body }),
  });

async function issue(email: string, overrides: Record<string, string> = {}) {
  const response = await call('POST', '/visitors/add', email, passBody(overrides));
  expect(response.statusCode, response.body).toBe(200);
  const [pass] = response.json<{ resource: Visitor[] }>().resource;
  if (!pass) throw new Error('no pass answered');
  return pass;
}

const ePass = (path: string) =>
  t.app.inject({
    method: 'GET',
    url: `/kgapi/epass/${path.slice('/pass/'.length)}`,
    headers: { 'x-application-key': APP_KEY },
  });

describe('POST /visitors/add', () => {
  it('issues a pass with the server’s code, the issuer and the normalised values', async () => {
    const pass = await issue(ALPHA);
    expect(pass).toMatchObject({
      residence_uuid: siteA,
      unit_uuid: unitA,
      host_name: 'Tan Mei Ling',
      name: 'Ahmad bin Ali',
      car_plate_number: 'WXY 1234',
      repeat_type: 'ONE_TIME',
      start_time: '00:00:00',
      end_time: '23:59:00',
      status: 'VALID',
      checkpoint_times: 0,
      latest_scan_type: null,
      remarks: 'Dinner guest',
      cancelled_at: null,
    });
    expect(pass.user_profiles_by_created_by?.name).toBeTruthy();
    expect(pass.epass_path).toMatch(/^\/pass\/[A-Za-z0-9_-]{32}$/);
  });

  it('makes every code unguessable and easy to type: 29 of 32 characters without look-alikes (145 random bits), all different', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 20; i++) codes.add((await issue(ALPHA, { name: `Visitor ${i}` })).qr_code);
    expect(codes.size).toBe(20);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{29}$/);
    // 32 symbols are 5 bits each: 29 of them hold at least the 144 bits the codes had.
    expect(new Set(PASS_CODE_ALPHABET).size).toBe(32);
    expect(PASS_CODE_LENGTH * Math.log2(PASS_CODE_ALPHABET.length)).toBeGreaterThanOrEqual(144);
    // Every character turns up: the bytes are mapped without leaving any out.
    const many = Array.from({ length: 200 }, newPassCode).join('');
    expect(new Set(many).size).toBe(32);
  });

  it('finds a code typed in lower case, and an older mixed-case code only as it is', async () => {
    const pass = await issue(ALPHA, { name: 'Typed At The Gate' });
    const typed = await call('GET', `/visitors/qr/${pass.qr_code.toLowerCase()}`, ALPHA);
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json()).toMatchObject({ uuid: pass.uuid, qr_code: pass.qr_code });
    expect(passCodeCandidates('abcDEF-_xyz0123456789abcdef')).toEqual([
      'abcDEF-_xyz0123456789abcdef',
    ]);
  });

  it('lets a supervisor issue at its sites and a company at its company’s, and no further', async () => {
    await issue(SUPERVISOR);
    await issue(ROOT, { residence_uuid: siteB, unit_uuid: unitB });
    for (const [email, site, unit] of [
      [BRAVO, siteA, unitA],
      [ALPHA, siteB, unitB],
    ] as const) {
      const response = await call(
        'POST',
        '/visitors/add',
        email,
        passBody({ residence_uuid: site, unit_uuid: unit }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(PASS_MESSAGES.siteUnknown);
    }
  });

  it('refuses, with the shared rules’ words, a site without visitors, a past day, a unit of another site', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ residence_uuid: siteNoVisitors }, PASS_MESSAGES.visitorsOff],
      [{ date: '2020-01-01' }, PASS_MESSAGES.dateInPast],
      [{ start_time: '10:00', end_time: '09:00' }, PASS_MESSAGES.endNotAfterStart],
      [{ phone_number: '0123456789' }, 'Phone number should start with 60'],
      [{ unit_uuid: unitB }, 'Choose a unit of this site.'],
      [{ repeat_type: 'REPEAT' }, PASS_MESSAGES.weekdaysRequired],
    ];
    for (const [overrides, message] of cases) {
      const response = await call('POST', '/visitors/add', ALPHA, passBody(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
  });

  it('stores a repeating pass’s weekdays in week order', async () => {
    const pass = await issue(ALPHA, {
      repeat_type: 'REPEAT',
      repeatType: 'friday,MONDAY',
      email: 'weekly@example.com',
    });
    expect(pass.repeatType).toBe('MONDAY,FRIDAY');
    const mail = outboxMails(t.dataDir).find((text) => text.includes('To: weekly@example.com'));
    expect(mail).toContain('When: Mondays and Fridays, 00:00 to 23:59, for 30 days from ');
  });
});

describe('the e-pass', () => {
  it('mails the link through the outbox; it opens with no sign-in, and dies with the cancel', async () => {
    const pass = await issue(ALPHA, { email: 'siti@example.com', name: 'Siti Aminah' });
    const mail = outboxMails(t.dataDir).find((text) => text.includes('To: siti@example.com')) ?? '';
    expect(mail).toContain(`${pass.epass_path}`);
    // Where and when, in the e-pass page's words.
    expect(mail).toContain('your visitor pass for Alpha Heights');
    expect(mail).toContain('Site: Alpha Heights');
    expect(mail).toContain(`When: ${passWindowText(pass)}`);
    expect(passWindowText(pass)).toMatch(/^\w{3} \d{2}\/\d{2}\/\d{4}, 00:00 to 23:59$/);

    const open = await ePass(pass.epass_path ?? '');
    expect(open.statusCode).toBe(200);
    expect(open.json<EPass>()).toMatchObject({
      name: 'Siti Aminah',
      residence_name: 'Alpha Heights',
      unit_name: 'A-12-03',
      host_name: 'Tan Mei Ling',
      qr_code: pass.qr_code,
    });

    expect((await call('DELETE', `/visitors/${pass.uuid}`, ALPHA)).statusCode).toBe(200);
    const gone = await ePass(pass.epass_path ?? '');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('This pass is no longer valid.');
  });

  it('answers an unknown token as gone', async () => {
    const response = await ePass('/pass/not-a-token');
    expect(response.statusCode).toBe(404);
  });
});

describe('PATCH and DELETE /visitors/{uuid}', () => {
  it('changes a pass before its first scan, leaving out fields as they are, and records the change', async () => {
    const pass = await issue(ALPHA);
    const response = await call('PATCH', `/visitors/${pass.uuid}`, ALPHA, { end_time: '23:30' });
    expect(response.statusCode, response.body).toBe(200);
    const [after] = response.json<{ resource: Visitor[] }>().resource;
    expect(after).toMatchObject({
      end_time: '23:30:00',
      name: pass.name,
      host_name: pass.host_name,
      car_plate_number: pass.car_plate_number,
      remarks: pass.remarks,
    });
    const audit = await t.app.inject({
      method: 'GET',
      url: `/kgapi/audit/list?filter=${encodeURIComponent(`(entity_uuid = '${pass.uuid}') and (action = 'update')`)}`,
      headers: authHeaders(token[ALPHA] ?? ''),
    });
    const [entry] = audit.json<ListResponse<AuditEntry>>().resource;
    expect(entry?.changes).toEqual({ end_time: { before: '23:59:00', after: '23:30:00' } });
  });

  it('refuses a change once the pass was scanned, and a scan once it was cancelled, each with its reason', async () => {
    const scanned = await issue(ALPHA);
    const checkIn = await t.app.inject({
      method: 'POST',
      url: `/kgapi/visitors/qr/${scanned.qr_code}`,
      headers: authHeaders(token[ALPHA] ?? ''),
      payload: {},
    });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    const late = await call('PATCH', `/visitors/${scanned.uuid}`, ALPHA, { name: 'Someone' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(PASS_MESSAGES.scannedAlready);

    const cancelled = await issue(ALPHA);
    const cancel = await call('DELETE', `/visitors/${cancelled.uuid}`, SUPERVISOR);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json<{ resource: Visitor[] }>().resource[0]?.status).toBe('CANCELLED');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/kgapi/visitors/qr/${cancelled.qr_code}`,
      headers: authHeaders(token[ALPHA] ?? ''),
      payload: {},
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'PASS_CANCELLED',
      message: SCAN_MESSAGES.cancelled,
    });
    const again = await call('DELETE', `/visitors/${cancelled.uuid}`, ALPHA);
    expect(again.statusCode).toBe(409);
    const edit = await call('PATCH', `/visitors/${cancelled.uuid}`, ALPHA, { name: 'Someone' });
    expect(edit.json().error.message).toBe(PASS_MESSAGES.cancelled);
  });

  it('answers another company’s pass as unknown', async () => {
    const pass = await issue(ALPHA);
    expect((await call('PATCH', `/visitors/${pass.uuid}`, BRAVO, { name: 'X' })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/visitors/${pass.uuid}`, BRAVO)).statusCode).toBe(404);
  });
});
