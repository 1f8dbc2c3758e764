import { diskStorage } from '../../storage/file-storage';
import { hashPassword } from '../../auth/password';
import { createFilesRepository } from '../../modules/files/files.repository';
import type { DB } from '../database';
import type { RoleType } from '../schema';
import { seedAttendance } from './demo-attendance';
import { COMPANY_EMAIL, SUPERADMIN_EMAIL, SUPERVISOR_EMAIL } from './demo-catalogue';
import type { DemoContext } from './demo-context';
import { seedIncidents } from './demo-incidents';
import { seedCheckpoints } from './demo-checkpoints';
import { seedRoster } from './demo-roster';
import { saveImagePools, seedCompanies, seedSites } from './demo-organisation';
import { seedGuardAppAccount, seedGuards } from './demo-guards';
import { seedAccounts } from './demo-people';
import { seedVisitors } from './demo-visitors';
import { createRandom } from './random';

export const DEMO_PASSWORD = 'Demo@12345';

export const DEMO_ACCOUNTS: readonly { email: string; role: RoleType }[] = [
  { email: SUPERADMIN_EMAIL, role: 'superadmin' },
  { email: COMPANY_EMAIL, role: 'securitycompany' },
  { email: SUPERVISOR_EMAIL, role: 'sitesupervisor' },
];

/** Any fixed number: it makes every demo database hold the same people, sites and events. */
const DEMO_SEED = 20261122;

async function hasUsers(db: DB): Promise<boolean> {
  const row = await db.selectFrom('user_profiles').select('uuid').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Fills an empty database with a demo: three companies, twelve KL sites, their logins, guards,
 * two months of attendance, this week's roster, visitor passes and incidents, with dates relative
 * to `now`.
 * Does nothing and returns false once any user exists, so it is safe to call at every start.
 * Picture files are written to `dataDir`; if the seed fails they stay there unreferenced.
 */
export async function seedDemoData(
  db: DB,
  options: { dataDir: string; now?: Date },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (await hasUsers(trx)) return false;
    const ctx: DemoContext = {
      db: trx,
      random: createRandom(DEMO_SEED),
      now: options.now ?? new Date(),
    };
    // One hash for every account: scrypt is deliberately slow, and the accounts share the password.
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const images = await saveImagePools(
      createFilesRepository(trx, diskStorage(options.dataDir)),
      ctx.random,
    );
    const companies = await seedCompanies(ctx);
    const sites = await seedSites(ctx, companies, images.covers);
    const staff = await seedAccounts(ctx, {
      passwordHash,
      companies,
      sites,
      avatars: images.avatars,
    });
    const guards = await seedGuards(ctx, companies, sites, images.avatars);
    await seedGuardAppAccount(ctx, guards, sites, passwordHash);
    await seedAttendance(ctx, guards, sites, images.selfies);
    await seedRoster(ctx, sites, images.selfies);
    await seedVisitors(ctx, sites, staff, images.selfies);
    await seedIncidents(ctx, { sites, guards, staff, photos: images.incidentPhotos });
    await seedCheckpoints(ctx, sites);
    return true;
  });
}
