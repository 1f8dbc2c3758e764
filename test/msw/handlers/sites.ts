import { http, HttpResponse } from 'msw';
import type { SiteFigures } from '@contract/dashboard';
import type { Site, SiteInput, SiteMove } from '@contract/sites';
import { readCoordinate, siteFieldErrors } from '@rules/sites';
import { companies, sites } from '../../fixtures/organisation';
import { API, apiError } from '../api';
import { equalsOf, matchesKeyword, pageOf } from '../filter-text';

/**
 * The sites the handlers answer with, whoever asks: which sites a role may see or change is the
 * real server's job, tested in test/server. A test sets up the sites its user should see with
 * resetSiteRecords(); writes change this copy, so a test that saves starts from resetSiteRecords()
 * (vitest gives every test file its own module state).
 */
let records: Site[] = [...sites];
let created = 0;

export function resetSiteRecords(next: readonly Site[] = sites): void {
  records = [...next];
  created = 0;
}

export function siteRecords(): readonly Site[] {
  return records;
}

export const siteFigures: SiteFigures = {
  upcomingVisitors: 7,
  checkedinVisitors: 4,
  overstayVisitors: 1,
  incidentToday: 2,
  allIncidents: 31,
  onDutyGuard: 5,
  totalGuard: 9,
  missedToday: 0,
  lateToday: 1,
  uncoveredNow: 0,
};

/**
 * What the move preview counts for any site (the figures sites-form.test.tsx expects); a test
 * that needs other counts uses server.use.
 */
const siteMoveCounts: Pick<SiteMove, 'ends' | 'records'> = {
  ends: { guard_links: 3, supervisor_links: 1, kiosks: 1, open_shifts: 1 },
  records: { attendances: 1204, visitors: 56, incidents: 3 },
};

const companyNameOf = (uuid: string | null) =>
  companies.find((company) => company.uuid === uuid)?.name ?? null;

/** Understands the filters the console sends: keyword, uuid, company and the guard-service flag. */
function matchesFilter(filter: string, site: Site): boolean {
  const uuid = equalsOf(filter, 'uuid');
  if (uuid !== undefined && site.uuid !== uuid) return false;
  const company = equalsOf(filter, 'security_company_uuid');
  if (company !== undefined && site.security_company_uuid !== company) return false;
  if (filter.includes('(kipleguard_enabled=1)') && site.kipleguard_enabled !== 1) return false;
  if (filter.includes('(kipleguard_reporting=1)') && site.kipleguard_reporting !== 1) return false;
  if (filter.includes('(kipleguard_visitors=1)') && site.kipleguard_visitors !== 1) return false;
  return matchesKeyword(filter, [site.uuid, site.name]);
}

/** The fields the console sorts sites by. */
const SORTABLE: Record<string, (site: Site) => string> = {
  name: (site) => site.name,
  address: (site) => site.address,
  type: (site) => site.type,
  status: (site) => site.status,
  security_company_name: (site) => site.security_company_name ?? '',
  created_at: (site) => site.created_at,
};

function badRequest(message: string) {
  return HttpResponse.json(apiError('VALIDATION_FAILED', message), { status: 400 });
}

function notFound() {
  return HttpResponse.json(apiError('NOT_FOUND', 'Record does not exist.'), { status: 404 });
}

/** The saved record: the payload laid over what the site held, checked with the shared rules. */
function merged(current: Site, payload: Partial<SiteInput>): Site | string {
  const next: Site = {
    ...current,
    ...payload,
    lat: payload.lat === undefined ? current.lat : readCoordinate(payload.lat),
    lng: payload.lng === undefined ? current.lng : readCoordinate(payload.lng),
  };
  const problem = Object.values(siteFieldErrors(next))[0];
  if (problem) return problem;
  const companyUuid = next.security_company_uuid;
  return {
    ...next,
    kg_security_company: companyUuid,
    security_company_name: companies.find((c) => c.uuid === companyUuid)?.name ?? null,
    file: payload.file_uuid ? { url: `/kgapi/files/view/${payload.file_uuid}` } : current.file,
  };
}

