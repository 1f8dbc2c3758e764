// `npm run create-admin -- --email a@b.com --name "Name"`: the first super administrator of a
// production install (DEMO_DATA=off). The password is asked for, or read from ADMIN_PASSWORD.
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { createAccountsRepository } from '../auth/accounts.repository';
import { readConfig } from '../config';
import { openDataDir } from '../db/open-data-dir';

const MIN_PASSWORD_LENGTH = 8;

async function askPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await prompt.question('Password for the new super administrator: ');
  } finally {
    prompt.close();
  }
}

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' } },
  });
  const email = values.email?.trim();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new Error('Give a valid --email for the new super administrator.');
  }
  const password = await askPassword();
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
  }
  const config = readConfig();
  const db = await openDataDir(config.dataDir);
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
