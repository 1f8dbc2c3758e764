import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { UploadedFile } from '../../../../src/lib/contract/files';
import type { DB } from '../../db/database';
import { EXTENSION_BY_TYPE, type SniffedType } from './file-content';

export const FILE_URL_PREFIX = '/kgapi/files/view/';

/** The URL is the only way to a file: its key is 32 random bytes, so it cannot be guessed. */
export function fileUrl(accessKey: string): string {
  return `${FILE_URL_PREFIX}${accessKey}`;
}

export function filesDirectory(dataDir: string): string {
  return path.join(dataDir, 'files');
}

export function createFilesRepository(db: DB, dataDir: string) {
  const directory = filesDirectory(dataDir);

  return {
    /** Writes the bytes under a name of our own and records the file. The type must already be checked. */
    async save(input: {
      bytes: Uint8Array;
      filename: string;
      type: SniffedType;
      uuid?: string;
      /** The uploader's profile; seeded files have none. */
      uploadedBy?: string | null;
      /** The guard that uploaded it through the guard app or a kiosk. */
      uploadedByGuard?: string | null;
    }): Promise<UploadedFile> {
      const uuid = input.uuid ?? randomUUID();
      const accessKey = randomBytes(32).toString('hex');
      const storageName = `${randomUUID()}.${EXTENSION_BY_TYPE[input.type]}`;
      const storagePath = path.join(directory, storageName);
      await mkdir(directory, { recursive: true });
      await writeFile(storagePath, input.bytes);
      try {
        await db
          .insertInto('files')
          .values({
            uuid,
            access_key: accessKey,
            storage_name: storageName,
            filename: input.filename.slice(0, 255),
            mime_type: input.type,
            size: input.bytes.byteLength,
            uploaded_by: input.uploadedBy ?? null,
            uploaded_by_guard_uuid: input.uploadedByGuard ?? null,
          })
          .execute();
      } catch (error) {
        // No record, no file: bytes nobody can reach must not pile up on disk.
        await rm(storagePath, { force: true });
        throw error;
      }
      return { uuid, url: fileUrl(accessKey) };
    },

    async exists(uuid: string): Promise<boolean> {
      const row = await db
        .selectFrom('files')
        .select('uuid')
        .where('uuid', '=', uuid)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** What decides whether a file may become a record's photo. */
    async findForAttachment(uuid: string) {
      return db
        .selectFrom('files')
        .select(['mime_type', 'size', 'uploaded_by', 'uploaded_by_guard_uuid'])
        .where('uuid', '=', uuid)
        .executeTakeFirst();
    },

    async findByAccessKey(accessKey: string) {
      return db
        .selectFrom('files')
        .select(['storage_name', 'mime_type', 'size'])
        .where('access_key', '=', accessKey)
        .executeTakeFirst();
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
