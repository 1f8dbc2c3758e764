import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseKey } from './auth/server-keys';
import { MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from '@rules/files';

export interface ServerConfig {
  port: number;
  host: string;
  /** Holds the SQLite file and uploaded files. */
  dataDir: string;
  /** PostgreSQL's address when DATABASE_URL names one; null keeps the SQLite file in dataDir. */
  databaseUrl: string | null;
  /** Server processes on the one port: 1 on SQLite, the cores on PostgreSQL unless WORKERS says. */
  workers: number;
  /** Accepted X-Application-Key values. */
  appKeys: string[];
  /** Seed demo data into an empty database. */
  demoData: boolean;
  /** Built SPA to serve; null serves the API alone. */
  staticDir: string | null;
  /** How long a session token lives. */
  sessionTtlHours: number;
  /** A session unused this long ends, whatever its lifetime left. */
  sessionIdleMinutes: number;
  /** Trust X-Forwarded-* from a reverse proxy in front (client address, https). */
  trustProxy: boolean;
  /**
   * Origins besides our own that the console talks to and loads images from: the APIs' origins
   * when VITE_API_BASE_URL or VITE_GUARD_API_BASE_URL point at another server. Feeds the CSP.
   */
  extraOrigins: string[];
  /** Where links in mail point: the console's address as users reach it. */
  publicUrl: string;
  mail: MailConfig;
  /** How long a password reset link stays good. */
  resetCodeTtlMinutes: number;
  /** How long a guard stays signed in to the guard app on its device. */
  guardSessionTtlDays: number;
  /** An attendance row further than this from its site's position is flagged away from the site. */
  geofenceRadiusMetres: number;
  /** Bytes of uploads one server process holds in memory at once, across all requests. */
  uploadMemoryBytes: number;
  /** Bytes of uploads one uploader may have that no record holds yet. */
  unattachedUploadQuotaBytes: number;
  /** VISITOR_DATA_RETENTION_DAYS and SELFIE_RETENTION_DAYS. */
  retention: Retention;
  /**
   * BACKUP_EVERY_HOURS (0: no scheduled backups), BACKUP_KEEP archives kept, BACKUP_KEY, the
   * key archives are signed and encrypted with (null: DATA_DIR/keys/backup.key, made if missing),
   * and BACKUP_ON_START: with no backup yet, take the first soon after a start rather than one
   * interval after it.
   */
  backups: { everyHours: number; keep: number; key: string | null; onStart?: boolean };
  /** WATCH_EVERY_SECONDS: how often the roster watch runs (once across processes). */
  watchEverySeconds: number;
}

export interface MailConfig {
  /** SMTP transport (a URL such as smtps://user:pass@host:465), or null to write an outbox. */
  smtp:
    | string
    | { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } }
    | null;
  from: string;
  productName: string;
}

export const DEFAULT_APP_KEY = 'guard-console-demo-key';
/** Uploads one process holds in memory at once, unless UPLOAD_MEMORY_MB says otherwise. */
export const DEFAULT_UPLOAD_MEMORY_MB = 128;
/** Uploads one uploader may have waiting for a record, unless UPLOAD_QUOTA_MB says otherwise. */
export const DEFAULT_UPLOAD_QUOTA_MB = 200;
/**
 * Days personal data is kept (issue 21, docs/privacy.md): a visitor's after the pass's window
 * ends, a guard's shift selfies after the shift.
 */
export const DEFAULT_RETENTION: Retention = {
  visitorDataDays: 180,
  selfieDays: 365,
  auditDays: 730,
};

/** Audit entries are kept at least this long: the table refuses to delete younger ones. */
export const MIN_AUDIT_RETENTION_DAYS = 365;

export interface Retention {
  visitorDataDays: number;
  selfieDays: number;
  /** AUDIT_RETENTION_DAYS: how long audit entries are kept, at least MIN_AUDIT_RETENTION_DAYS. */
  auditDays: number;
}
/** Attendance further than this from its site is flagged, unless GEOFENCE_RADIUS_METRES says otherwise. */
export const DEFAULT_GEOFENCE_RADIUS_METRES = 300;

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`PORT must be a whole number from 1 to 65535, not '${value}'.`);
  }
  return port;
}

