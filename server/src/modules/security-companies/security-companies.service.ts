import type { SecurityCompany, SecurityCompanyBody } from '@contract/security-companies';
import { EMAIL_IN_USE } from '@rules/passwords';
import { COMPANY_MESSAGES, companyFieldErrors } from '@rules/security-companies';
import { readCoordinate, readFlag } from '@rules/sites';
import type { AccountsRepository } from '../../auth/accounts.repository';
import type { Principal } from '../../auth/principal';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { patched } from '../../http/patch';
import { changesBetween } from '../audit/changes';
import {
  SiteTaken,
  type CompanyValues,
  type SecurityCompaniesRepository,
} from './security-companies.repository';

export type CompanyPayload = Partial<Record<keyof SecurityCompanyBody, unknown>>;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Only the super administrator manages companies (spec part 1 §2: its navigation alone has them). */
function checkSuperadmin(principal: Principal): void {
  if (principal.role !== 'superadmin') {
    throw forbidden('Only a super administrator can manage security companies.');
  }
}

function valuesOf(body: CompanyPayload): CompanyValues {
  return {
    name: text(body.name),
    brn: text(body.brn),
    license_number: text(body.license_number),
    license_expiry_date: text(body.license_expiry_date) || null,
    address: text(body.address),
    lat: readCoordinate(body.lat),
    lng: readCoordinate(body.lng),
    is_active: readFlag(body.is_active ?? 1) ?? 1,
  };
}

/** What a company's edit form holds, from the stored company. */
function storedBody(company: SecurityCompany): SecurityCompanyBody {
  return {
    name: company.name,
    brn: company.brn,
    license_number: company.license_number,
    license_expiry_date: company.license_expiry_date,
    address: company.address,
    lat: company.lat,
    lng: company.lng,
    is_active: company.is_active,
    residence_uuid: company.residences.map((site) => site.uuid),
  };
}

/** A site claimed by another write first: the same answer as one taken before the check. */
function siteTakenAsConflict(error: unknown): unknown {
  return error instanceof SiteTaken
    ? conflict(COMPANY_MESSAGES.siteTaken, 'SITE_TAKEN', 'residence_uuid')
    : error;
}

/** What every audit entry about a company names: the company, which its users may read. */
function companyEntry(uuid: string, name: string) {
  return {
    entity: 'security_company' as const,
    entityUuid: uuid,
    entityLabel: name,
    companyUuid: uuid,
  };
}

function siteList(value: unknown): string[] {
  return Array.isArray(value)
    ? [...new Set(value.filter((uuid): uuid is string => typeof uuid === 'string'))]
    : [];
}

export function createSecurityCompaniesService(deps: {
  companies: SecurityCompaniesRepository;
  accounts: AccountsRepository;
}) {
  const { companies, accounts } = deps;

  function checkFields(body: CompanyPayload, mode: 'add' | 'edit'): void {
    const [first] = Object.values(
      companyFieldErrors({ ...body, email: body.email ?? body.identifier }, mode),
    );
    if (first) throw badRequest(first);
    if (readFlag(body.is_active ?? 1) === null) {
      throw badRequest('Status must be active (1) or inactive (0).');
    }
  }

  async function checkSites(companyUuid: string | null, siteUuids: string[]): Promise<void> {
    const { unknown, taken } = await companies.unavailableSites(companyUuid, siteUuids);
    if (unknown.length > 0)
      throw badRequest(COMPANY_MESSAGES.siteUnknown, 'INVALID_SITE', 'residence_uuid');
    if (taken.length > 0)
      throw conflict(COMPANY_MESSAGES.siteTaken, 'SITE_TAKEN', 'residence_uuid');
  }

  async function found(principal: Principal, uuid: string): Promise<SecurityCompany> {
    const company = await companies.find(principal, uuid);
    if (!company) throw notFound();
    return company;
  }

  return {
    list: companies.list,

    /** A company with its login and sites; `hash` turns the password into its stored form. */
    async add(
      principal: Principal,
      body: CompanyPayload,
      hash: (password: string) => Promise<string>,
      now: Date,
    ): Promise<SecurityCompany> {
      checkSuperadmin(principal);
      checkFields(body, 'add');
      const email = text(body.email ?? body.identifier);
      if ((await accounts.findAdminsByEmail(email)).length > 0) {
        throw conflict(EMAIL_IN_USE, 'EMAIL_IN_USE', 'email');
      }
      const siteUuids = siteList(body.residence_uuid);
      await checkSites(null, siteUuids);
      const challengeHash = await hash(String(body.challenge));
      try {
        const values = valuesOf(body);
        const uuid = await companies.insert({
          values,
          siteUuids,
          login: { email, challengeHash },
          now,
          audit: (created) => ({
            ...companyEntry(created, values.name),
            action: 'create',
            changes: changesBetween(null, {
              ...values,
              residence_uuid: siteUuids,
              email,
              password: body.challenge,
            }),
          }),
        });
        return found(principal, uuid);
      } catch (error) {
        // Two adds racing for one email: the unique sign-in identifier decides.
        if (isUniqueViolation(error)) throw conflict(EMAIL_IN_USE, 'EMAIL_IN_USE', 'email');
        throw siteTakenAsConflict(error);
      }
    },

    async update(principal: Principal, uuid: string, sent: CompanyPayload, now: Date) {
      checkSuperadmin(principal);
      const stored = storedBody(await found(principal, uuid));
      const body = patched(stored, sent);
      checkFields(body, 'edit');
      const siteUuids = siteList(body.residence_uuid);
      await checkSites(uuid, siteUuids);
      const values = valuesOf(body);
      const audit = {
        ...companyEntry(uuid, values.name),
        action: 'update' as const,
        changes: changesBetween(
          { ...valuesOf(stored), residence_uuid: stored.residence_uuid },
          { ...values, residence_uuid: siteUuids },
        ),
      };
      await companies.update(uuid, values, siteUuids, now, audit).catch((error: unknown) => {
        throw siteTakenAsConflict(error);
      });
      return found(principal, uuid);
    },

    async remove(principal: Principal, uuid: string, now: Date): Promise<void> {
      checkSuperadmin(principal);
      const stored = storedBody(await found(principal, uuid));
      await companies.remove(uuid, now, {
        ...companyEntry(uuid, stored.name),
        action: 'delete',
        changes: changesBetween(
          { ...valuesOf(stored), residence_uuid: stored.residence_uuid },
          null,
        ),
      });
    },
  };
}

export type SecurityCompaniesService = ReturnType<typeof createSecurityCompaniesService>;
