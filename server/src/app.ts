import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import {
  readListQuery,
  type ListQueryParams,
  type ParsedListQuery,
  type ResourceQuerySpec,
} from './query';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { createAccountsRepository } from './auth/accounts.repository';
import { diskStorage } from './storage/file-storage';
import { engineOf, type Engine } from './db/engine';
import { registerAuthentication } from './auth/authenticate';
import { createSessionsRepository } from './auth/sessions';
import { createPasswordGate, type PasswordGateOptions } from './auth/password-gate';
import { createPasswordThrottle } from './auth/password-throttle';
import { createVerificationStore } from './auth/verification';
import type { ServerConfig } from './config';
import type { DB } from './db/database';
import { registerConsoleFiles } from './http/console-files';
import { notFound, registerErrorHandling } from './http/errors';
import { registerSecurityHeaders } from './http/security-headers';
import { createUploadMemory, registerMultipart, uploadSpoolDir } from './http/uploads';
import { adminRoutes } from './modules/admin/admin.routes';
import { createAttendancesRepository } from './modules/attendances/attendances.repository';
import { attendancesRoutes } from './modules/attendances/attendances.routes';
import { createDashboardRepository } from './modules/dashboard/dashboard.repository';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createFilesRepository } from './modules/files/files.repository';
import { filesRoutes } from './modules/files/files.routes';
import { createGuardsRepository } from './modules/guards/guards.repository';
import { guardsRoutes } from './modules/guards/guards.routes';
import { createGuardsService } from './modules/guards/guards.service';
import { createSecurityCompaniesRepository } from './modules/security-companies/security-companies.repository';
import { securityCompaniesRoutes } from './modules/security-companies/security-companies.routes';
import { createSecurityCompaniesService } from './modules/security-companies/security-companies.service';
import { sessionRoutes } from './modules/session/session.routes';
import { createSitesRepository } from './modules/sites/sites.repository';
import { sitesRoutes } from './modules/sites/sites.routes';
import { createSitesService } from './modules/sites/sites.service';
import { createIncidentsRepository } from './modules/incidents/incidents.repository';
import { incidentsRoutes } from './modules/incidents/incidents.routes';
import { createIncidentsService } from './modules/incidents/incidents.service';
import { createIdentityRepository } from './modules/identity/identity.repository';
import { identityRoutes } from './modules/identity/identity.routes';
import { createIdentityService } from './modules/identity/identity.service';
import { createMailer } from './mail/mailer';
import { createLoginsRepository } from './modules/logins/logins.repository';
import { loginsRoutes } from './modules/logins/logins.routes';
import { createLoginsService } from './modules/logins/logins.service';
import { createSiteSupervisorsRepository } from './modules/site-supervisors/site-supervisors.repository';
import { siteSupervisorsRoutes } from './modules/site-supervisors/site-supervisors.routes';
import { createSiteSupervisorsService } from './modules/site-supervisors/site-supervisors.service';
import { createVisitorsRepository } from './modules/visitors/visitors.repository';
import { createVisitorsService } from './modules/visitors/visitors.service';
import { createPassIssuingService } from './modules/visitors/pass-issuing.service';
import { createAttendancesService } from './modules/attendances/attendances.service';
import { registerGuardDoorAuthentication } from './modules/guard-app/guard-app.auth';
import { createGuardAppRepository } from './modules/guard-app/guard-app.repository';
import {
  guardAppLegacyRoutes,
  guardAppRoutes,
  LEGACY_APP_PREFIXES,
} from './modules/guard-app/guard-app.routes';
import { createGuardAppService } from './modules/guard-app/guard-app.service';
import { createSignInNames } from './modules/guard-app/sign-in-names';
import { serverKey } from './auth/server-keys';
import { failureBody } from './modules/guard-app/guard-app.shapes';
import { createKiosksRepository } from './modules/kiosks/kiosks.repository';
import { kiosksRoutes } from './modules/kiosks/kiosks.routes';
import { createBackupsRepository } from './modules/backups/backups.repository';
import { backupsRoutes } from './modules/backups/backups.routes';
import { registerAuditContext } from './modules/audit/audit-context';
import { createAuditRepository } from './modules/audit/audit.repository';
import { auditRoutes } from './modules/audit/audit.routes';
import { visitorsRoutes } from './modules/visitors/visitors.routes';
import { createWatchlistRepository } from './modules/watchlist/watchlist.repository';
import { watchlistRoutes } from './modules/watchlist/watchlist.routes';
import { createWatchlistService } from './modules/watchlist/watchlist.service';
import { createCheckpointsRepository } from './modules/checkpoints/checkpoints.repository';
import { checkpointsRoutes } from './modules/checkpoints/checkpoints.routes';
import { createCheckpointsService } from './modules/checkpoints/checkpoints.service';
import { createRoundsRepository } from './modules/rounds/rounds.repository';
import { patrolsRoutes } from './modules/patrols/patrols.routes';
import { createPatrolsRepository } from './modules/patrols/patrols.repository';
import { createPatrolsService } from './modules/patrols/patrols.service';
import { roundsRoutes } from './modules/rounds/rounds.routes';
import { createRoundsService } from './modules/rounds/rounds.service';
import { createUnitsRepository } from './modules/units/units.repository';
import { unitsRoutes } from './modules/units/units.routes';
import { createShiftsRepository } from './modules/shifts/shifts.repository';
import { shiftsRoutes } from './modules/shifts/shifts.routes';
import { createShiftsService } from './modules/shifts/shifts.service';
import { createUnitsService } from './modules/units/units.service';
import { createAlertsRepository } from './modules/alerts/alerts.repository';
import { alertsRoutes } from './modules/alerts/alerts.routes';
import { createAlertsService } from './modules/alerts/alerts.service';