function parseSwitch(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  const normal = value.trim().toLowerCase();
  if (['on', 'true', '1', 'yes'].includes(normal)) return true;
  if (['off', 'false', '0', 'no'].includes(normal)) return false;
  throw new Error(`${name} must be 'on' or 'off', not '${value}'.`);
}

/**
 * The origin of an API the console is built to call on another server (the console's API, or
 * the guard API the kiosk calls); none for a relative path.
 */
function apiOrigins(name: string, example: string, apiBaseUrl: string | undefined): string[] {
  if (!apiBaseUrl || apiBaseUrl.startsWith('/')) return [];
  try {
    return [new URL(apiBaseUrl).origin];
  } catch {
    throw new Error(
      `${name} must be a path such as ${example} or a full URL, not '${apiBaseUrl}'.`,
    );
  }
}

function parsePositive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) {
    throw new Error(`${name} must be a positive number, not '${value}'.`);
  }
  return number;
}

/** A whole number of zero or more (0 turns the setting's feature off). */
function parseWhole(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) {
    throw new Error(`${name} must be a whole number of 0 or more, not '${value}'.`);
  }
  return number;
}

function parseAuditRetention(value: string | undefined): number {
  const days = parsePositive('AUDIT_RETENTION_DAYS', value, DEFAULT_RETENTION.auditDays);
  if (days < MIN_AUDIT_RETENTION_DAYS) {
    throw new Error(
      `AUDIT_RETENTION_DAYS must be at least ${MIN_AUDIT_RETENTION_DAYS}, not '${value}': the audit trail keeps a year at least.`,
    );
  }
  return days;
}

/** SMTP from SMTP_URL, or from SMTP_HOST (with SMTP_PORT, SMTP_USER, SMTP_PASSWORD); else none. */
function smtpOf(env: NodeJS.ProcessEnv): MailConfig['smtp'] {
  if (env.SMTP_URL) return env.SMTP_URL;
  if (!env.SMTP_HOST) return null;
  const port = parsePositive('SMTP_PORT', env.SMTP_PORT, 587);
  return {
    host: env.SMTP_HOST,
    port,
    secure: parseSwitch('SMTP_SECURE', env.SMTP_SECURE, port === 465),
    ...(env.SMTP_USER ? { auth: { user: env.SMTP_USER, pass: env.SMTP_PASSWORD ?? '' } } : {}),
  };
}

/** DATABASE_URL: empty for the SQLite file, or a postgres:// address naming a database. */
/** The upload memory budget, in bytes: at least the largest single upload, or none could pass. */
function parseUploadMemory(value: string | undefined): number {
  const megabytes = parsePositive('UPLOAD_MEMORY_MB', value, DEFAULT_UPLOAD_MEMORY_MB);
  const largestUploadMb = Math.ceil((MAX_FILES_PER_UPLOAD * MAX_FILE_BYTES) / 1_048_576) + 1;
  if (megabytes < largestUploadMb) {
    throw new Error(
      `UPLOAD_MEMORY_MB must be at least ${largestUploadMb}, the largest single upload, not '${value}'.`,
    );
  }
  return megabytes * 1_048_576;
}

function parseDatabaseUrl(value: string | undefined): string | null {
  if (value === undefined || value.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(
      'DATABASE_URL must be a postgres:// address, such as postgres://user:password@localhost:5432/guard_console.',
    );
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new Error(
      `DATABASE_URL must start with postgres:// (it starts with ${url.protocol}//); leave it empty for the SQLite file.`,
    );
  }
  if (url.pathname.length <= 1) {
    throw new Error(
      'DATABASE_URL must name a database after the host, as in postgres://localhost:5432/guard_console.',
    );
  }
  return value.trim();
}

/**
 * WORKERS: how many server processes share the port. Processes sharing one SQLite file would
 * queue behind each other's writes (and answer "database is locked" past the busy timeout), so
 * more than one needs PostgreSQL.
 */
