import type { WatchlistBody, WatchlistEntry, WatchlistHit } from '@contract/watchlist';
import {
  mayOverrideWatchlist,
  WATCHLIST_MESSAGES,
  watchlistFieldErrors,
  type WatchedPerson,
} from '@rules/watchlist';
import type { Caller, Principal } from '../../auth/principal';
import type { DB } from '../../db/database';
import { ApiError, badRequest, forbidden, notFound } from '../../http/errors';
import { patched } from '../../http/patch';
import type { ParsedListQuery } from '../../query';
import { changesBetween } from '../audit/changes';
import { companyIsLive } from '../security-companies/security-companies.repository';
import type { WatchlistRepository, WatchlistValues } from './watchlist.repository';

export type WatchlistPayload = Partial<Record<keyof WatchlistBody, unknown>>;

export const WATCHLIST_FORBIDDEN = 'Only a security company or the superadmin keeps a watchlist.';
const COMPANY_REQUIRED = 'Choose the security company.';
const COMPANY_UNKNOWN = 'The selected security company does not exist.';
const SITE_UNKNOWN = 'The selected site is not a site of the company.';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function valuesOf(entry: WatchlistEntry): WatchlistValues {
  return {
    security_company_uuid: entry.security_company_uuid,
    residence_uuid: entry.residence_uuid,
    name: entry.name,
    ic_passport_number: entry.ic_passport_number,
    car_plate_number: entry.car_plate_number,
    phone_number: entry.phone_number,
    reason: entry.reason,
  };
}

/** What an entry's audit entry records: where it applies and why, never the person's numbers. */
function audited(values: WatchlistValues | null) {
  if (!values) return null;
  return {
    security_company_uuid: values.security_company_uuid,
    residence_uuid: values.residence_uuid,
    name: values.name,
    reason: values.reason,
  };
}

function entryOf(uuid: string, values: WatchlistValues) {
  return {
    entity: 'watchlist' as const,
    entityUuid: uuid,
    entityLabel: values.name || values.car_plate_number || 'Watchlist entry',
    companyUuid: values.security_company_uuid,
  };
}

/**
 * The watchlist's entries (issue 23): a company keeps its own, the superadmin any company's; a
 * site supervisor is refused, whatever its console shows.
 */
export function createWatchlistService(deps: { db: DB; watchlist: WatchlistRepository }) {
  const { watchlist } = deps;

  function checkRole(principal: Principal) {
    if (principal.role === 'sitesupervisor') throw forbidden(WATCHLIST_FORBIDDEN);
  }

  async function validate(principal: Principal, body: WatchlistPayload): Promise<WatchlistValues> {
    const companyUuid =
      principal.role === 'securitycompany'
        ? (principal.companyUuid ?? '')
        : text(body.security_company_uuid);
    if (principal.role === 'securitycompany' && body.security_company_uuid !== undefined) {
      const sent = text(body.security_company_uuid);
      if (sent && sent !== companyUuid) {
        throw forbidden('You can only keep the watchlist of your own company.');
      }
    }
    if (!companyUuid)
      throw badRequest(COMPANY_REQUIRED, 'INVALID_COMPANY', 'security_company_uuid');
    if (!(await companyIsLive(deps.db, companyUuid))) {
      throw badRequest(COMPANY_UNKNOWN, 'INVALID_COMPANY', 'security_company_uuid');
    }
    const siteUuid = text(body.residence_uuid) || null;
    if (siteUuid && !(await watchlist.siteOfCompany(companyUuid, siteUuid))) {
      throw badRequest(SITE_UNKNOWN, 'INVALID_SITE', 'residence_uuid');
    }
    const values: WatchlistValues = {
      security_company_uuid: companyUuid,
      residence_uuid: siteUuid,
      name: text(body.name),
      ic_passport_number: text(body.ic_passport_number),
      car_plate_number: text(body.car_plate_number).toUpperCase(),
      phone_number: text(body.phone_number),
      reason: text(body.reason),
    };
    const errors = watchlistFieldErrors(values);
    const [field] = Object.keys(errors) as Array<keyof typeof errors>;
    if (field) throw badRequest(errors[field] ?? '', 'INVALID_WATCHLIST', field);
    return values;
  }

  async function found(principal: Principal, uuid: string): Promise<WatchlistEntry> {
    const entry = await watchlist.find(principal, uuid);
    if (!entry) throw notFound();
    return entry;
  }

  return {
    list(principal: Principal, list: ParsedListQuery) {
      checkRole(principal);
      return watchlist.list(principal, list);
    },

    async add(principal: Principal, body: WatchlistPayload, now: Date): Promise<WatchlistEntry> {
      checkRole(principal);
      const values = await validate(principal, body);
      const uuid = await watchlist.insert(values, principal.profileUuid, now, (created) => ({
        ...entryOf(created, values),
        action: 'create',
        changes: changesBetween(null, audited(values)),
      }));
      return found(principal, uuid);
    },

    /** A field left out stays as it is. */
    async update(
      principal: Principal,
      uuid: string,
      sent: WatchlistPayload,
      now: Date,
    ): Promise<WatchlistEntry> {
      checkRole(principal);
      const current = await found(principal, uuid);
      const before = valuesOf(current);
      const values = await validate(principal, patched(before, sent));
      await watchlist.update(uuid, values, now, {
        ...entryOf(uuid, values),
        action: 'update',
        changes: changesBetween(audited(before), audited(values)),
      });
      return found(principal, uuid);
    },

    async remove(principal: Principal, uuid: string, now: Date): Promise<void> {
      checkRole(principal);
      const current = await found(principal, uuid);
      const before = valuesOf(current);
      await watchlist.remove(uuid, now, {
        ...entryOf(uuid, before),
        action: 'delete',
        changes: changesBetween(audited(before), null),
      });
    },
  };
}

export type WatchlistService = ReturnType<typeof createWatchlistService>;

/**
 * Refuses a pass for a person on the watchlist of its site (409 WATCHLISTED, with the reasons),
 * unless `override` is asked by a caller who may override: then answers the entries overridden,
 * for the pass's audit entry to name. A supervisor's or a guard's override does not count.
 */
export async function checkWatchlist(
  watchlist: WatchlistRepository,
  caller: Caller,
  siteUuid: string,
  person: WatchedPerson,
  override: unknown,
): Promise<WatchlistHit[]> {
  const hits = await watchlist.matching(siteUuid, person);
  if (hits.length === 0) return [];
  if (override === true && mayOverrideWatchlist(caller.role)) return hits;
  throw new ApiError(
    409,
    'WATCHLISTED',
    WATCHLIST_MESSAGES.refused(hits.map((hit) => hit.reason).join('; ')),
  );
}
