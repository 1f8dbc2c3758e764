import type { SiteSupervisor, SiteSupervisorBody } from '@contract/site-supervisors';
import { EMAIL_IN_USE } from '@rules/passwords';
import { SUPERVISOR_MESSAGES, supervisorFieldErrors } from '@rules/site-supervisors';
import { readFlag } from '@rules/sites';
import type { AccountsRepository } from '../../auth/accounts.repository';
import type { Principal } from '../../auth/principal';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { patched } from '../../http/patch';
import { changesBetween } from '../audit/changes';
import { checkNewFile } from '../files/files.service';
import type { FilesRepository } from '../files/files.repository';
import { companyIsLive } from '../security-companies/security-companies.repository';
import type { DB } from '../../db/database';
import type { SiteSupervisorsRepository, SupervisorValues } from './site-supervisors.repository';

export type SupervisorPayload = Partial<Record<keyof SiteSupervisorBody, unknown>>;

const text = (value: unknown) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/** What a supervisor's edit form holds, from the stored supervisor. */
function storedBody(supervisor: SiteSupervisor): Omit<SiteSupervisorBody, 'identifier'> {
  const profile = supervisor.kg_user_profiles_by_kg_user_profile_uuid;
  return {
    security_company_uuid: supervisor.security_company_uuid,
    name: supervisor.supervisor_name,
    phone: profile.phone,
    address: profile.address,
    is_active: supervisor.is_active,
    ic_passport_number: profile.ic_passport_number,
    residence_uuid: supervisor.kg_residence_supervisors.map((link) => link.residence_uuid),
    email: supervisor.supervisor_email,
    type: 'userpass',
    photo: profile.photo,
  };
}

/** The stored supervisor as the values a save writes, for the audit trail's before. */
function supervisorValues(supervisor: SiteSupervisor): SupervisorValues {
  const body = storedBody(supervisor);
  return {
    security_company_uuid: body.security_company_uuid,
    name: body.name,
    email: body.email,
    phone: body.phone,
    address: body.address,
    ic_passport_number: body.ic_passport_number,
    is_active: body.is_active,
    photo_file_uuid: body.photo ?? null,
  };
}

/** What every audit entry about a supervisor names: the supervisor, and its company. */
function supervisorEntry(uuid: string, values: SupervisorValues) {
  return {
    entity: 'site_supervisor' as const,
    entityUuid: uuid,
    entityLabel: values.name,
    companyUuid: values.security_company_uuid,
  };
}

