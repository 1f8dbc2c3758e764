import type { FastifyInstance } from 'fastify';
import type { BackupStatus } from '@contract/backups';
import { principalOf } from '../../auth/authenticate';
import { forbidden } from '../../http/errors';
import type { BackupsRepository } from './backups.repository';

export function backupsRoutes(
  app: FastifyInstance,
  deps: { backups: BackupsRepository; everyHours: number },
): void {
  // Backups are the platform's, not a company's: the superadmin's alone.
  app.get('/backups/latest', async (request): Promise<{ resource: BackupStatus }> => {
    if (principalOf(request).role !== 'superadmin') throw forbidden();
    return { resource: await deps.backups.status(deps.everyHours, new Date()) };
  });
}
