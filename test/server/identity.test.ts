import { readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { outboxDirectory } from '../../server/src/mail/mailer';
import { LIVE_RESET_CODES } from '../../server/src/modules/identity/identity.repository';
import { createUser, PASSWORD } from './factories';
import { APP_KEY, authHeaders, makeTestApp, outboxMails, signIn, type TestApp } from './test-app';

let t: TestApp;
let identityUuid: string;

async function setUp(env: NodeJS.ProcessEnv = {}) {
  t = await makeTestApp({ env: { PUBLIC_URL: 'https://console.example.com', ...env } });
  const profile = await createUser(t.db, { email: 'ops@alpha.example.com', role: 'superadmin' });
  identityUuid = (
    await t.db
      .selectFrom('identities')
      .select('uuid')
      .where('user_profile_uuid', '=', profile)
      .executeTakeFirstOrThrow()
  ).uuid;
}

afterEach(async () => {
  vi.useRealTimers();
  await t.close();
});

const requestReset = (identifier: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/kgapi/identity/reset',
    headers: { 'x-application-key': APP_KEY },
    payload: { identifier, type: 'userpass', residence_type: 'Residence' },
    remoteAddress,
  });

const resetWith = (code: string, challenge: string) =>
  t.app.inject({
    method: 'POST',
    url: `/kgapi/identity/reset?code=${encodeURIComponent(code)}`,
    headers: { 'x-application-key': APP_KEY },
    payload: { challenge },
  });

const signInStatus = async (password: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/kgapi/admin/session',
      headers: { 'x-application-key': APP_KEY },
      payload: { identifier: 'ops@alpha.example.com', challenge: password },
    })
  ).statusCode;

/** The reset links written to the outbox, oldest first. */
function outboxLinks(): string[] {
  return outboxMails(t.dataDir).map((mail, i) => {
    const link = /https:\/\/console\.example\.com\/resetpassword\?code=[\w-]+&iuuid=[\w-]+/.exec(
      mail,
    )?.[0];
    if (!link) throw new Error(`No link in mail ${i + 1}`);
    return link;
  });
}

const codeOf = (link: string) => new URL(link).searchParams.get('code') ?? '';

describe('forgot and reset password, with the outbox', () => {
  beforeEach(async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await setUp();
  });

  it('mails a link to the account, writing it to the outbox when no SMTP is configured', async () => {
    const response = await requestReset('OPS@alpha.example.com');
    expect(response.json()).toEqual({ success: true });
    const [link] = outboxLinks();
    expect(new URL(link ?? '').searchParams.get('iuuid')).toBe(identityUuid);
    expect(codeOf(link ?? '')).toMatch(/^[\w-]{43}$/);
    const stored = await t.db.selectFrom('password_reset_codes').select('code_hash').execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.code_hash).not.toContain(codeOf(link ?? ''));
  });

  it('answers IDENTITY_NOT_FOUND for an unknown email, and limits how often one email may ask', async () => {
    const unknown = await requestReset('nobody@example.com');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({
      code: 'IDENTITY_NOT_FOUND',
      message: 'Account not found.',
    });
    for (let i = 0; i < 3; i += 1)
      expect((await requestReset('probe@example.com', '10.0.0.1')).statusCode).toBe(404);
    const limited = await requestReset('probe@example.com', '10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(
      /^Too many password reset requests\. Please try again in \d+ minutes?\.$/,
    );
  });

  it('never refuses the owner’s clean address, whatever others asked for the email', async () => {
    for (let i = 0; i < 3; i += 1) {
      for (let j = 0; j < 3; j += 1) await requestReset('ops@alpha.example.com', `10.0.${i}.1`);
    }
    expect((await requestReset('ops@alpha.example.com', '10.9.9.9')).statusCode).toBe(200);
  });

  it('keeps the links already mailed working when more are asked for, and ends them all once one is used', async () => {
    await requestReset('ops@alpha.example.com', '10.0.0.1');
    await requestReset('ops@alpha.example.com', '10.0.0.2');
    await requestReset('ops@alpha.example.com', '10.0.0.3');
    const [first, second, third] = outboxLinks().map(codeOf);
    expect((await resetWith(first ?? '', 'Brand@New1')).statusCode).toBe(200);
    for (const later of [second, third]) {
      expect((await resetWith(later ?? '', 'Brand@New2')).json().error.code).toBe(
        'RESET_CODE_USED',
      );
    }
    expect(await signInStatus('Brand@New1')).toBe(200);
  });

  it('limits how many emails one address may try', async () => {
    for (let i = 0; i < 10; i += 1) await requestReset(`probe${i}@example.com`, '10.1.1.1');
    expect((await requestReset('ops@alpha.example.com', '10.1.1.1')).statusCode).toBe(429);
    expect((await requestReset('ops@alpha.example.com', '10.1.1.2')).statusCode).toBe(200);
  });

  it('sets the new password once with the code and ends every session of the account', async () => {
    const session = await signIn(t.app, 'ops@alpha.example.com', PASSWORD);
    await requestReset('ops@alpha.example.com');
    const code = codeOf(outboxLinks()[0] ?? '');
    const short = await resetWith(code, '12345');
    expect(short.json().error.message).toBe(
      'Please use a password that is at least 6 characters long.',
    );
    expect((await resetWith(code, 'Brand@New1')).json()).toEqual({ success: true });
    expect(await signInStatus('Brand@New1')).toBe(200);
    expect(await signInStatus(PASSWORD)).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/kgapi/dashboard/data',
          headers: authHeaders(session),
        })
      ).statusCode,
    ).toBe(401);
    const again = await resetWith(code, 'Another@2');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'RESET_CODE_USED',
      message: 'This reset link has already been used. Please request a new one.',
    });
  });

  it('never voids a mailed link: past LIVE_RESET_CODES live links it mails none, and refuses unknown codes', async () => {
    // A stranger asks again and again, from fresh addresses, after the owner got a link.
    for (let i = 0; i < LIVE_RESET_CODES + 3; i += 1) {
      expect((await requestReset('ops@alpha.example.com', `10.0.0.${i}`)).statusCode).toBe(200);
    }
    const links = outboxLinks().map(codeOf);
    expect(links).toHaveLength(LIVE_RESET_CODES);
    // The first link mailed, the owner's, still works.
    expect((await resetWith(links[0] ?? '', 'Brand@New1')).statusCode).toBe(200);
    expect(await signInStatus('Brand@New1')).toBe(200);
    expect((await resetWith('made-up-code', 'Brand@New1')).json().error).toEqual({
      code: 'RESET_CODE_INVALID',
      message: 'This reset link is not valid. Please request a new one.',
    });
  });

  it('lets a code expire after RESET_CODE_TTL_MINUTES (an hour by default), by a fixed clock', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-01T08:00:00Z'));
    await requestReset('ops@alpha.example.com');
    const code = codeOf(outboxLinks()[0] ?? '');
    vi.setSystemTime(new Date('2026-05-01T09:00:00Z'));
    const expired = await resetWith(code, 'Brand@New1');
    expect(expired.json().error).toEqual({
      code: 'RESET_CODE_EXPIRED',
      message: 'This reset link has expired. Please request a new one.',
    });
  });
});

