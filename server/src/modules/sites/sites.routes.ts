import type { FastifyInstance } from 'fastify';
import type { ResourceResponse } from '@contract/list';
import type { Site, SiteMove } from '@contract/sites';
import { principalOf } from '../../auth/authenticate';
import { uuidParams } from '../../http/schemas';
import { type ListQueryParams, listAnswer, type ListAnswer } from '../../query';
import { SITES_QUERY, type SitesRepository } from './sites.repository';
import type { SiteBody, SitesService } from './sites.service';

const flag = { type: ['integer', 'boolean', 'string'] };
const coordinate = { type: ['number', 'string', 'null'] };
const optionalUuid = { type: ['string', 'null'], maxLength: 100 };

// Types only: the messages of missing or wrong values come from src/lib/rules/sites.ts, which the
// console's form shares. Unknown properties (say, a whole record sent back) are dropped.
const payloadSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string' },
    address: { type: 'string' },
    type: { type: 'string' },
    status: { type: 'string' },
    lat: coordinate,
    lng: coordinate,
    security_company_uuid: optionalUuid,
    file_uuid: optionalUuid,
    kipleguard_enabled: flag,
    kipleguard_visitors: flag,
    kipleguard_reporting: flag,
    kipleguard_attendance: flag,
  },
} as const;

/** Sites, at the API's residence paths: everyone reads within scope, only superadmin writes. */
export function sitesRoutes(
  app: FastifyInstance,
  deps: { sites: SitesRepository; sitesService: SitesService },
): void {
  app.get<{ Querystring: ListQueryParams & { filterValues?: string } }>(
    '/data/residences',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { filterValues: { type: 'string', maxLength: 200 } },
        },
      },
    },
    async (request): Promise<ListAnswer<Site>> => {
      const { filterValues, ...params } = request.query;
      const list = await app.listQuery(params, SITES_QUERY);
      const { resource, count } = await deps.sites.list(
        principalOf(request),
        list,
        filterValues?.trim() ?? '',
      );
      return listAnswer(resource, count);
    },
  );

  app.post<{ Body: SiteBody }>(
    '/data/residences',
    { schema: { body: payloadSchema } },
    async (request): Promise<ResourceResponse<Site[]>> => ({
      resource: [await deps.sitesService.create(principalOf(request), request.body ?? {})],
    }),
  );

  app.patch<{ Params: { uuid: string }; Body: SiteBody }>(
    '/data/residences/:uuid',
    { schema: { params: uuidParams, body: payloadSchema } },
    async (request): Promise<ResourceResponse<Site[]>> => ({
      resource: [
        await deps.sitesService.update(
          principalOf(request),
          request.params.uuid,
          request.body ?? {},
          new Date(),
        ),
      ],
    }),
  );

  /** What moving the site to another company would end, before the superadmin confirms it. */
  app.get<{ Params: { uuid: string }; Querystring: { security_company_uuid?: string } }>(
    '/data/residences/:uuid/move',
    {
      schema: {
        params: uuidParams,
        querystring: {
          type: 'object',
          properties: { security_company_uuid: { type: 'string', maxLength: 100 } },
        },
      },
    },
    async (request): Promise<SiteMove> =>
      deps.sitesService.moveOf(
        principalOf(request),
        request.params.uuid,
        request.query.security_company_uuid ?? null,
        new Date(),
      ),
  );

  app.patch<{ Params: { uuid: string }; Body: { pin_only_shifts: number | boolean } }>(
    '/data/residences/:uuid/shift-settings',
    {
      schema: {
        params: uuidParams,
        body: {
          type: 'object',
          required: ['pin_only_shifts'],
          additionalProperties: false,
          properties: {
            pin_only_shifts: { type: ['integer', 'boolean'], enum: [0, 1, true, false] },
          },
        },
      },
    },
    async (request): Promise<ResourceResponse<Site[]>> => ({
      resource: [
        await deps.sitesService.setPinOnlyShifts(
          principalOf(request),
          request.params.uuid,
          request.body.pin_only_shifts === 1 || request.body.pin_only_shifts === true,
          new Date(),
        ),
      ],
    }),
  );

  app.delete<{ Params: { uuid: string } }>(
    '/data/residences/:uuid',
    { schema: { params: uuidParams } },
    async (request) => {
      await deps.sitesService.remove(principalOf(request), request.params.uuid, new Date());
      return { resource: [{ uuid: request.params.uuid }] };
    },
  );
}
