import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The server's own secret keys, 32 random bytes each: `backup` signs and encrypts backup archives
 * (BACKUP_KEY may give it), `audit` keys the hash that names an unknown sign-in in the audit trail.
 * A key not given is made on first use and kept in DATA_DIR/keys (0600), outside DATA_DIR/backups
 * and outside every archive; processes sharing the data directory read the same file.
 */
export type ServerKeyName = 'backup' | 'audit';

const KEY_BYTES = 32;

/** DATA_DIR/keys: the one place the server's own keys are kept. */
export function keysDirectory(dataDir: string): string {
  return path.join(dataDir, 'keys');
}

/** A key as written in an environment variable: 64 hex digits or base64 of 32 bytes. */
export function parseKey(name: string, text: string): Buffer {
  const value = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(value)
    ? Buffer.from(value, 'hex')
    : Buffer.from(value, 'base64');
  if (key.length !== KEY_BYTES) {
    throw new Error(
      `${name} must be 32 bytes, written as 64 hex digits or in base64 (openssl rand -hex 32 makes one).`,
    );
  }
  return key;
}

/** The named key: `given` (from the environment) when set, else the data directory's, made if missing. */
export function serverKey(dataDir: string, name: ServerKeyName, given?: string): Buffer {
  if (given?.trim()) return parseKey(`${name.toUpperCase()}_KEY`, given);
  const dir = keysDirectory(dataDir);
  const file = path.join(dir, `${name}.key`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    // 'wx': of two processes starting at once, one writes the key and the other reads it.
    writeFileSync(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseKey(file, readFileSync(file, 'utf8'));
}

/**
 * What the audit trail says of a sign-in name that matched no account: never the text typed
 * (people type their password into the name field), but a short keyed hash of it, the same for
 * the same text, so an administrator can group repeats.
 */
export function unknownSignInLabel(auditKey: Buffer, typed: string): string {
  const hash = createHmac('sha256', auditKey)
    .update(typed.trim().toLowerCase())
    .digest('hex')
    .slice(0, 10);
  return `no account matched (#${hash})`;
}
