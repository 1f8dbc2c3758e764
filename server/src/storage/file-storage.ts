import { createReadStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files' bytes live, by a name of our own (never the client's). The files module
 * reads and writes only through this, so another store (S3-compatible object storage, say) is a
 * new implementation of these three calls, chosen where the app is built; every server process
 * must reach the same store.
 */
export interface FileStorage {
  put(name: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or those from `start` to `end` inclusive. */
  read(name: string, range?: { start: number; end: number }): Readable;
  /** Removes the bytes; a name already gone is not an error. */
  remove(name: string): Promise<void>;
}

/** The `files` folder of the data directory: the default store, shared by processes on one machine. */
export function diskStorage(dataDir: string): FileStorage {
  const directory = path.join(dataDir, 'files');
  return {
    async put(name, bytes) {
      await mkdir(directory, { recursive: true });
      await writeFile(path.join(directory, name), bytes);
    },
    read: (name, range) => createReadStream(path.join(directory, name), range),
    remove: (name) => rm(path.join(directory, name), { force: true }),
  };
}
