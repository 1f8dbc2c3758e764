import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { buildApp, GUARD_API_PREFIX } from './app';
import { readConfig, type ServerConfig } from './config';
import { refreshPlannerStatistics } from './db/engine/statistics';
import { lockDataDir } from './db/data-dir-lock';
import { backupKeyOf } from './modules/backups/backup-archive';
import { openConfiguredDatabase } from './db/open-data-dir';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './db/seed/demo';
import { DEMO_GUARD_EMAIL, DEMO_GUARD_PIN } from './db/seed/demo-guards';
import { startScheduledJobs } from './jobs/scheduled-jobs';
import { createMailer } from './mail/mailer';

/** Migrates the database and seeds the demo when asked; answers whether it seeded now. */
async function prepareDatabase(config: ServerConfig): Promise<boolean> {
  const db = await openConfiguredDatabase(config);
  try {
    return config.demoData && (await seedDemoData(db, { dataDir: config.dataDir }));
  } finally {
    await db.destroy();
  }
}

function printBanner(config: ServerConfig, seeded: boolean): void {
  const processes = config.workers > 1 ? ` (${config.workers} processes)` : '';
  console.log(`Guard Console is running at http://${config.host}:${config.port}${processes}`);
  console.log(
    `${config.databaseUrl ? `Database: PostgreSQL (DATABASE_URL); files in ${config.dataDir}` : `Data directory: ${config.dataDir}`}${seeded ? ' (demo data seeded now)' : ''}`,
  );
  if (config.demoData) {
    console.log(`Demo sign-ins (password ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS)
      console.log(`  ${account.email.padEnd(26)} ${account.role}`);
    console.log(
      `  ${DEMO_GUARD_EMAIL.padEnd(26)} guard app (${GUARD_API_PREFIX}), PIN ${DEMO_GUARD_PIN}; kiosk at /kiosk`,
    );
  }
}

/**
 * One server process: the app on the configured port (shared with its siblings under
 * node:cluster). SIGTERM or SIGINT stops taking connections, lets the requests in flight finish
 * (Fastify's close waits for them), then closes the database.
 */
async function serve(config: ServerConfig): Promise<void> {
  const db = await openConfiguredDatabase(config);
  const app = await buildApp({ config, db, logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
  // SQLite's statistics; PostgreSQL's autovacuum keeps its own, so no process runs this there.
  const statistics = setInterval(() => void refreshPlannerStatistics(db), 3_600_000);
  statistics.unref();
  const stopJobs = startScheduledJobs(
    db,
    config,
    (error) => app.log.error({ err: error }, 'a scheduled job failed'),
    (message, details) => app.log.info(details, message),
    createMailer(config.mail, config.dataDir, app.log),
  );
  let closing = false;
  // Both signals may come (Ctrl-C reaches every process of the group, and the primary passes
  // SIGTERM on): the first starts the close, later ones must not cut it short.
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    clearInterval(statistics);
    stopJobs();
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  await app.listen({ port: config.port, host: config.host });
}

/**
 * The primary of WORKERS processes: prepares the database once, then forks the workers, which
 * share the port; a worker that dies is replaced, and a signal drains them all before exiting.
 */
async function supervise(config: ServerConfig): Promise<void> {
  const seeded = await prepareDatabase(config);
  let stopping = false;
  let listening = 0;
  cluster.on('listening', () => {
    listening += 1;
    if (listening === config.workers) printBanner(config, seeded);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(
      `Server process ${worker.process.pid} ended (${signal ?? code}); starting another.`,
    );
    cluster.fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received: finishing the requests in flight, then closing.`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  for (let i = 0; i < config.workers; i += 1) cluster.fork();
}

async function main(): Promise<void> {
  // Settings come from the environment; a .env file beside package.json fills in what is not set.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = readConfig();
  // One server per SQLite data directory: a second refuses to start, naming the first.
  if (config.databaseUrl === null) lockDataDir(config.dataDir);
  // The backup key exists from the first start (DATA_DIR/keys/backup.key unless BACKUP_KEY is set),
  // so it can be copied somewhere safe before the first backup needs it.
  backupKeyOf(config);
  if (config.workers > 1) {
    if (cluster.isPrimary) await supervise(config);
    else await serve(config);
    return;
  }
  const seeded = await prepareDatabase(config);
  await serve(config);
  printBanner(config, seeded);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
