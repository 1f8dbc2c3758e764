import type { FastifyInstance } from 'fastify';
import type { ResourceResponse } from '@contract/list';
import type { EPass, PassUnit, Visitor, VisitorRow, VisitorScanAnswer } from '@contract/visitors';
import type { PassField, PassFieldValues } from '@rules/pass-issuing';
import { WEEKDAYS } from '@rules/visitor-pass';
import { principalOf } from '../../auth/authenticate';
import { notFound } from '../../http/errors';
import { addressKey, type PasswordThrottle } from '../../auth/password-throttle';
import { uuidParams } from '../../http/schemas';
import { type ListQueryParams, listAnswer, type ListAnswer } from '../../query';
import type { SitesRepository } from '../sites/sites.repository';
import { VISITORS_QUERY, type VisitorsRepository } from './visitors.repository';
import type { WatchlistRepository } from '../watchlist/watchlist.repository';
import type { PassIssuingService } from './pass-issuing.service';
import { scanPass, watchlistOnPass } from './visitors.service';

/** E-pass look-ups one client address may make in the throttle's 15-minute window. */
export const EPASS_LOOKUPS = {
  max: 120,
  message: 'Too many e-pass look-ups from your network.',
} as const;

const codeParams = {
  type: 'object',
  required: ['code'],
  properties: { code: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

const PASS_FIELDS: readonly PassField[] = [
  'residence_uuid',
  'unit_uuid',
  'host_name',
  'name',
  'phone_number',
  'email',
  'car_plate_number',
  'category',
  'repeat_type',
  'repeatType',
  'date',
  'start_time',
  'end_time',
  'remarks',
];

// Types and sizes only: the rules and their messages are src/lib/rules/pass-issuing.ts's.
const passBody = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries([
    ...PASS_FIELDS.map((field) => [
      field,
      { type: 'string', maxLength: field === 'remarks' ? 1000 : 200 },
    ]),
    // A company user's explicit override of the watchlist (issue 23), recorded with the pass.
    ['override_watchlist', { type: 'boolean' }],
  ]),
} as const;

const tokenParams = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

export function visitorsRoutes(
  app: FastifyInstance,
  deps: {
    visitors: VisitorsRepository;
    passes: PassIssuingService;
    sites: SitesRepository;
    watchlist: WatchlistRepository;
    throttle: PasswordThrottle;
  },
): void {
  /**
   * The unit directory of one of the caller's sites, for the pass form's Unit and Host: the guard
   * app's directory calls take a guard's credential, not a console session.
   */
  app.get<{ Params: { uuid: string } }>(
    '/visitors/sites/:uuid/units',
    { schema: { params: uuidParams } },
    async (request): Promise<ResourceResponse<PassUnit[]>> => {
      const site = await deps.visitors.siteForPass(principalOf(request), request.params.uuid);
      if (!site) throw notFound();
      return { resource: await deps.sites.unitsOf(site.uuid) };
    },
  );

  /** Issues a pass ahead of the visit (issue 23). */
  app.post<{ Body: PassFieldValues }>(
    '/visitors/add',
    { schema: { body: passBody } },
    async (request): Promise<ResourceResponse<Visitor[]>> => ({
      resource: [await deps.passes.issue(principalOf(request), request.body ?? {}, new Date())],
    }),
  );

  /** Changes a pass before its first scan; a field left out stays as it is. */
  app.patch<{ Params: { uuid: string }; Body: PassFieldValues }>(
    '/visitors/:uuid',
    { schema: { params: uuidParams, body: passBody } },
    async (request): Promise<ResourceResponse<Visitor[]>> => ({
      resource: [
        await deps.passes.change(
          principalOf(request),
          request.params.uuid,
          request.body ?? {},
          new Date(),
        ),
      ],
    }),
  );

  /** Cancels a pass: it stays on record as CANCELLED, and the desk refuses it. */
  app.delete<{ Params: { uuid: string } }>(
    '/visitors/:uuid',
    { schema: { params: uuidParams } },
    async (request): Promise<ResourceResponse<Visitor[]>> => ({
      resource: [await deps.passes.cancel(principalOf(request), request.params.uuid, new Date())],
    }),
  );

  /** The visitor's e-pass, with no sign-in: the unguessable token is the credential. */
  app.get<{ Params: { token: string } }>(
    '/epass/:token',
    { schema: { params: tokenParams }, config: { access: 'app-key' } },
    async (request): Promise<EPass> => {
      // Guessing a 192-bit token is hopeless, but a flood of look-ups costs us: each address gets
      // EPASS_LOOKUPS a window, counted in the database as the other public calls are.
      await deps.throttle.limitRequests(`epass-${addressKey(request.ip)}`, EPASS_LOOKUPS);
      return deps.passes.ePass(request.params.token, new Date());
    },
  );

  app.get<{ Querystring: ListQueryParams }>(
    '/visitors/list',
    async (request): Promise<ListAnswer<VisitorRow>> => {
      const list = await app.listQuery(request.query, VISITORS_QUERY);
      const { resource, count } = await deps.visitors.list(principalOf(request), list);
      return listAnswer(resource, count);
    },
  );

  /** One pass with every detail; `related` is accepted (the record always carries them). */
  app.get<{ Params: { uuid: string } }>(
    '/data/visitors/:uuid',
    { schema: { params: uuidParams } },
    async (request): Promise<Visitor> => {
      const visitor = await deps.visitors.find(principalOf(request), {
        uuid: request.params.uuid,
      });
      if (!visitor) throw notFound();
      const { reasons, override } = await watchlistOnPass(
        deps.watchlist,
        deps.visitors,
        visitor.uuid,
      );
      return { ...visitor, watchlist: reasons, watchlist_override: override };
    },
  );

  /** The desk's look-up: the pass a scanned code belongs to, within the caller's scope. */
  app.get<{ Params: { code: string } }>(
    '/visitors/qr/:code',
    { schema: { params: codeParams } },
    async (request): Promise<Visitor> => {
      const visitor = await deps.visitors.find(principalOf(request), {
        qrCode: request.params.code,
      });
      if (!visitor) throw notFound();
      // The desk warns before it confirms: the reasons of the entries the visitor matches, and
      // who let the pass through them.
      const { reasons, override } = await watchlistOnPass(
        deps.watchlist,
        deps.visitors,
        visitor.uuid,
      );
      return { ...visitor, watchlist: reasons, watchlist_override: override };
    },
  );

  /**
   * Checks the visitor in or out. `weekday` is accepted as the spec's console sends it, but the
   * server judges by its own clock.
   */
  app.post<{ Params: { code: string }; Body: { residence_uuid?: string; weekday?: string } }>(
    '/visitors/qr/:code',
    {
      schema: {
        params: codeParams,
        body: {
          type: 'object',
          properties: {
            residence_uuid: { type: 'string', maxLength: 100 },
            weekday: { type: 'string', enum: [...WEEKDAYS] },
          },
        },
      },
    },
    async (request): Promise<VisitorScanAnswer> =>
      scanPass(deps.visitors, principalOf(request), {
        pass: { qrCode: request.params.code },
        residenceUuid: request.body?.residence_uuid,
        now: new Date(),
      }),
  );
}
