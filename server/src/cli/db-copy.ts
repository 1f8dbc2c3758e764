// `npm run db:copy -- --from sqlite:./data/guard-console.sqlite --to postgres://user:pass@host/db
//   [--files-to DIR]`: copies a SQLite database into an empty PostgreSQL database (created if
// missing), in batches with a progress bar, and checks every table's row count at the end. The
// uploaded files stay where they are unless --files-to names the data directory the PostgreSQL
// servers will use (DATA_DIR): then the source's files folder is copied there.
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { copyDatabase, type CopyProgress } from '../db/copy';
import { migrateToLatest, openDatabase } from '../db/database';
import { createPostgresDatabaseIfMissing, openPostgres } from '../db/engine/postgres';

const BAR_WIDTH = 30;

function progressLine({ table, copied, total }: CopyProgress): string {
  const share = total === 0 ? 1 : copied / total;
  const filled = Math.round(share * BAR_WIDTH);
  const bar = `${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}`;
  return `${table.padEnd(28)} ${bar} ${String(Math.round(share * 100)).padStart(3)}% (${copied.toLocaleString('en')} of ${total.toLocaleString('en')})`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      'files-to': { type: 'string' },
    },
  });
  const from = values.from ?? '';
  const to = values.to ?? '';
  if (!from.startsWith('sqlite:')) {
    throw new Error(
      '--from must name the SQLite file, as in --from sqlite:./data/guard-console.sqlite',
    );
  }
  if (!/^postgres(ql)?:\/\//.test(to)) {
    throw new Error(
      '--to must be a PostgreSQL address, as in --to postgres://user:password@host:5432/guard_console',
    );
  }
  const file = path.resolve(from.slice('sqlite:'.length));
  if (!existsSync(file)) throw new Error(`There is no SQLite file at ${file}.`);

  const source = openDatabase(file);
  await createPostgresDatabaseIfMissing(to);
  const target = openPostgres(to);
  try {
    await migrateToLatest(source);
    await migrateToLatest(target);
    console.log(`Copying ${file} into ${new URL(to).pathname.slice(1)} ...`);
    const started = performance.now();
    const interactive = process.stdout.isTTY;
    const tables = await copyDatabase(source, target, (progress) => {
      if (interactive) process.stdout.write(`\r${progressLine(progress)}`);
      else if (progress.copied === progress.total) console.log(progressLine(progress));
      if (interactive && progress.copied === progress.total) process.stdout.write('\n');
    });
    const wrong = tables.filter((table) => table.source !== table.target);
    console.log(
      `Copied ${tables.length} tables in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
    if (wrong.length > 0) {
      for (const { table, source: expected, target: found } of wrong) {
        console.error(`  ${table}: ${expected} rows in SQLite, ${found} in PostgreSQL`);
      }
      throw new Error('The row counts differ; the PostgreSQL database is not a full copy.');
    }
    console.log('Every table holds as many rows as in SQLite.');
    if (values['files-to']) {
      const filesFrom = path.join(path.dirname(file), 'files');
      const filesTo = path.join(path.resolve(values['files-to']), 'files');
      if (existsSync(filesFrom) && path.resolve(filesFrom) !== filesTo) {
        cpSync(filesFrom, filesTo, { recursive: true, force: false, errorOnExist: false });
        console.log(`Copied the uploaded files to ${filesTo}.`);
      }
    }
  } finally {
    await source.destroy();
    await target.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
