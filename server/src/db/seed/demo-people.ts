import type { RoleType } from '../schema';
import { toDbTime } from '../time';
import { localTime } from './calendar';
import { SUPERADMIN_EMAIL, SUPERVISOR_EMAIL } from './demo-catalogue';
import type { DemoContext, SeededCompany, SeededSite } from './demo-context';
import { phoneNumber, randomPerson, streetAddress } from './malaysia';
import type { StaffByCompany } from './rows';

interface Account {
  uuid: string;
  name: string;
  email: string;
  role: RoleType;
  companyUuid: string | null;
  active: boolean;
  phone: string;
  address: string;
  icPassportNumber: string;
  photo: string | null;
}

/** The supervisors besides supervisor@example.com: index into COMPANIES and whether active. */
const OTHER_SUPERVISORS = [
  { company: 0, active: true },
  { company: 0, active: false },
  { company: 0, active: true },
  { company: 1, active: true },
  { company: 1, active: false },
  { company: 2, active: true },
] as const;

/** Writes the profile, its password identity and its single role. */
async function insertAccounts(
  ctx: DemoContext,
  passwordHash: string,
  accounts: readonly Account[],
): Promise<void> {
  const createdAt = toDbTime(localTime(ctx.now, 365, 9));
  await ctx.db
    .insertInto('user_profiles')
    .values(
      accounts.map((account) => ({
        uuid: account.uuid,
        name: account.name,
        email: account.email,
        phone: account.phone,
        address: account.address,
        ic_passport_number: account.icPassportNumber,
        photo_file_uuid: account.photo,
        is_active: account.active ? 1 : 0,
        created_at: createdAt,
        updated_at: createdAt,
        deleted_at: null,
      })),
    )
    .execute();
  await ctx.db
    .insertInto('identities')
    .values(
      accounts.map((account) => ({
        uuid: ctx.random.uuid(),
        user_profile_uuid: account.uuid,
        type: 'userpass',
        identifier: account.email,
        challenge_hash: passwordHash,
        created_at: createdAt,
        updated_at: createdAt,
      })),
    )
    .execute();
  await ctx.db
    .insertInto('user_roles')
    .values(
      accounts.map((account) => ({
        uuid: ctx.random.uuid(),
        user_profile_uuid: account.uuid,
        type: account.role,
        security_company_uuid: account.companyUuid,
        created_at: createdAt,
      })),
    )
    .execute();
}

function companyLogins(companies: readonly SeededCompany[]): Account[] {
  return companies.map((company) => ({
    uuid: company.loginUuid,
    name: company.loginName,
    email: company.loginEmail,
    role: 'securitycompany',
    companyUuid: company.uuid,
    active: true,
    phone: '',
    address: '',
    icPassportNumber: '',
    photo: null,
  }));
}

interface SupervisorPlan {
  uuid: string;
  account: Account;
  companyUuid: string;
  siteUuids: string[];
}

function supervisorAccount(
  ctx: DemoContext,
  avatars: readonly string[],
  fields: { name: string; email: string; companyUuid: string; active: boolean; ic: string },
): Account {
  return {
    uuid: ctx.random.uuid(),
    name: fields.name,
    email: fields.email,
    role: 'sitesupervisor',
    companyUuid: fields.companyUuid,
    active: fields.active,
    phone: phoneNumber(ctx.random),
    address: streetAddress(ctx.random),
    icPassportNumber: fields.ic,
    photo: ctx.random.pick(avatars),
  };
}

