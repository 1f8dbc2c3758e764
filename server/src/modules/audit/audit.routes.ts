import type { FastifyInstance } from 'fastify';
import type { AuditEntry } from '@contract/audit';
import { principalOf } from '../../auth/authenticate';
import { type ListQueryParams, listAnswer, type ListAnswer } from '../../query';
import { AUDIT_QUERY, type AuditRepository } from './audit.repository';

/** The audit trail, read-only: GET /audit/list, scoped to the caller. */
export function auditRoutes(app: FastifyInstance, deps: { audit: AuditRepository }): void {
  app.get<{ Querystring: ListQueryParams }>(
    '/audit/list',
    async (request): Promise<ListAnswer<AuditEntry>> => {
      const list = await app.listQuery(request.query, AUDIT_QUERY);
      const { resource, count } = await deps.audit.list(principalOf(request), list);
      return listAnswer(resource, count);
    },
  );
}
