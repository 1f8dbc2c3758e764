import { checkNewFile } from '../files/files.service';
import type { FilesRepository } from '../files/files.repository';
import type { Principal } from '../../auth/principal';
import { changesBetween } from '../audit/changes';
import { badRequest, forbidden, notFound } from '../../http/errors';
import {
  SITE_FLAGS,
  SITE_MESSAGES,
  type SiteFlag,
  readCoordinate,
  readFlag,
  siteFieldErrors,
} from '@rules/sites';
import type { Site, SiteInput } from '@contract/sites';
import type { SiteTies } from './site-moves';
import type { SitesRepository, SiteValues } from './sites.repository';

/**
 * The body of POST and PATCH /data/residences, as the body schema lets it through: an edit may
 * leave any field out (it keeps what it has); as the original API allowed, flags may also come as
 * booleans or text, coordinates as text, and the status as any text (siteFieldErrors names a
 * wrong one).
 */
export type SiteBody = {
  [K in keyof SiteInput]?: K extends SiteFlag
    ? number | boolean | string
    : K extends 'lat' | 'lng'
      ? number | string | null
      : K extends 'status'
        ? string
        : SiteInput[K];
};

/** What a new site holds for anything the payload leaves out (the table's defaults). */
const NEW_SITE: SiteValues = {
  name: '',
  address: '',
  type: '',
  status: 'ACTIVE',
  lat: null,
  lng: null,
  security_company_uuid: null,
  cover_file_uuid: null,
  kipleguard_enabled: 1,
  kipleguard_visitors: 0,
  kipleguard_reporting: 0,
  kipleguard_attendance: 0,
};

const WRITES_REFUSED = 'Only the super administrator can add, edit or delete sites.';
export const SHIFT_SETTINGS_REFUSED =
  'Only the security company can change how guards start shifts.';

function requireSuperadmin(principal: Principal): void {
  if (principal.role !== 'superadmin') throw forbidden(WRITES_REFUSED);
}

/** What every audit entry about a site names: the site, and the company it belongs to. */
export function siteEntry(
  uuid: string,
  values: { name: string | null; security_company_uuid: string | null },
) {
  return {
    entity: 'site' as const,
    entityUuid: uuid,
    entityLabel: values.name,
    companyUuid: values.security_company_uuid,
  };
}

/** A move's ended ties in words, for the audit trail. */
function movedTiesText(ended: SiteTies): string {
  const part = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return [
    part(ended.guard_links, 'guard link', 'guard links'),
    part(ended.supervisor_links, 'supervisor link', 'supervisor links'),
    part(ended.kiosks, 'kiosk', 'kiosks'),
    part(ended.open_shifts, 'open shift', 'open shifts'),
  ].join(', ');
}

function blankToNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value.trim() === '' ? null : value.trim();
}

