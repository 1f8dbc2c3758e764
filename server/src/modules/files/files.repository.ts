import { randomBytes, randomUUID } from 'node:crypto';
import type { UploadedFile } from '@contract/files';
import type { DB } from '../../db/database';
import type { FileStorage } from '../../storage/file-storage';
import { EXTENSION_BY_TYPE, type SniffedType } from './file-content';

export const FILE_URL_PREFIX = '/kgapi/files/view/';

/** The URL is the only way to a file: its key is 32 random bytes, so it cannot be guessed. */
export function fileUrl(accessKey: string): string {
  return `${FILE_URL_PREFIX}${accessKey}`;
}

export function createFilesRepository(db: DB, storage: FileStorage) {
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
      await storage.put(storageName, input.bytes);
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
        // No record, no file: bytes nobody can reach must not pile up in the store.
        await storage.remove(storageName);
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

    /** A stored file's bytes, or a range of them. */
    read(storageName: string, range?: { start: number; end: number }) {
      return storage.read(storageName, range);
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
