import type { FastifyInstance } from 'fastify';
import type { ResourceResponse } from '@contract/list';
import type {
  Alert,
  AlertPreference,
  AlertPreferenceBody,
  ReadAlertsBody,
  UnreadAlerts,
} from '@contract/alerts';
import { principalOf } from '../../auth/authenticate';
import { uuidParams } from '../../http/schemas';
import { listAnswer, type ListAnswer } from '../../query';
import type { AlertsService } from './alerts.service';

/** The bell: the caller's alerts, read per user, and its choices of them per site. */
export function alertsRoutes(app: FastifyInstance, deps: { alerts: AlertsService }): void {
  app.get<{ Querystring: { limit: number; offset: number; unread?: string } }>(
    '/alerts',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: 200, default: 20 },
            offset: { type: 'integer', minimum: 0, default: 0 },
            unread: { type: 'string', enum: ['0', '1', 'true', 'false'] },
          },
        },
      },
    },
    async (request): Promise<ListAnswer<Alert>> => {
      const { limit, offset, unread } = request.query;
      const page = await deps.alerts.list(principalOf(request), {
        limit,
        offset,
        unread: unread === '1' || unread === 'true',
      });
      return listAnswer(page.resource, page.count);
    },
  );

  // SOS (issue 38): those open in the caller's scope, for the console's banner, and acknowledging.
  app.get('/alerts/sos', async (request): Promise<ResourceResponse<Alert[]>> => ({
    resource: await deps.alerts.openSos(principalOf(request)),
  }));

  app.post<{ Params: { uuid: string } }>(
    '/alerts/:uuid/acknowledge',
    { schema: { params: uuidParams } },
    async (request) => {
      await deps.alerts.acknowledge(principalOf(request), request.params.uuid, new Date());
      return { acknowledged: true };
    },
  );

  app.get('/alerts/unread', async (request): Promise<UnreadAlerts> => ({
    count: await deps.alerts.unreadCount(principalOf(request)),
  }));

  app.post<{ Body: ReadAlertsBody }>(
    '/alerts/read',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            uuids: { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 100 } },
            all: { type: 'boolean' },
          },
        },
      },
    },
    async (request) => ({
      marked: await deps.alerts.markRead(principalOf(request), request.body ?? {}),
    }),
  );

  app.get('/alert-preferences', async (request): Promise<ResourceResponse<AlertPreference[]>> => ({
    resource: await deps.alerts.preferences(principalOf(request)),
  }));

  app.put<{ Params: { residence_uuid: string }; Body: Partial<AlertPreferenceBody> }>(
    '/alert-preferences/:residence_uuid',
    {
      schema: {
        params: {
          type: 'object',
          required: ['residence_uuid'],
          properties: { residence_uuid: { type: 'string', minLength: 1, maxLength: 100 } },
        },
        // Types are checked by the service, so that each field gets its own message.
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { late: {}, no_show: {}, email: {} },
        },
      },
    },
    async (request): Promise<AlertPreference> =>
      deps.alerts.setPreference(
        principalOf(request),
        request.params.residence_uuid,
        request.body ?? {},
      ),
  );
}
