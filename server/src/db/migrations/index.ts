import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './2026-11-22T01-initial';
import * as listIndexes from './2026-11-22T02-list-indexes';
import * as fileUploader from './2026-11-22T03-file-uploader';
import * as authThrottle from './2026-11-23T01-auth-throttle';
import * as visitorScans from './2026-11-23T02-visitor-scans';
import * as incidents from './2026-11-23T03-incidents';
import * as verificationTokens from './2026-11-23T04-verification-tokens';
import * as figuresAndSearch from './2026-11-23T05-figures-and-search';
import * as siteRowCounts from './2026-11-23T06-site-row-counts';
import * as dashboardIndexes from './2026-11-23T07-dashboard-indexes';
import * as guardListIndexes from './2026-11-23T08-guard-list-indexes';
import * as incidentReporterIndexes from './2026-11-23T09-incident-reporter-indexes';
import * as guardLinkLiveness from './2026-11-23T10-guard-link-liveness';
import * as guardApp from './2026-11-24T01-guard-app';
import * as companyGuardCounts from './2026-11-24T02-company-guard-counts';
import * as supervisorGuardCounts from './2026-11-24T03-supervisor-guard-counts';
import * as sessionActivity from './2026-11-24T04-session-activity';
import * as fileAttachment from './2026-11-24T05-file-attachment';
import * as jobLeases from './2026-11-24T06-job-leases';
import * as incidentNumbersPerCompany from './2026-11-24T07-incident-numbers-per-company';
import * as retention from './2026-11-24T08-retention';
import * as backups from './2026-11-24T09-backups';
import * as auditTrail from './2026-11-25T01-audit-trail';
import * as passIssuing from './2026-11-25T02-pass-issuing';
import * as watchlist from './2026-11-25T03-watchlist';
import * as visitDueOut from './2026-11-25T04-visit-due-out';
import * as auditNames from './2026-11-25T05-audit-names';
import * as accessCards from './2026-11-27T01-access-cards';
import * as unitContacts from './2026-11-27T03-unit-contacts';
import * as guardSignInNames from './2026-11-28T01-guard-sign-in-names';
import * as shifts from './2026-11-28T02-shifts';
import * as shiftWatch from './2026-11-29T01-shift-watch';
import * as watchIndexes from './2026-11-29T02-watch-indexes';
import * as checkpoints from './2026-11-29T03-checkpoints';
import * as rounds from './2026-11-29T04-rounds';
import * as patrols from './2026-11-29T05-patrols';

/** Every migration in order. Names are timestamps so they sort as they were written. */
const migrations: Record<string, Migration> = {
  '2026-11-22T01-initial': initial,
  '2026-11-22T02-list-indexes': listIndexes,
  '2026-11-22T03-file-uploader': fileUploader,
  '2026-11-23T01-auth-throttle': authThrottle,
  '2026-11-23T02-visitor-scans': visitorScans,
  '2026-11-23T03-incidents': incidents,
  '2026-11-23T04-verification-tokens': verificationTokens,
  '2026-11-23T05-figures-and-search': figuresAndSearch,
  '2026-11-23T06-site-row-counts': siteRowCounts,
  '2026-11-23T07-dashboard-indexes': dashboardIndexes,
  '2026-11-23T08-guard-list-indexes': guardListIndexes,
  '2026-11-23T09-incident-reporter-indexes': incidentReporterIndexes,
  '2026-11-23T10-guard-link-liveness': guardLinkLiveness,
  '2026-11-24T01-guard-app': guardApp,
  '2026-11-24T02-company-guard-counts': companyGuardCounts,
  '2026-11-24T03-supervisor-guard-counts': supervisorGuardCounts,
  '2026-11-24T04-session-activity': sessionActivity,
  '2026-11-24T05-file-attachment': fileAttachment,
  '2026-11-24T06-job-leases': jobLeases,
  '2026-11-24T07-incident-numbers-per-company': incidentNumbersPerCompany,
  '2026-11-24T08-retention': retention,
  '2026-11-24T09-backups': backups,
  '2026-11-25T01-audit-trail': auditTrail,
  '2026-11-25T02-pass-issuing': passIssuing,
  '2026-11-25T03-watchlist': watchlist,
  '2026-11-25T04-visit-due-out': visitDueOut,
  '2026-11-25T05-audit-names': auditNames,
  '2026-11-27T01-access-cards': accessCards,
  '2026-11-27T03-unit-contacts': unitContacts,
  '2026-11-28T01-guard-sign-in-names': guardSignInNames,
  '2026-11-28T02-shifts': shifts,
  '2026-11-29T01-shift-watch': shiftWatch,
  '2026-11-29T02-watch-indexes': watchIndexes,
  '2026-11-29T03-checkpoints': checkpoints,
  '2026-11-29T04-rounds': rounds,
  '2026-11-29T05-patrols': patrols,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