export function createSiteSupervisorsService(deps: {
  db: DB;
  supervisors: SiteSupervisorsRepository;
  accounts: AccountsRepository;
  files: FilesRepository;
}) {
  const { supervisors, accounts, files } = deps;

  /** A company the caller may put supervisors in: any live one for superadmin, its own otherwise. */
  async function checkCompany(principal: Principal, companyUuid: string): Promise<void> {
    if (principal.role === 'sitesupervisor')
      throw forbidden('Site supervisors cannot manage supervisors.');
    if (principal.role === 'securitycompany' && companyUuid !== principal.companyUuid) {
      throw forbidden('You can only manage the supervisors of your own company.');
    }
    if (!(await companyIsLive(deps.db, companyUuid))) {
      throw badRequest(
        'The selected security company does not exist.',
        'INVALID_COMPANY',
        'security_company_uuid',
      );
    }
  }

  async function checkEmail(email: string, ownProfile: string | null): Promise<void> {
    const matches = await accounts.findAdminsByEmail(email);
    if (matches.some((match) => match.uuid !== ownProfile))
      throw conflict(EMAIL_IN_USE, 'EMAIL_IN_USE', 'email');
  }

  async function validate(
    principal: Principal,
    body: SupervisorPayload,
    mode: 'add' | 'edit',
    current: SiteSupervisor | null,
  ) {
    const email = text(body.email ?? body.identifier);
    const [first] = Object.values(supervisorFieldErrors({ ...body, email }, mode));
    if (first) throw badRequest(first);
    const companyUuid = text(body.security_company_uuid);
    await checkCompany(principal, companyUuid);
    await checkEmail(email, current?.kg_user_profile_uuid ?? null);
    const siteUuids = Array.isArray(body.residence_uuid)
      ? [...new Set(body.residence_uuid.filter((uuid): uuid is string => typeof uuid === 'string'))]
      : [];
    if ((await supervisors.sitesOutsideCompany(companyUuid, siteUuids)).length > 0) {
      throw badRequest(SUPERVISOR_MESSAGES.siteInvalid, 'INVALID_SITE');
    }
    const currentPhoto = current?.kg_user_profiles_by_kg_user_profile_uuid.photo ?? null;
    const photo = body.photo === undefined ? currentPhoto : text(body.photo) || null;
    if (photo !== null && photo !== currentPhoto) {
      await checkNewFile(files, principal, photo, SUPERVISOR_MESSAGES.photoNotFound);
    }
    const isActive = mode === 'add' ? 1 : readFlag(body.is_active ?? current?.is_active ?? 1);
    if (isActive === null) throw badRequest('Status must be active (1) or inactive (0).');
    const values: SupervisorValues = {
      security_company_uuid: companyUuid,
      name: text(body.name),
      email,
      phone: text(body.phone),
      address: text(body.address),
      ic_passport_number: text(body.ic_passport_number),
      is_active: isActive,
      photo_file_uuid: photo,
    };
    return { values, siteUuids };
  }

  async function found(principal: Principal, uuid: string): Promise<SiteSupervisor> {
    const supervisor = await supervisors.find(principal, uuid);
    if (!supervisor) throw notFound();
    return supervisor;
  }

  const raceSafe = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(EMAIL_IN_USE, 'EMAIL_IN_USE', 'email');
      throw error;
    }
  };

  return {
    list: supervisors.list,

    /** A supervisor is active on add (spec part 2 §9); `hash` turns the password into its stored form. */
    async add(
      principal: Principal,
      body: SupervisorPayload,
      hash: (password: string) => Promise<string>,
      now: Date,
    ) {
      const { values, siteUuids } = await validate(principal, body, 'add', null);
      const challengeHash = await hash(String(body.challenge));
      const uuid = await raceSafe(() =>
        supervisors.insert(values, siteUuids, challengeHash, now, (created) => ({
          ...supervisorEntry(created, values),
          action: 'create',
          changes: changesBetween(null, {
            ...values,
            residence_uuid: siteUuids,
            password: body.challenge,
          }),
        })),
      );
      return found(principal, uuid);
    },

    async update(principal: Principal, uuid: string, sent: SupervisorPayload, now: Date) {
      const current = await found(principal, uuid);
      // A new sign-in email may come as either name, as on add.
      const body = patched(storedBody(current), { ...sent, email: sent.email ?? sent.identifier });
      const { values, siteUuids } = await validate(principal, body, 'edit', current);
      const audit = {
        ...supervisorEntry(uuid, values),
        action: 'update' as const,
        changes: changesBetween(
          { ...supervisorValues(current), residence_uuid: storedBody(current).residence_uuid },
          { ...values, residence_uuid: siteUuids },
        ),
      };
      await raceSafe(() => supervisors.update(current, values, siteUuids, now, audit));
      return found(principal, uuid);
    },

    async remove(principal: Principal, uuid: string, now: Date): Promise<void> {
      const current = await found(principal, uuid);
      const values = supervisorValues(current);
      await supervisors.remove(current, now, {
        ...supervisorEntry(uuid, values),
        action: 'delete',
        changes: changesBetween(
          { ...values, residence_uuid: storedBody(current).residence_uuid },
          null,
        ),
      });
    },
  };
}

export type SiteSupervisorsService = ReturnType<typeof createSiteSupervisorsService>;
