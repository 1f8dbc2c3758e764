import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Each file of a directory by name, with the SHA-256 of its bytes: a restore compares these. */
export function fileHashes(dir: string): Map<string, string> {
  return new Map(
    readdirSync(dir).map((name) => [
      name,
      createHash('sha256')
        .update(readFileSync(path.join(dir, name)))
        .digest('hex'),
    ]),
  );
}