const blankSite: Site = {
  uuid: '',
  name: '',
  address: '',
  type: '',
  status: 'ACTIVE',
  lat: null,
  lng: null,
  security_company_uuid: null,
  security_company_name: null,
  kg_security_company: null,
  file: null,
  kipleguard_enabled: 1,
  kipleguard_visitors: 0,
  kipleguard_reporting: 0,
  kipleguard_attendance: 0,
  hdf_enabled: 0,
  pin_only_shifts: 0,
  visitor_pass_checkpoint_times: 2,
  created_at: '',
  updated_at: '',
};

export const siteHandlers = [
  http.get(`${API}/data/residences`, ({ request }) => {
    const params = new URL(request.url).searchParams;
    const filter = params.get('filter') ?? '';
    const matching = records.filter((site) => matchesFilter(filter, site));
    return HttpResponse.json(pageOf(matching, params, SORTABLE));
  }),

  http.post(`${API}/data/residences`, async ({ request }) => {
    created += 1;
    const stamp = `2025-01-01 00:00:${String(created).padStart(2, '0')}`;
    const start: Site = {
      ...blankSite,
      uuid: `new-site-${created}`,
      created_at: stamp,
      updated_at: stamp,
    };
    const site = merged(start, (await request.json()) as Partial<SiteInput>);
    if (typeof site === 'string') return badRequest(site);
    records = [...records, site];
    return HttpResponse.json({ resource: [site] });
  }),

  http.patch(`${API}/data/residences/:uuid`, async ({ request, params }) => {
    const current = records.find((site) => site.uuid === params.uuid);
    if (!current) return notFound();
    const site = merged(current, (await request.json()) as Partial<SiteInput>);
    if (typeof site === 'string') return badRequest(site);
    records = records.map((record) => (record.uuid === site.uuid ? site : record));
    return HttpResponse.json({ resource: [site] });
  }),

  http.get(`${API}/data/residences/:uuid/move`, ({ request, params }) => {
    const current = records.find((site) => site.uuid === params.uuid);
    if (!current) return notFound();
    const to = new URL(request.url).searchParams.get('security_company_uuid') || null;
    const moves = current.security_company_uuid !== to;
    const move: SiteMove = {
      from_company_name: companyNameOf(current.security_company_uuid),
      to_company_name: companyNameOf(to),
      moves,
      ends: moves
        ? siteMoveCounts.ends
        : { guard_links: 0, supervisor_links: 0, kiosks: 0, open_shifts: 0 },
      records: siteMoveCounts.records,
    };
    return HttpResponse.json(move);
  }),

  http.patch(`${API}/data/residences/:uuid/shift-settings`, async ({ request, params }) => {
    const current = records.find((site) => site.uuid === params.uuid);
    if (!current) return notFound();
    const { pin_only_shifts } = (await request.json()) as { pin_only_shifts: number };
    const site = { ...current, pin_only_shifts };
    records = records.map((record) => (record.uuid === site.uuid ? site : record));
    return HttpResponse.json({ resource: [site] });
  }),

  http.delete(`${API}/data/residences/:uuid`, ({ params }) => {
    if (!records.some((site) => site.uuid === params.uuid)) return notFound();
    records = records.filter((site) => site.uuid !== params.uuid);
    return HttpResponse.json({ resource: [{ uuid: params.uuid }] });
  }),

  http.get(`${API}/dashboard/sitedata`, ({ request }) => {
    const filter = new URL(request.url).searchParams.get('filter') ?? '';
    if (!/^\(residence_uuid='[^']+'\)$/.test(filter)) {
      return badRequest('The site figures need a residence_uuid filter.');
    }
    return HttpResponse.json({ resource: siteFigures });
  }),
];