/** supervisor@example.com watches exactly two of company 1's sites that take attendance. */
function planSupervisors(
  ctx: DemoContext,
  companies: readonly SeededCompany[],
  sites: readonly SeededSite[],
  avatars: readonly string[],
): SupervisorPlan[] {
  const { random, now } = ctx;
  const [first] = companies;
  if (!first) throw new Error('The demo needs a company before its supervisors.');
  const sitesOf = (companyUuid: string) => sites.filter((site) => site.companyUuid === companyUuid);
  const main: SupervisorPlan = {
    uuid: random.uuid(),
    account: supervisorAccount(ctx, avatars, {
      name: 'Suraya Supervisor',
      email: SUPERVISOR_EMAIL,
      companyUuid: first.uuid,
      active: true,
      ic: randomPerson(random, now).icPassportNumber,
    }),
    companyUuid: first.uuid,
    siteUuids: sitesOf(first.uuid)
      .filter((site) => site.attendance)
      .slice(0, 2)
      .map((site) => site.uuid),
  };
  const usedEmails = new Set<string>();
  const others = OTHER_SUPERVISORS.map(({ company: index, active }) => {
    const company = companies[index] ?? first;
    const person = randomPerson(random, now);
    let email = `${person.handle}@${company.domain}.example.com`;
    // Sign-in identifiers are unique; two generated people can share a name.
    if (usedEmails.has(email)) email = email.replace('@', `${usedEmails.size}@`);
    usedEmails.add(email);
    return {
      uuid: random.uuid(),
      account: supervisorAccount(ctx, avatars, {
        name: person.name,
        email,
        companyUuid: company.uuid,
        active,
        ic: person.icPassportNumber,
      }),
      companyUuid: company.uuid,
      siteUuids: random.sample(sitesOf(company.uuid), random.int(1, 3)).map((site) => site.uuid),
    };
  });
  return [main, ...others];
}

async function insertSupervisors(ctx: DemoContext, plans: readonly SupervisorPlan[]) {
  const rows = plans.map((plan, i) => {
    const createdAt = toDbTime(localTime(ctx.now, ctx.random.int(30, 300), ctx.random.int(9, 17)));
    return {
      uuid: plan.uuid,
      kg_user_profile_uuid: plan.account.uuid,
      security_company_uuid: plan.companyUuid,
      staff_id: `SS-${String(i + 1).padStart(4, '0')}`,
      is_active: plan.account.active ? 1 : 0,
      created_at: createdAt,
      updated_at: createdAt,
      deleted_at: null,
    };
  });
  await ctx.db.insertInto('site_supervisors').values(rows).execute();
  await ctx.db
    .insertInto('site_supervisor_residences')
    .values(
      plans.flatMap((plan) =>
        plan.siteUuids.map((residence_uuid) => ({ supervisor_uuid: plan.uuid, residence_uuid })),
      ),
    )
    .execute();
}

/**
 * The superadmin, one login per company and the site supervisors, all with the demo password.
 * Returns who at each company can create visitor passes and report incidents.
 */
export async function seedAccounts(
  ctx: DemoContext,
  options: {
    passwordHash: string;
    companies: readonly SeededCompany[];
    sites: readonly SeededSite[];
    avatars: readonly string[];
  },
): Promise<StaffByCompany> {
  const superadmin: Account = {
    uuid: ctx.random.uuid(),
    name: 'Sofia Superadmin',
    email: SUPERADMIN_EMAIL,
    role: 'superadmin',
    companyUuid: null,
    active: true,
    phone: phoneNumber(ctx.random),
    address: '',
    icPassportNumber: '',
    photo: ctx.random.pick(options.avatars),
  };
  const logins = companyLogins(options.companies);
  const supervisors = planSupervisors(ctx, options.companies, options.sites, options.avatars);
  await insertAccounts(ctx, options.passwordHash, [
    superadmin,
    ...logins,
    ...supervisors.map((plan) => plan.account),
  ]);
  await insertSupervisors(ctx, supervisors);

  const staff = new Map<string, string[]>();
  for (const account of [...logins, ...supervisors.map((plan) => plan.account)]) {
    if (!account.companyUuid || !account.active) continue;
    staff.set(account.companyUuid, [...(staff.get(account.companyUuid) ?? []), account.uuid]);
  }
  return staff;
}