describe('a shorter reset link lifetime', () => {
  it('follows RESET_CODE_TTL_MINUTES', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await setUp({ RESET_CODE_TTL_MINUTES: '10' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-01T08:00:00Z'));
    await requestReset('ops@alpha.example.com');
    const code = codeOf(outboxLinks()[0] ?? '');
    vi.setSystemTime(new Date('2026-05-01T08:09:59Z'));
    expect((await resetWith(code, 'Brand@New1')).statusCode).toBe(200);
  });
});

describe('mail through SMTP', () => {
  it('sends the reset link to the configured SMTP server, writing no outbox', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
        stream.on('end', () => {
          received.push(text);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    try {
      await setUp({
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'Guard Console <desk@example.com>',
      });
      expect((await requestReset('ops@alpha.example.com')).statusCode).toBe(200);
      expect(received).toHaveLength(1);
      const mail = received[0]?.replace(/=\r?\n/g, '').replace(/=3D/g, '=') ?? '';
      expect(mail).toContain('To: ops@alpha.example.com');
      expect(mail).toContain('From: Guard Console <desk@example.com>');
      expect(mail).toMatch(/https:\/\/console\.example\.com\/resetpassword\?code=[\w-]{43}&iuuid=/);
      expect(() => readdirSync(outboxDirectory(t.dataDir))).toThrow();
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

describe('change password', () => {
  beforeEach(async () => {
    await setUp();
  });

  const change = (session: string, id: string, old_challenge: string, challenge: string) =>
    t.app.inject({
      method: 'POST',
      url: `/kgapi/identity/${id}/challenge`,
      headers: authHeaders(session),
      payload: { old_challenge, challenge },
    });

  it('needs the current password, keeps this session and ends the others', async () => {
    const here = await signIn(t.app, 'ops@alpha.example.com', PASSWORD);
    const elsewhere = await signIn(t.app, 'ops@alpha.example.com', PASSWORD);
    const wrong = await change(here, identityUuid, 'not-it', 'Brand@New1');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toEqual({
      code: 'WRONG_PASSWORD',
      message: 'Your current password is not correct.',
    });
    expect((await change(here, identityUuid, PASSWORD, 'abc')).json().error.message).toBe(
      'Please use a password that is at least 6 characters long.',
    );
    expect((await change(here, identityUuid, PASSWORD, 'Brand@New1')).json()).toEqual({
      success: true,
    });
    const status = async (session: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/kgapi/dashboard/data',
          headers: authHeaders(session),
        })
      ).statusCode;
    expect(await status(here)).toBe(200);
    expect(await status(elsewhere)).toBe(401);
    expect(await signInStatus('Brand@New1')).toBe(200);
  });

  it('refuses another identity’s id with 403', async () => {
    const other = await createUser(t.db, { email: 'other@example.com', role: 'superadmin' });
    const otherIdentity = (
      await t.db
        .selectFrom('identities')
        .select('uuid')
        .where('user_profile_uuid', '=', other)
        .executeTakeFirstOrThrow()
    ).uuid;
    const here = await signIn(t.app, 'ops@alpha.example.com', PASSWORD);
    const response = await change(here, otherIdentity, PASSWORD, 'Brand@New1');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe('You can only change your own password.');
  });

  it('counts wrong current passwords against the session, as the throttle does for re-verification', async () => {
    const here = await signIn(t.app, 'ops@alpha.example.com', PASSWORD);
    for (let i = 0; i < 4; i += 1) await change(here, identityUuid, 'not-it', 'Brand@New1');
    expect((await change(here, identityUuid, PASSWORD, 'Brand@New1')).statusCode).toBe(429);
  });
});