function parseWorkers(value: string | undefined, databaseUrl: string | null): number {
  const fallback = databaseUrl === null ? 1 : availableParallelism();
  const workers = parsePositive('WORKERS', value, fallback);
  if (!Number.isInteger(workers)) {
    throw new Error(`WORKERS must be a whole number of processes, not '${value}'.`);
  }
  if (workers > 1 && databaseUrl === null) {
    throw new Error(
      `WORKERS=${workers} needs PostgreSQL: set DATABASE_URL, or leave WORKERS at 1 for the SQLite file (one process serves it).`,
    );
  }
  return workers;
}

/** Reads and checks the environment once, at start; a bad value stops the server with a clear message. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const appKeys = (env.APP_KEYS ?? DEFAULT_APP_KEY)
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  if (appKeys.length === 0) throw new Error('APP_KEYS must hold at least one application key.');
  const port = parsePort(env.PORT);
  const host = env.HOST || '127.0.0.1';
  const productName = env.PRODUCT_NAME || 'Guard Console';
  const databaseUrl = parseDatabaseUrl(env.DATABASE_URL);
  return {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl,
    workers: parseWorkers(env.WORKERS, databaseUrl),
    appKeys,
    demoData: parseSwitch('DEMO_DATA', env.DEMO_DATA, true),
    // An empty STATIC_DIR serves the API alone (the dev server serves the SPA then).
    staticDir: env.STATIC_DIR === '' ? null : path.resolve(env.STATIC_DIR ?? './dist'),
    // An empty setting means the default, as it does for every other setting.
    sessionTtlHours: parsePositive('SESSION_TTL_HOURS', env.SESSION_TTL_HOURS, 12),
    sessionIdleMinutes: parsePositive('SESSION_IDLE_MINUTES', env.SESSION_IDLE_MINUTES, 30),
    trustProxy: parseSwitch('TRUST_PROXY', env.TRUST_PROXY, false),
    extraOrigins: [
      ...new Set([
        ...apiOrigins('VITE_API_BASE_URL', '/kgapi', env.VITE_API_BASE_URL),
        ...apiOrigins('VITE_GUARD_API_BASE_URL', '/api/v1/guard', env.VITE_GUARD_API_BASE_URL),
      ]),
    ],
    publicUrl: (env.PUBLIC_URL || `http://${host}:${port}`).replace(/\/+$/, ''),
    mail: {
      smtp: smtpOf(env),
      from: env.MAIL_FROM || `${productName} <no-reply@localhost>`,
      productName,
    },
    resetCodeTtlMinutes: parsePositive('RESET_CODE_TTL_MINUTES', env.RESET_CODE_TTL_MINUTES, 60),
    guardSessionTtlDays: parsePositive('GUARD_SESSION_TTL_DAYS', env.GUARD_SESSION_TTL_DAYS, 30),
    geofenceRadiusMetres: parsePositive('GEOFENCE_RADIUS_METRES', env.GEOFENCE_RADIUS_METRES, 300),
    uploadMemoryBytes: parseUploadMemory(env.UPLOAD_MEMORY_MB),
    unattachedUploadQuotaBytes:
      parsePositive('UPLOAD_QUOTA_MB', env.UPLOAD_QUOTA_MB, DEFAULT_UPLOAD_QUOTA_MB) * 1_048_576,
    backups: {
      everyHours: parseWhole('BACKUP_EVERY_HOURS', env.BACKUP_EVERY_HOURS, 24),
      keep: parsePositive('BACKUP_KEEP', env.BACKUP_KEEP, 7),
      onStart: parseSwitch('BACKUP_ON_START', env.BACKUP_ON_START, false),
      key: env.BACKUP_KEY?.trim() ? parseKey('BACKUP_KEY', env.BACKUP_KEY).toString('hex') : null,
    },
    watchEverySeconds: parsePositive('WATCH_EVERY_SECONDS', env.WATCH_EVERY_SECONDS, 60),
    retention: {
      visitorDataDays: parsePositive(
        'VISITOR_DATA_RETENTION_DAYS',
        env.VISITOR_DATA_RETENTION_DAYS,
        DEFAULT_RETENTION.visitorDataDays,
      ),
      selfieDays: parsePositive(
        'SELFIE_RETENTION_DAYS',
        env.SELFIE_RETENTION_DAYS,
        DEFAULT_RETENTION.selfieDays,
      ),
      auditDays: parseAuditRetention(env.AUDIT_RETENTION_DAYS),
    },
  };
}
