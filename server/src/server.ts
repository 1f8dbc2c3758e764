import { existsSync } from 'node:fs';
import { buildApp, GUARD_API_PREFIX } from './app';
import { readConfig } from './config';
import { refreshPlannerStatistics } from './db/engine/statistics';
import { openConfiguredDatabase } from './db/open-data-dir';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './db/seed/demo';
import { DEMO_GUARD_EMAIL, DEMO_GUARD_PIN } from './db/seed/demo-guards';

async function main(): Promise<void> {
  // Settings come from the environment; a .env file beside package.json fills in what is not set.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = readConfig();
  const db = await openConfiguredDatabase(config);
  const seeded = config.demoData && (await seedDemoData(db, { dataDir: config.dataDir }));
  const app = await buildApp({ config, db, logger: { level: process.env.LOG_LEVEL ?? 'warn' } });

  const statistics = setInterval(() => void refreshPlannerStatistics(db), 3_600_000);
  statistics.unref();

  const shutdown = async (signal: string) => {
    clearInterval(statistics);
    console.log(`\n${signal} received: closing.`);
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`Guard Console is running at http://${config.host}:${config.port}`);
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

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
