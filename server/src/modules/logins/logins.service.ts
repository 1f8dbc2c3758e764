import type { Login, LoginBody } from '@contract/logins';
import { LOGIN_MESSAGES, loginFieldErrors } from '@rules/logins';
import { EMAIL_IN_USE } from '@rules/passwords';
import { readFlag } from '@rules/sites';
import type { AccountsRepository } from '../../auth/accounts.repository';
import type { Principal } from '../../auth/principal';
import type { DB } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { patched } from '../../http/patch';
import { changesBetween } from '../audit/changes';
import { companyIsLive } from '../security-companies/security-companies.repository';
import type { LoginsRepository, LoginWrite } from './logins.repository';

export type LoginPayload = Partial<Record<keyof LoginBody, unknown>>;

/** What a login write needs from its request: the proof of re-verification, and a hasher. */
export interface WriteContext {
  /** Uses up the request's proof of re-verification; throws 403 without a good one. */
  consumeVerification(): Promise<void>;
  hash(password: string): Promise<string>;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

interface LoginInput {
  companyUuid: string;
  email: string;
  isActive: boolean;
  password: string;
}

/** A login's fields as the audit trail shows them; a password only when one is set. */
function loginFields(input: LoginInput) {
  return {
    security_company_uuid: input.companyUuid,
    email: input.email,
    is_active: input.isActive ? 1 : 0,
    password: input.password || null,
  };
}

/** What every audit entry about a login names: the login, by its email, and its company. */
function loginEntry(uuid: string, input: Pick<LoginInput, 'companyUuid' | 'email'>) {
  return {
    entity: 'login' as const,
    entityUuid: uuid,
    entityLabel: input.email,
    companyUuid: input.companyUuid,
  };
}

export function createLoginsService(deps: {
  db: DB;
  logins: LoginsRepository;
  accounts: AccountsRepository;
}) {
  const { logins, accounts } = deps;

  async function checkCompany(principal: Principal, companyUuid: string): Promise<void> {
    if (principal.role === 'sitesupervisor')
      throw forbidden('Site supervisors cannot manage logins.');
    if (principal.role === 'securitycompany' && companyUuid !== principal.companyUuid) {
      throw forbidden('You can only manage the logins of your own company.');
    }
    if (!(await companyIsLive(deps.db, companyUuid))) {
      throw badRequest(
        'The selected security company does not exist.',
        'INVALID_COMPANY',
        'security_company_uuid',
      );
    }
  }

  async function validate(
    principal: Principal,
    body: LoginPayload,
    mode: 'add' | 'edit',
    own: string | null,
  ) {
    const email = text(body.email ?? body.identifier);
    const [first] = Object.values(loginFieldErrors({ ...body, email }, mode));
    if (first) throw badRequest(first);
    const companyUuid = text(body.security_company_uuid);
    await checkCompany(principal, companyUuid);
    const matches = await accounts.findAdminsByEmail(email);
    if (matches.some((match) => match.uuid !== own))
      throw conflict(EMAIL_IN_USE, 'EMAIL_IN_USE', 'email');
    // A new login is inactive unless the form switched it on (spec part 2 §4).
    const isActive = readFlag(body.is_active ?? 0);
    if (isActive === null) throw badRequest('Status must be active (1) or inactive (0).');
    const password = typeof body.challenge === 'string' ? body.challenge : '';
    return { email, companyUuid, isActive: isActive === 1, password };
  }

  async function found(principal: Principal, uuid: string): Promise<Login> {
    const login = await logins.find(principal, uuid);
    if (!login) throw notFound();
    return login;
  }

  /**
   * The company a write takes an active login away from (by deleting it, switching it off or
   * moving it), or null. The repository refuses the write if that login is the company's last.
   */
  const takesActiveFrom = (
    current: Login,
    next: { isActive: boolean; companyUuid: string } | null,
  ) =>
    current.is_active === 1 &&
    (!next?.isActive || next.companyUuid !== current.security_company_uuid)
      ? current.security_company_uuid
      : null;

  const written = (write: LoginWrite): void => {
    if (write === 'last-active-login')
      throw conflict(LOGIN_MESSAGES.lastActiveLogin, 'LAST_ACTIVE_LOGIN');
  };

  const raceSafe = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(EMAIL_IN_USE, 'EMAIL_IN_USE', 'email');
      throw error;
    }
  };

  return {
    list: logins.list,

    /** Checked first, then the proof is used up, then the login is written. */
    async add(principal: Principal, body: LoginPayload, context: WriteContext): Promise<Login> {
      const input = await validate(principal, body, 'add', null);
      await context.consumeVerification();
      const challengeHash = await context.hash(input.password);
      const uuid = await raceSafe(() =>
        logins.insert({
          ...input,
          challengeHash,
          audit: (created) => ({
            ...loginEntry(created, input),
            action: 'create',
            changes: changesBetween(null, loginFields(input)),
          }),
        }),
      );
      return found(principal, uuid);
    },

    async update(
      principal: Principal,
      uuid: string,
      body: LoginPayload,
      context: WriteContext,
      now: Date,
    ) {
      const current = await found(principal, uuid);
      const stored = {
        security_company_uuid: current.security_company_uuid,
        email: current.user_email,
        is_active: current.is_active,
      };
      // A new sign-in email may come as either name, as on add.
      const sent = { ...body, email: body.email ?? body.identifier };
      const input = await validate(principal, patched(stored, sent), 'edit', uuid);
      // Signed out at once and unable to sign in again: nobody may lock themselves out.
      if (uuid === principal.profileUuid && current.is_active === 1 && !input.isActive)
        throw badRequest(LOGIN_MESSAGES.cannotDeactivateSelf, 'OWN_LOGIN');
      await context.consumeVerification();
      // A blank password leaves the old one.
      const challengeHash = input.password ? await context.hash(input.password) : undefined;
      written(
        await raceSafe(() =>
          logins.update(uuid, { ...input, challengeHash }, takesActiveFrom(current, input), now, {
            ...loginEntry(uuid, input),
            action: 'update',
            changes: changesBetween(
              loginFields({
                companyUuid: current.security_company_uuid,
                email: current.user_email,
                isActive: current.is_active === 1,
                password: '',
              }),
              loginFields(input),
            ),
          }),
        ),
      );
      return found(principal, uuid);
    },

    async remove(
      principal: Principal,
      uuid: string,
      context: WriteContext,
      now: Date,
    ): Promise<void> {
      const current = await found(principal, uuid);
      if (uuid === principal.profileUuid)
        throw badRequest(LOGIN_MESSAGES.cannotDeleteSelf, 'OWN_LOGIN');
      await context.consumeVerification();
      const fields = {
        companyUuid: current.security_company_uuid,
        email: current.user_email,
        isActive: current.is_active === 1,
        password: '',
      };
      written(
        await logins.remove(uuid, takesActiveFrom(current, null), now, {
          ...loginEntry(uuid, fields),
          action: 'delete',
          changes: changesBetween(loginFields(fields), null),
        }),
      );
    },
  };
}

export type LoginsService = ReturnType<typeof createLoginsService>;
