/**
 * The dashboard figures worked out again in plain SQL, apart from the server's Kysely code,
 * so server tests and browser tests can check what the product shows against the database.
 */
export type RunCount = (text: string, params: unknown[]) => Promise<number>;

export interface Scope {
  role: 'superadmin' | 'securitycompany' | 'sitesupervisor';
  companyUuid: string | null;
  siteUuids: string[];
}

// A shift open longer than a shift lasts (16 hours) was abandoned: its guard is not on duty.
const ON_DUTY_HOURS = 16;

function utcText(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

function siteCondition(scope: Scope, column: string): [string, unknown[]] {
  const [inScope, params] = scopedSiteCondition(scope, column);
  return [
    `${inScope} and ${column} in (select uuid from residences where deleted_at is null)`,
    params,
  ];
}

function scopedSiteCondition(scope: Scope, column: string): [string, unknown[]] {
  if (scope.role === 'superadmin') return ['1=1', []];
  if (scope.role === 'securitycompany') {
    return [
      `${column} in (select uuid from residences where security_company_uuid = ?)`,
      [scope.companyUuid],
    ];
  }
  if (scope.siteUuids.length === 0) return ['1=0', []];
  return [`${column} in (${scope.siteUuids.map(() => '?').join(',')})`, scope.siteUuids];
}

function guardCondition(scope: Scope): [string, unknown[]] {
  if (scope.role === 'superadmin') return ['1=1', []];
  if (scope.role === 'securitycompany') return ['g.security_company_uuid = ?', [scope.companyUuid]];
  const [sites, params] = siteCondition(scope, 'gr.residence_uuid');
  return [
    `exists (select 1 from guard_residences gr where gr.guard_uuid = g.uuid and ${sites})`,
    params,
  ];
}

function companyCondition(scope: Scope, column: string): [string, unknown[]] {
  return scope.role === 'superadmin' ? ['1=1', []] : [`${column} = ?`, [scope.companyUuid]];
}

export async function expectedFigures(run: RunCount, scope: Scope, now = new Date()) {
  const dayStart = utcText(new Date(now.getFullYear(), now.getMonth(), now.getDate()));
  const dayEnd = utcText(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1));
  const pad = (n: number) => String(n).padStart(2, '0');
  const localDate = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const onDutySince = utcText(new Date(now.getTime() - ON_DUTY_HOURS * 3_600_000));

  const [incSites, incParams] = siteCondition(scope, 'residence_uuid');
  const [resSites, resParams] = siteCondition(scope, 'uuid');
  const [attSites, attParams] = siteCondition(scope, 'a.residence_uuid');
  const [guards, guardParams] = guardCondition(scope);
  const [companies, companyParams] = companyCondition(scope, 'uuid');
  const [supervisors, supervisorParams] = companyCondition(scope, 'security_company_uuid');
  const [shiftSites, shiftParams] = siteCondition(scope, 's.residence_uuid');
  const nowText = utcText(now);

  return {
    activeSiteCount: await run(
      `select count(*) as n from residences where deleted_at is null and ${resSites}`,
      resParams,
    ),
    incidentToday: await run(
      `select count(*) as n from incidents where deleted_at is null and created_at >= ? and created_at < ? and ${incSites}`,
      [dayStart, dayEnd, ...incParams],
    ),
    allIncidents: await run(
      `select count(*) as n from incidents where deleted_at is null and ${incSites}`,
      incParams,
    ),
    upcomingVisitors: await run(
      `select count(*) as n from visitors where deleted_at is null and status = 'VALID' and latest_scan_type is null and date >= ? and ${incSites}`,
      [localDate, ...incParams],
    ),
    checkedinVisitors: await run(
      `select count(*) as n from visitors where deleted_at is null and latest_scan_type = 'IN' and ${incSites}`,
      incParams,
    ),
    overstayVisitors: await run(
      `select count(*) as n from visitors where deleted_at is null and latest_scan_type = 'IN' and due_out_at < ? and ${incSites}`,
      [utcText(now), ...incParams],
    ),
    onDutyGuard: await run(
      `select count(distinct a.guard_uuid) as n from attendances a join guards g on g.uuid = a.guard_uuid
       where g.deleted_at is null and a.checkin_at is not null and a.checkout_at is null and a.checkin_at >= ?
       and ${guards} and ${attSites}`,
      [onDutySince, ...guardParams, ...attParams],
    ),
    totalGuard: await run(
      `select count(*) as n from guards g where g.deleted_at is null and ${guards}`,
      guardParams,
    ),
    // Rosters (issue 36): no-shows among the shifts that ran today (a night begun yesterday too);
    // their starts past the company's grace (10 by default), whatever became of them; places in
    // progress now with no guard on duty.
    missedToday: await run(
      `select count(*) as n from shifts s where s.state = 'no_show' and s.starts_at < ? and s.ends_at > ? and ${shiftSites}`,
      [dayEnd, dayStart, ...shiftParams],
    ),
    lateToday: await run(
      `select count(*) as n from shifts s join residences r on r.uuid = s.residence_uuid
       left join security_companies c on c.uuid = r.security_company_uuid
       where s.starts_at < ? and s.ends_at > ? and s.state in ('late', 'completed', 'left_early')
       and s.late_minutes > coalesce(c.late_grace_minutes, 10) and ${shiftSites}`,
      [dayEnd, dayStart, ...shiftParams],
    ),
    uncoveredNow: await run(
      `select count(*) as n from shifts s where s.starts_at <= ? and s.ends_at > ? and s.cancelled_at is null
       and (s.started_at is null or s.ended_at is not null) and ${shiftSites}`,
      [nowText, nowText, ...shiftParams],
    ),
    activeSupservisor: await run(
      `select count(*) as n from site_supervisors where deleted_at is null and is_active = 1 and ${supervisors}`,
      supervisorParams,
    ),
    inActiveSupservisor: await run(
      `select count(*) as n from site_supervisors where deleted_at is null and is_active = 0 and ${supervisors}`,
      supervisorParams,
    ),
    activeSecurityCompany: await run(
      `select count(*) as n from security_companies where deleted_at is null and is_active = 1 and ${companies}`,
      companyParams,
    ),
    inActiveSecurityCompany: await run(
      `select count(*) as n from security_companies where deleted_at is null and is_active = 0 and ${companies}`,
      companyParams,
    ),
  };
}

/** The scope of a demo login, read from the database as the oracle sees it. */
export async function scopeOf(
  all: (text: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>,
  email: string,
): Promise<Scope> {
  const [role] = await all(
    `select r.type, r.security_company_uuid from user_roles r join user_profiles p on p.uuid = r.user_profile_uuid where p.email = ?`,
    [email],
  );
  if (!role) throw new Error(`No role for ${email}`);
  const sites = await all(
    `select sr.residence_uuid from site_supervisor_residences sr join site_supervisors s on s.uuid = sr.supervisor_uuid
     join user_profiles p on p.uuid = s.kg_user_profile_uuid where p.email = ?`,
    [email],
  );
  return {
    role: role.type as Scope['role'],
    companyUuid: (role.security_company_uuid as string | null) ?? null,
    siteUuids: sites.map((s) => String(s.residence_uuid)),
  };
}
