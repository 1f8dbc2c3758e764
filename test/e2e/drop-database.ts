// Drops the PostgreSQL database DATABASE_URL names, so that the e2e server starts on a fresh one
// (playwright.config.ts runs this before the server, as it removes the SQLite data directory).
import pg from 'pg';

const url = new URL(process.env.DATABASE_URL ?? '');
const name = decodeURIComponent(url.pathname.slice(1));
url.pathname = '/postgres';
const server = new pg.Client({ connectionString: url.toString() });
await server.connect();
try {
  // A previous run's server may still hold connections if it was killed: force them out.
  await server.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
} finally {
  await server.end();
}
