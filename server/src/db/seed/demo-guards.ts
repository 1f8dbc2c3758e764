import { toDbTime } from '../time';
import { syncSignInNames } from '../../modules/guard-app/guard-app.repository';
import { localTime } from './calendar';
import type { DemoContext, SeededCompany, SeededGuard, SeededSite } from './demo-context';
import { insertInBatches } from './insert';
import { guardRow } from './rows';

/** Guards per company, in COMPANIES order; every 27th guard is soft-deleted (5 of 135). */
const GUARDS_PER_COMPANY = [68, 46, 21] as const;
const DELETED_GUARD_EVERY = 27;

/** A PIN no other demo guard has, so that a PIN identifies its guard. */
function uniquePin(ctx: DemoContext, usedPins: Set<string>): string {
  let pin: string;
  do pin = String(ctx.random.int(100000, 999999));
  while (usedPins.has(pin));
  usedPins.add(pin);
  return pin;
}

function demoGuardRow(
  ctx: DemoContext,
  number: number,
  companyUuid: string,
  avatars: readonly string[],
  usedPins: Set<string>,
) {
  const { random, now } = ctx;
  const row = guardRow(random, now, {
    uuid: random.uuid(),
    number,
    companyUuid,
    pin: random.chance(0.9) ? uniquePin(ctx, usedPins) : null,
    photo: random.chance(0.9) ? random.pick(avatars) : null,
  });
  if (number % DELETED_GUARD_EVERY === 0) {
    row.deleted_at = toDbTime(localTime(now, random.int(1, 15), random.int(9, 17)));
  }
  return row;
}

/** Guards of each company, each posted to one or two of its company's sites. */
export async function seedGuards(
  ctx: DemoContext,
  companies: readonly SeededCompany[],
  sites: readonly SeededSite[],
  avatars: readonly string[],
): Promise<SeededGuard[]> {
  const usedPins = new Set<string>();
  const guards: SeededGuard[] = [];
  const rows: ReturnType<typeof guardRow>[] = [];
  companies.forEach((company, companyIndex) => {
    const companySites = sites.filter((site) => site.companyUuid === company.uuid);
    for (let i = 0; i < (GUARDS_PER_COMPANY[companyIndex] ?? 0); i++) {
      const row = demoGuardRow(ctx, rows.length + 1, company.uuid, avatars, usedPins);
      rows.push(row);
      guards.push({
        uuid: row.uuid,
        companyUuid: company.uuid,
        siteUuids: ctx.random
          .sample(companySites, ctx.random.chance(0.35) ? 2 : 1)
          .map((site) => site.uuid),
        deleted: row.deleted_at !== null,
      });
    }
  });
  await insertInBatches(ctx.db, 'guards', rows);
  await insertInBatches(
    ctx.db,
    'guard_residences',
    guards.flatMap((guard) =>
      guard.siteUuids.map((residence_uuid) => ({ guard_uuid: guard.uuid, residence_uuid })),
    ),
  );
  return guards;
}

/** The demo's guard in the guard app and at kiosks: the first company's first guard at a site taking everything. */
export const DEMO_GUARD_EMAIL = 'guard@example.com';
export const DEMO_GUARD_PIN = '135790';

/**
 * Gives the demo guard app access: a fixed email, PIN and the demo password, so the guard app
 * and the kiosk can be tried on the demo at once. Answers the guard's uuid.
 */
export async function seedGuardAppAccount(
  ctx: DemoContext,
  guards: readonly SeededGuard[],
  sites: readonly SeededSite[],
  passwordHash: string,
): Promise<string> {
  const everything = new Set(
    sites.filter((site) => site.attendance && site.visitors && site.reporting).map((s) => s.uuid),
  );
  const guard = guards.find(
    (candidate) => !candidate.deleted && candidate.siteUuids.some((uuid) => everything.has(uuid)),
  );
  if (!guard) throw new Error('The demo has no guard at a site with every feature.');
  const pinTaken = await ctx.db
    .selectFrom('guards')
    .select('uuid')
    .where('pin', '=', DEMO_GUARD_PIN)
    .executeTakeFirst();
  if (pinTaken) throw new Error(`Another demo guard has the PIN ${DEMO_GUARD_PIN}.`);
  await ctx.db
    .updateTable('guards')
    .set({ email: DEMO_GUARD_EMAIL, pin: DEMO_GUARD_PIN, is_active: 1 })
    .where('uuid', '=', guard.uuid)
    .execute();
  await ctx.db
    .insertInto('guard_credentials')
    .values({ guard_uuid: guard.uuid, password_hash: passwordHash })
    .execute();
  await syncSignInNames(ctx.db, guard.uuid);
  return guard.uuid;
}
