import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
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
  /** Takes the file at `from` (an upload spooled to disk) as `name`; `from` is gone after. */
  putFile(name: string, from: string): Promise<void>;
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
    async putFile(name, from) {
      await mkdir(directory, { recursive: true });
      const to = path.join(directory, name);
      try {
        await rename(from, to);
      } catch (error) {
        // The spool on another file system: copy, then remove.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(from, to);
        await rm(from, { force: true });
      }
    },
    read: (name, range) => createReadStream(path.join(directory, name), range),
    remove: (name) => rm(path.join(directory, name), { force: true }),
  };
}
