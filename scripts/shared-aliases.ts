import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Where the names of the code both halves share are defined, for tsc and tsx (its tsconfig `paths`). */
const ALIASES_FILE = 'tsconfig.aliases.json';

/**
 * The same names as Vite aliases ('@contract' → <root>/src/lib/contract), for the build and
 * Vitest. Read from the tsconfig file rather than Vite's tsconfigPaths, which applies a tsconfig's
 * paths only to the files that tsconfig includes, and test/server belongs to the server's.
 */
export function sharedAliases(root: string): Record<string, string> {
  const { compilerOptions } = JSON.parse(readFileSync(path.join(root, ALIASES_FILE), 'utf8')) as {
    compilerOptions: { paths: Record<string, [string]> };
  };
  return Object.fromEntries(
    Object.entries(compilerOptions.paths).map(([name, [target]]) => [
      name.replace(/\/\*$/, ''),
      path.resolve(root, target.replace(/\/\*$/, '')),
    ]),
  );
}
