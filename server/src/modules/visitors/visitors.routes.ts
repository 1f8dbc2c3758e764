import type { FastifyInstance } from 'fastify';
import type { Visitor, VisitorRow, VisitorScanAnswer } from '@contract/visitors';
import { WEEKDAYS } from '@rules/visitor-pass';
import { principalOf } from '../../auth/authenticate';
import { notFound } from '../../http/errors';
import { uuidParams } from '../../http/schemas';
import { parseListQuery, type ListQueryParams, listAnswer, type ListAnswer } from '../../query';
import { VISITORS_QUERY, type VisitorsRepository } from './visitors.repository';
import { scanPass } from './visitors.service';

const codeParams = {
  type: 'object',
  required: ['code'],
  properties: { code: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

export function visitorsRoutes(app: FastifyInstance, deps: { visitors: VisitorsRepository }): void {
  app.get<{ Querystring: ListQueryParams }>(
    '/visitors/list',
    async (request): Promise<ListAnswer<VisitorRow>> => {
      const list = parseListQuery(request.query, VISITORS_QUERY, { engine: app.engine });
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
      return visitor;
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
      return visitor;
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
