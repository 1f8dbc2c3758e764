import type { DB } from '../db/database';
import { toDbTime } from '../db/time';

/**
 * Takes a job's lease until `now + leaseMs` when no process holds it: true for the one process
 * that got it. A conditional update decides, so two processes asking at once cannot both win.
 */
export async function claimJob(db: DB, name: string, now: Date, leaseMs: number): Promise<boolean> {
  await db
    .insertInto('job_leases')
    .values({ name, held_until: toDbTime(new Date(0)) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const taken = await db
    .updateTable('job_leases')
    .set({ held_until: toDbTime(new Date(now.getTime() + leaseMs)) })
    .where('name', '=', name)
    .where('held_until', '<=', toDbTime(now))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}
