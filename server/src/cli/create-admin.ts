// `npm run create-admin -- --email a@b.com --name "Name"`: the first super administrator of a
// production install (DEMO_DATA=off). The password is asked for, or read from ADMIN_PASSWORD.
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { createAccountsRepository } from '../auth/accounts.repository';
import { readConfig } from '../config';
import { openConfiguredDatabase } from '../db/open-data-dir';

const MIN_PASSWORD_LENGTH = 8;

const USAGE = `Creates a super administrator (for a production install with DEMO_DATA=off).

Usage: npm run create-admin -- --email admin@your-company.com [--name "Your Name"]

  --email   the sign-in email of the new super administrator (required)
  --name    the name shown in the console's header (default: the email)
  --help    show this help

The password is asked for without being shown, or read from ADMIN_PASSWORD.
The database is the one in DATA_DIR (default ./data), as the server uses it.`;

/** Asks for the password on the terminal without echoing what is typed. */
async function askPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) {
    throw new Error('No terminal to ask the password on: set ADMIN_PASSWORD instead.');
  }
  const question = 'Password for the new super administrator: ';
  const output = new Writable({
    // Readline echoes each keystroke through this stream; only the question itself is shown.
    write(chunk: Buffer, _encoding, done) {
      if (chunk.toString() === question) process.stdout.write(question);
      done();
    },
  });
  const prompt = createInterface({ input: process.stdin, output, terminal: true });
  try {
    return await prompt.question(question);
  } finally {
    prompt.close();
    process.stdout.write('\n');
  }
}

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  let values: { email?: string; name?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`, {
      cause: error,
    });
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const email = values.email?.trim();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new Error(`Give a valid --email for the new super administrator.\n\n${USAGE}`);
  }
  const password = await askPassword();
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
  }
  const config = readConfig();
  const db = await openConfiguredDatabase(config);
  try {
    const accounts = createAccountsRepository(db);
    if ((await accounts.findAdminsByEmail(email)).length > 0) {
      throw new Error(`${email} is already in use.`);
    }
    await accounts.createAccount({
      name: values.name?.trim() || email,
      email,
      password,
      role: 'superadmin',
    });
    console.log(`Super administrator ${email} created in ${config.dataDir}.`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
