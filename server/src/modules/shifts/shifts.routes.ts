import type { FastifyInstance } from 'fastify';
import type { ResourceResponse } from '@contract/list';
import {
  SHIFT_STATES,
  type NowSite,
  type RosterSettings,
  type Shift,
  type ShiftAssignment,
  type ShiftPattern,
  type ShiftPatternBody,
  type ShiftState,
  type Timesheet,
} from '@contract/shifts';
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
    Querystring: {
      from: string;
      to: string;
      residence_uuid?: string;
      guard_uuid?: string;
      state?: ShiftState;
      overlap?: boolean;
      late?: boolean;
      limit?: number;
      offset?: number;
    };
  }>(
    '/shifts',
    {
      schema: {
        querystring: {
          ...rangeQuery,
          properties: {
            ...rangeQuery.properties,
            state: { type: 'string', enum: [...SHIFT_STATES] },
            // The shifts running during the days, not only those starting on them.
            overlap: { type: 'boolean' },
            // Only those started past their company's grace (the dashboard's Late today).
            late: { type: 'boolean' },
            limit: { type: 'integer', minimum: 1, maximum: 5_000, default: 5_000 },
            offset: { type: 'integer', minimum: 0, default: 0 },
          },
        },
      },
    },
    async (request): Promise<ListAnswer<Shift>> => {
      const query = request.query;
      const { rows, count } = await deps.shifts.list(
        principalOf(request),
        {
          from: query.from,
          to: query.to,
          residenceUuid: query.residence_uuid,
          guardUuid: query.guard_uuid,
          state: query.state,
          overlap: query.overlap,
          startedLate: query.late,
        },
        { limit: query.limit ?? 5_000, offset: query.offset ?? 0 },
      );
      return listAnswer(rows, count);
    },
  );

  /** The Now board: the caller's sites with shifts in progress at this minute. */
  app.get('/shifts/now', async (request): Promise<ResourceResponse<NowSite[]>> => ({
    resource: await deps.shifts.now(principalOf(request), new Date()),
  }));

  /** Planned and worked time per shift and guard, and per site: what a company bills. */
  app.get<{
    Querystring: { from: string; to: string; residence_uuid?: string; guard_uuid?: string };
  }>(
    '/shifts/timesheet',
    { schema: { querystring: rangeQuery } },
    async (request): Promise<Timesheet> =>
      deps.shifts.timesheet(principalOf(request), {
        from: request.query.from,
        to: request.query.to,
        guardUuid: request.query.guard_uuid,
        residenceUuid: request.query.residence_uuid,
      }),
  );

  app.get<{ Params: { uuid: string } }>(
    '/security-companies/:uuid/roster-settings',
    { schema: { params: uuidParams } },
    async (request): Promise<RosterSettings> =>
      deps.shifts.rosterSettings(principalOf(request), request.params.uuid),
  );

  app.patch<{ Params: { uuid: string }; Body: Partial<RosterSettings> }>(
    '/security-companies/:uuid/roster-settings',
    {
      schema: {
        params: uuidParams,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            late_grace_minutes: { type: ['integer', 'string'], maxLength: 6 },
            no_show_minutes: { type: ['integer', 'string'], maxLength: 6 },
            weekly_hours_limit: { type: ['integer', 'string'], maxLength: 6 },
            patrol_completion_percent: { type: ['integer', 'string'], maxLength: 6 },
          },
        },
      },
    },
    async (request): Promise<RosterSettings> =>
      deps.shifts.updateRosterSettings(
        principalOf(request),
        request.params.uuid,
        request.body ?? {},
        new Date(),
      ),
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
      guard_uuid?: string;
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
            // The guard to put on it at once, as PATCH /shifts/{uuid} would.
            guard_uuid: { type: 'string', maxLength: 100 },
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
