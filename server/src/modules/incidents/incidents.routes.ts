import type { FastifyInstance } from 'fastify';
import type { Incident, IncidentCategory } from '@contract/incidents';
import type { ResourceResponse } from '@contract/list';
import { principalOf } from '../../auth/authenticate';
import { uuidParams } from '../../http/schemas';
import { type ListQueryParams, listAnswer, type ListAnswer } from '../../query';
import { INCIDENTS_QUERY } from './incidents.repository';
import type {
  IncidentAddPayload,
  IncidentsService,
  IncidentUpdatePayload,
} from './incidents.service';

const text = (maxLength: number) => ({ type: 'string', maxLength });
const coordinate = { type: ['number', 'string', 'null'] };
const fileList = { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 100 } };

// Types and sizes only: the messages of missing or wrong values come from src/lib/rules, which
// the console's form shares. Unknown properties (a reporter sent by the client among them) are dropped.
const addSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    incident_date: text(40),
    residence_uuid: text(100),
    category_uuid: text(100),
    lat: coordinate,
    lng: coordinate,
    actions_taken: text(5000),
    description: text(5000),
    status: text(20),
    files: fileList,
  },
} as const;

const updateSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { actions_taken: text(5000), status: text(20), files: fileList },
} as const;

export function incidentsRoutes(app: FastifyInstance, deps: { incidents: IncidentsService }): void {
  app.get<{ Querystring: ListQueryParams }>(
    '/incidents/list',
    async (request): Promise<ListAnswer<Incident>> => {
      const list = await app.listQuery(request.query, INCIDENTS_QUERY);
      const { resource, count } = await deps.incidents.list(principalOf(request), list);
      return listAnswer(resource, count);
    },
  );

  app.get(
    '/data/kg_incident_categories',
    async (): Promise<ResourceResponse<IncidentCategory[]>> => ({
      resource: await deps.incidents.categories(),
    }),
  );

  app.post<{ Body: IncidentAddPayload }>(
    '/incidents/add',
    { schema: { body: addSchema } },
    async (request): Promise<ResourceResponse<Incident[]>> => ({
      resource: [await deps.incidents.add(principalOf(request), request.body, new Date())],
    }),
  );

  app.patch<{ Params: { uuid: string }; Body: IncidentUpdatePayload }>(
    '/incidents/:uuid',
    { schema: { params: uuidParams, body: updateSchema } },
    async (request): Promise<ResourceResponse<Incident[]>> => ({
      resource: [
        await deps.incidents.update(
          principalOf(request),
          request.params.uuid,
          request.body,
          new Date(),
        ),
      ],
    }),
  );
}