export function createSitesService(sites: SitesRepository, files: FilesRepository) {
  /**
   * The payload laid over `current` (a partial edit keeps what it leaves out), checked as a whole
   * with the rules the console's form uses. Throws a 400 with the first problem's message.
   */
  async function valuesFrom(
    principal: Principal,
    payload: SiteBody,
    current: SiteValues,
  ): Promise<SiteValues> {
    const merged = {
      name: payload.name ?? current.name,
      address: payload.address ?? current.address,
      type: payload.type ?? current.type,
      status: payload.status ?? current.status,
      lat: payload.lat === undefined ? current.lat : payload.lat,
      lng: payload.lng === undefined ? current.lng : payload.lng,
    };
    const problem = Object.values(siteFieldErrors(merged))[0];
    if (problem) throw badRequest(problem);

    const flags = {} as Record<SiteFlag, number>;
    for (const flag of SITE_FLAGS) {
      const given = payload[flag];
      const value = given === undefined ? current[flag] : readFlag(given);
      if (value === null) throw badRequest(SITE_MESSAGES.flagInvalid);
      flags[flag] = value;
    }

    const companyUuid =
      payload.security_company_uuid === undefined
        ? current.security_company_uuid
        : blankToNull(payload.security_company_uuid);
    if (
      companyUuid !== null &&
      companyUuid !== current.security_company_uuid &&
      !(await sites.companyIsLive(companyUuid))
    ) {
      throw badRequest(SITE_MESSAGES.companyNotFound);
    }

    const coverUuid =
      payload.file_uuid === undefined ? current.cover_file_uuid : blankToNull(payload.file_uuid);
    if (coverUuid !== null && coverUuid !== current.cover_file_uuid) {
      await checkNewFile(files, principal, coverUuid, SITE_MESSAGES.coverNotFound);
    }

    return {
      name: merged.name.trim(),
      address: merged.address.trim(),
      type: merged.type.trim(),
      status: merged.status.trim() || NEW_SITE.status,
      lat: readCoordinate(merged.lat),
      lng: readCoordinate(merged.lng),
      security_company_uuid: companyUuid,
      cover_file_uuid: coverUuid,
      ...flags,
    };
  }

  async function saved(uuid: string): Promise<Site> {
    const site = await sites.findLive(uuid);
    if (!site) throw notFound();
    return site;
  }

  return {
    async create(principal: Principal, payload: SiteBody): Promise<Site> {
      requireSuperadmin(principal);
      const values = await valuesFrom(principal, payload, NEW_SITE);
      const uuid = await sites.insert(values, (created) => ({
        ...siteEntry(created, values),
        action: 'create',
        changes: changesBetween(null, values),
      }));
      return saved(uuid);
    },

    async update(principal: Principal, uuid: string, payload: SiteBody, now: Date): Promise<Site> {
      requireSuperadmin(principal);
      const current = await sites.findValues(uuid);
      if (!current) throw notFound();
      const values = await valuesFrom(principal, payload, current);
      const audit = (ended: SiteTies | null) => ({
        ...siteEntry(uuid, values),
        action: 'update' as const,
        changes: changesBetween(
          current,
          ended ? { ...values, ended_by_the_move: movedTiesText(ended) } : values,
        ),
      });
      if (!(await sites.update(uuid, values, now, audit))) throw notFound();
      return saved(uuid);
    },

    /** What moving a site to `companyUuid` (or to none) would end: the superadmin confirms it. */
    async moveOf(principal: Principal, uuid: string, companyUuid: string | null, now: Date) {
      requireSuperadmin(principal);
      const move = await sites.moveOf(uuid, blankToNull(companyUuid), now);
      if (!move) throw notFound();
      return move;
    },

    /**
     * Lets guards start and end shifts at the site with their PIN alone (a kiosk with no camera),
     * or not: the company's choice for its own sites, and the superadmin's.
     */
    async setPinOnlyShifts(principal: Principal, uuid: string, on: boolean, now: Date) {
      if (principal.role === 'sitesupervisor') throw forbidden(SHIFT_SETTINGS_REFUSED);
      const current = await sites.findLive(uuid);
      const audit = {
        ...siteEntry(uuid, current ?? { name: null, security_company_uuid: null }),
        action: 'update' as const,
        changes: changesBetween(
          { pin_only_shifts: current?.pin_only_shifts ?? null },
          { pin_only_shifts: on ? 1 : 0 },
        ),
      };
      if (!current || !(await sites.setPinOnlyShifts(principal, uuid, on, now, audit))) {
        throw notFound();
      }
      return saved(uuid);
    },

    async remove(principal: Principal, uuid: string, now: Date): Promise<void> {
      requireSuperadmin(principal);
      const current = await sites.findValues(uuid);
      if (!current) throw notFound();
      const audit = {
        ...siteEntry(uuid, current),
        action: 'delete' as const,
        changes: changesBetween(current, null),
      };
      if (!(await sites.softDelete(uuid, now, audit))) throw notFound();
    },
  };
}

export type SitesService = ReturnType<typeof createSitesService>;
