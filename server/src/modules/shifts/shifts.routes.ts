import type { FastifyInstance } from 'fastify';
import type { ResourceResponse } from '@contract/list';
import type { Shift, ShiftAssignment, ShiftPattern, ShiftPatternBody } from '@contract/shifts';
import { MAX_HEADCOUNT } from '@rules/shifts';
import { principalOf } from '../../auth/authenticate';
import { uuidParams } from '../../http/schemas';
import { listAnswer, type ListAnswer } from '../../query';
import type { ShiftsService } from './shifts.service';

// Types and sizes only: the messages come from src/lib/rules/shifts.ts, shared with the forms.
const patternBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    residence_uuid: { type: 'string', maxLength: 100 },
    name: { type: 'string', maxLength: 100 },
    start_time: { type: 'string', maxLength: 10 },
    end_time: { type: 'string', maxLength: 10 },
    headcount: { type: ['integer', 'string'], maxLength: 4, maximum: MAX_HEADCOUNT * 100 },
    weekdays: { type: 'array', maxItems: 7, items: { type: 'integer' } },
  },
} as const;

const rangeQuery = {
  type: 'object',
  required: ['from', 'to'],
  properties: {
    from: { type: 'string', maxLength: 10 },
    to: { type: 'string', maxLength: 10 },
    residence_uuid: { type: 'string', maxLength: 100 },
    guard_uuid: { type: 'string', maxLength: 100 },
  },
} as const;

/** Rosters: a site's shift patterns, its dated shifts, and their guards. */
export function shiftsRoutes(app: FastifyInstance, deps: { shifts: ShiftsService }): void {
  app.get<{ Querystring: { residence_uuid: string } }>(
    '/shift-patterns',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['residence_uuid'],
          properties: { residence_uuid: { type: 'string', maxLength: 100 } },
        },
      },
    },
    async (request): Promise<ListAnswer<ShiftPattern>> => {
      const resource = await deps.shifts.patterns(
        principalOf(request),
        request.query.residence_uuid,
      );
      return listAnswer(resource, resource.length);
    },
  );

  app.post<{ Body: Partial<ShiftPatternBody> }>(
    '/shift-patterns',
    { schema: { body: patternBody } },
    async (request): Promise<ResourceResponse<ShiftPattern[]>> => ({
      resource: [await deps.shifts.addPattern(principalOf(request), request.body ?? {})],
    }),
  );

  app.patch<{ Params: { uuid: string }; Body: Partial<ShiftPatternBody> }>(
    '/shift-patterns/:uuid',
    { schema: { params: uuidParams, body: patternBody } },
    async (request): Promise<ResourceResponse<ShiftPattern[]>> => ({
      resource: [
        await deps.shifts.updatePattern(
          principalOf(request),
          request.params.uuid,
          request.body ?? {},
          new Date(),
        ),
      ],
    }),
  );

  app.delete<{ Params: { uuid: string } }>(
    '/shift-patterns/:uuid',
    { schema: { params: uuidParams } },
    async (request) => {
      await deps.shifts.removePattern(principalOf(request), request.params.uuid, new Date());
      return { resource: [{ uuid: request.params.uuid }] };
    },
  );

  /** Makes a site's shifts from its patterns for a range of days; answers how many were made. */
  app.post<{ Body: { residence_uuid: string; from: string; to: string } }>(
    '/shifts/generate',
    {
      schema: {
        body: {
          type: 'object',
          required: ['residence_uuid', 'from', 'to'],
          additionalProperties: false,
          properties: rangeQuery.properties,
        },
      },
    },
    async (request) => ({
      made: await deps.shifts.generate(principalOf(request), request.body, new Date()),
    }),
  );

  app.get<{
    Querystring: { from: string; to: string; residence_uuid?: string; guard_uuid?: string };
  }>(
    '/shifts',
    { schema: { querystring: rangeQuery } },
    async (request): Promise<ListAnswer<Shift>> => {
      const { from, to, residence_uuid: residenceUuid, guard_uuid: guardUuid } = request.query;
      const resource = await deps.shifts.list(principalOf(request), {
        from,
        to,
        residenceUuid,
        guardUuid,
      });
      return listAnswer(resource, resource.length);
    },
  );

  /** Puts a guard on the shift (`guard_uuid`), or takes the guard off (null). */
  app.patch<{ Params: { uuid: string }; Body: { guard_uuid: string | null } }>(
    '/shifts/:uuid',
    {
      schema: {
        params: uuidParams,
        body: {
          type: 'object',
          required: ['guard_uuid'],
          additionalProperties: false,
          properties: { guard_uuid: { type: ['string', 'null'], maxLength: 100 } },
        },
      },
    },
    async (request): Promise<ShiftAssignment> =>
      deps.shifts.assign(
        principalOf(request),
        request.params.uuid,
        request.body.guard_uuid,
        new Date(),
      ),
  );

  /** A one-off shift: one guard's place at a site on one day. */
  app.post<{
    Body: {
      residence_uuid: string;
      name: string;
      date: string;
      start_time: string;
      end_time: string;
    };
  }>(
    '/shifts',
    {
      schema: {
        body: {
          type: 'object',
          required: ['residence_uuid', 'name', 'date', 'start_time', 'end_time'],
          additionalProperties: false,
          properties: {
            residence_uuid: { type: 'string', maxLength: 100 },
            name: { type: 'string', maxLength: 100 },
            date: { type: 'string', maxLength: 10 },
            start_time: { type: 'string', maxLength: 10 },
            end_time: { type: 'string', maxLength: 10 },
          },
        },
      },
    },
    async (request): Promise<ResourceResponse<Shift[]>> => ({
      resource: [await deps.shifts.addOneOff(principalOf(request), request.body, new Date())],
    }),
  );

  /** Exchanges the guards of two shifts, together. */
  app.post<{ Body: { shift_uuids: [string, string] } }>(
    '/shifts/swap',
    {
      schema: {
        body: {
          type: 'object',
          required: ['shift_uuids'],
          additionalProperties: false,
          properties: {
            shift_uuids: {
              type: 'array',
              minItems: 2,
              maxItems: 2,
              items: { type: 'string', maxLength: 100 },
            },
          },
        },
      },
    },
    async (request): Promise<ResourceResponse<Shift[]>> => {
      const [a, b] = request.body.shift_uuids;
      return { resource: await deps.shifts.swap(principalOf(request), a, b, new Date()) };
    },
  );

  app.post<{ Params: { uuid: string } }>(
    '/shifts/:uuid/cancel',
    { schema: { params: uuidParams } },
    async (request): Promise<ResourceResponse<Shift[]>> => ({
      resource: [await deps.shifts.cancel(principalOf(request), request.params.uuid, new Date())],
    }),
  );
}
