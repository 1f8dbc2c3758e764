import type { FastifyInstance } from 'fastify';
import type { ResourceResponse } from '@contract/list';
import type { WatchlistEntry } from '@contract/watchlist';
import { principalOf } from '../../auth/authenticate';
import { uuidParams } from '../../http/schemas';
import { type ListQueryParams, listAnswer, type ListAnswer } from '../../query';
import { WATCHLIST_QUERY } from './watchlist.repository';
import type { WatchlistPayload, WatchlistService } from './watchlist.service';

const text = (maxLength: number) => ({ type: ['string', 'null'], maxLength });

// Types and sizes only: the messages come from src/lib/rules/watchlist.ts, shared with the form.
const payloadSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    security_company_uuid: text(100),
    residence_uuid: text(100),
    name: text(200),
    ic_passport_number: text(50),
    car_plate_number: text(30),
    phone_number: text(30),
    reason: text(1000),
  },
} as const;

export function watchlistRoutes(app: FastifyInstance, deps: { watchlist: WatchlistService }): void {
  const { watchlist } = deps;

  app.get<{ Querystring: ListQueryParams }>(
    '/watchlist/list',
    async (request): Promise<ListAnswer<WatchlistEntry>> => {
      const principal = principalOf(request);
      const list = await app.listQuery(request.query, WATCHLIST_QUERY);
      const { resource, count } = await watchlist.list(principal, list);
      return listAnswer(resource, count);
    },
  );

  app.post<{ Body: WatchlistPayload }>(
    '/watchlist/add',
    { schema: { body: payloadSchema } },
    async (request): Promise<ResourceResponse<WatchlistEntry[]>> => ({
      resource: [await watchlist.add(principalOf(request), request.body ?? {}, new Date())],
    }),
  );

  app.patch<{ Params: { uuid: string }; Body: WatchlistPayload }>(
    '/watchlist/:uuid',
    { schema: { params: uuidParams, body: payloadSchema } },
    async (request): Promise<ResourceResponse<WatchlistEntry[]>> => ({
      resource: [
        await watchlist.update(
          principalOf(request),
          request.params.uuid,
          request.body ?? {},
          new Date(),
        ),
      ],
    }),
  );

  app.delete<{ Params: { uuid: string } }>(
    '/watchlist/:uuid',
    { schema: { params: uuidParams } },
    async (request): Promise<ResourceResponse<Array<{ uuid: string }>>> => {
      await watchlist.remove(principalOf(request), request.params.uuid, new Date());
      return { resource: [{ uuid: request.params.uuid }] };
    },
  );
}