export const API_PREFIX = '/kgapi';
/** The guard app's door: its own paths, envelope and credentials (../shared/guard-app-api.md). */
export const GUARD_API_PREFIX = '/api/v1/guard';

export interface AppOptions {
  config: ServerConfig;
  db: DB;
  logger?: FastifyServerOptions['logger'];
  /** How many password checks run and wait at once; tests make it small to see the limits. */
  passwordGate?: PasswordGateOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    engine: Engine;
    /** A list call's parameters, checked and compiled for this app's database (readListQuery). */
    listQuery(params: ListQueryParams, spec: ResourceQuerySpec): Promise<ParsedListQuery>;
  }
}

/** Builds the whole app without listening, so tests drive it with app.inject(). */
export async function buildApp({
  config,
  db,
  logger = false,
  passwordGate,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: 1_048_576,
    trustProxy: config.trustProxy,
    // Some payload fields accept a number or its text (lat, lng, flags), as form posts send them.
    ajv: { customOptions: { allowUnionTypes: true } },
  });
  // The database engine, for the few places whose SQL differs by engine (db/engine/).
  app.decorate('engine', engineOf(db));
  app.decorate('listQuery', (params: ListQueryParams, spec: ResourceQuerySpec) =>
    readListQuery(db, params, spec, { engine: engineOf(db) }),
  );
  registerErrorHandling(app);
  // Each audit entry names the request it was written for: its caller, address and user agent.
  registerAuditContext(app);
  // One budget for both doors' uploads: it bounds this process's memory.
  app.decorate('uploadMemory', createUploadMemory(config.uploadMemoryBytes));
  app.decorate('uploadSpool', uploadSpoolDir(config.dataDir));
  // JSON and text above a kilobyte go compressed; brotli at a quick level, since answers are
  // made per request (the console's files are compressed once, at build). Answers up to 64 KiB
  // (a page of a list) are compressed in one call rather than through a stream, which costs
  // about 2 ms of CPU more per answer; the plugin's default limit on two cores is 8 KiB.
  await app.register(fastifyCompress, {
    threshold: 1024,
    syncThreshold: 64 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await registerSecurityHeaders(app, { apiPrefix: API_PREFIX, extraOrigins: config.extraOrigins });

  const accounts = createAccountsRepository(db);
  const sessions = createSessionsRepository(db, {
    ttlHours: config.sessionTtlHours,
    idleMinutes: config.sessionIdleMinutes,
  });
  // Every password check (sign-in, re-verification) shares one gate and one throttle store.
  const gate = createPasswordGate(passwordGate);
  const throttle = createPasswordThrottle(db);
  const verifications = createVerificationStore(db);
  const files = createFilesRepository(db, diskStorage(config.dataDir), {
    unattachedQuotaBytes: config.unattachedUploadQuotaBytes,
  });
  const dashboard = createDashboardRepository(db);
  const guardAppRepository = createGuardAppRepository(db);
  const shiftsService = createShiftsService({ shifts: createShiftsRepository(db) });
  const signInNames = createSignInNames({ guardApp: guardAppRepository, throttle });
  // The key of the hash that names an unknown sign-in in the audit trail (server-keys.ts).
  const auditKey = serverKey(config.dataDir, 'audit');
  const guardsService = createGuardsService({
    guards: createGuardsRepository(db),
    accounts,
    files,
    signInNames,
  });
  const attendances = createAttendancesRepository(db, {
    geofenceRadiusMetres: config.geofenceRadiusMetres,
  });
  const securityCompanies = createSecurityCompaniesService({
    companies: createSecurityCompaniesRepository(db),
    accounts,
  });
  const sites = createSitesRepository(db);
  const sitesService = createSitesService(sites, files);
  const visitors = createVisitorsRepository(db);
  const watchlist = createWatchlistRepository(db);
  const visitorsService = createVisitorsService({ visitors, sites, files, watchlist });
  const attendancesService = createAttendancesService({ attendances, files });
  const kiosks = createKiosksRepository(db);
  const backups = createBackupsRepository(db);
  const siteSupervisors = createSiteSupervisorsService({
    db,
    supervisors: createSiteSupervisorsRepository(db),
    accounts,
    files,
  });
  const logins = createLoginsService({ db, logins: createLoginsRepository(db), accounts });
  const mailer = createMailer(config.mail, config.dataDir, app.log);
  const identity = createIdentityService({
    identity: createIdentityRepository(db),
    accounts,
    throttle,
    gate,
    mailer,
    mail: config.mail,
    publicUrl: config.publicUrl,
    resetCodeTtlMinutes: config.resetCodeTtlMinutes,
  });
  const passes = createPassIssuingService({
    visitors,
    sites,
    watchlist,
    mailer,
    mail: config.mail,
    publicUrl: config.publicUrl,
  });
  const incidents = createIncidentsService({ incidents: createIncidentsRepository(db), files });
  const patrols = createPatrolsService({ patrols: createPatrolsRepository(db), files });
  const alertsService = createAlertsService({ alerts: createAlertsRepository(db) });
  const guardApp = createGuardAppService({
    db,
    guardApp: guardAppRepository,
    guards: guardsService,
    identity,
    throttle,
    gate,
    mailer,
    mail: config.mail,
    publicUrl: config.publicUrl,
    resetCodeTtlMinutes: config.resetCodeTtlMinutes,
    guardSessionTtlDays: config.guardSessionTtlDays,
    auditKey,
    signInNames,
  });

  await app.register(
    async (api) => {
      registerAuthentication(api, {
        appKeys: config.appKeys,
        sessions,
        accounts,
        idleMinutes: config.sessionIdleMinutes,
      });
      sessionRoutes(api, { db, accounts, sessions, throttle, gate, auditKey });
      adminRoutes(api, { db, accounts, throttle, gate, verifications });
      dashboardRoutes(api, { dashboard });
      await registerMultipart(api);
      filesRoutes(api, { files });
      guardsRoutes(api, { guardsService, guardApp });
      attendancesRoutes(api, { attendances });
      securityCompaniesRoutes(api, { securityCompanies, gate });
      sitesRoutes(api, { sites, sitesService });
      visitorsRoutes(api, { visitors, passes, sites, watchlist, throttle });
      incidentsRoutes(api, { incidents });
      siteSupervisorsRoutes(api, { siteSupervisors, gate });
      loginsRoutes(api, { logins, gate, verifications });
      identityRoutes(api, { identity });
      kiosksRoutes(api, { kiosks, sites });
      backupsRoutes(api, { backups, everyHours: config.backups.everyHours });
      auditRoutes(api, { audit: createAuditRepository(db) });
      watchlistRoutes(api, { watchlist: createWatchlistService({ db, watchlist }) });
      unitsRoutes(api, { units: createUnitsService({ units: createUnitsRepository(db) }) });
      shiftsRoutes(api, { shifts: shiftsService });
      checkpointsRoutes(api, {
        checkpoints: createCheckpointsService({ checkpoints: createCheckpointsRepository(db) }),
      });
      roundsRoutes(api, { rounds: createRoundsService({ rounds: createRoundsRepository(db) }) });
      patrolsRoutes(api, { patrols });
      alertsRoutes(api, { alerts: alertsService });
      api.setNotFoundHandler(() => {
        throw notFound('There is no such API call.');
      });
    },
    { prefix: API_PREFIX },
  );

  await app.register(
    async (door) => {
      registerErrorHandling(door, failureBody);
      registerGuardDoorAuthentication(door, {
        appKeys: config.appKeys,
        guardApp: guardAppRepository,
        kiosks,
      });
      await registerMultipart(door);
      guardAppRoutes(door, {
        guardApp,
        attendances: attendancesService,
        incidents,
        visitors: visitorsService,
        visitorsRepository: visitors,
        sites,
        shifts: shiftsService,
        patrols,
        alerts: alertsService,
        publicUrl: config.publicUrl,
      });
      door.setNotFoundHandler(() => {
        throw notFound('There is no such API call.');
      });
    },
    { prefix: GUARD_API_PREFIX },
  );

  // The app's calls at its base URL outside /api/v1/guard, with the guard door's credentials.
  await app.register(async (door) => {
    registerErrorHandling(door, failureBody);
    registerGuardDoorAuthentication(door, {
      appKeys: config.appKeys,
      guardApp: guardAppRepository,
      kiosks,
    });
    guardAppLegacyRoutes(door, { visitors: visitorsService });
  });
  // Under any API's prefix an unknown path answers a JSON 404, never the console's page.
  for (const prefix of LEGACY_APP_PREFIXES) {
    await app.register(
      async (scope) => {
        registerErrorHandling(scope, failureBody);
        scope.setNotFoundHandler(() => {
          throw notFound('There is no such API call.');
        });
      },
      { prefix },
    );
  }

  await registerConsoleFiles(app, config.staticDir);
  return app;
}
