import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type SqlBool } from 'kysely';
import type { UploadedFile } from '@contract/files';
import type { DB } from '../../db/database';
import { toDbTime } from '../../db/time';
import { DEFAULT_UPLOAD_QUOTA_MB } from '../../config';
import { ApiError } from '../../http/errors';
import type { FileStorage } from '../../storage/file-storage';
import { EXTENSION_BY_TYPE, type SniffedType } from './file-content';

export const FILE_URL_PREFIX = '/kgapi/files/view/';

/** The URL is the only way to a file: its key is 32 random bytes, so it cannot be guessed. */
export function fileUrl(accessKey: string): string {
  return `${FILE_URL_PREFIX}${accessKey}`;
}

/** An upload no record took within this long is removed. */
export const ABANDONED_UPLOAD_HOURS = 24;

export const UPLOAD_QUOTA_MESSAGE =
  'Too many of your uploads are waiting to be saved with a record. Save or close the forms you have open, then try again.';

/** Files no record holds: a literal, so SQLite sees that its partial indexes fit. */
const unattached = sql<SqlBool>`files.attached = 0`;

export function createFilesRepository(
  db: DB,
  storage: FileStorage,
  // Seeds and tests write files with no uploader, or few: the server passes its configured quota.
  {
    unattachedQuotaBytes = DEFAULT_UPLOAD_QUOTA_MB * 1_048_576,
  }: { unattachedQuotaBytes?: number } = {},
) {
  /** Refuses an upload that would take its uploader's unattached bytes past the quota. */
  async function checkQuota(
    uploader: { uploadedBy: string | null; uploadedByGuard: string | null },
    bytes: number,
  ) {
    const column = uploader.uploadedByGuard ? 'uploaded_by_guard_uuid' : 'uploaded_by';
    const who = uploader.uploadedByGuard ?? uploader.uploadedBy;
    if (!who) return;
    const waiting = await db
      .selectFrom('files')
      .select(sql<number>`coalesce(sum(files.size), 0)`.as('n'))
      .where(column, '=', who)
      .where(unattached)
      .executeTakeFirstOrThrow();
    if (Number(waiting.n) + bytes > unattachedQuotaBytes) {
      throw new ApiError(429, 'UPLOAD_QUOTA', UPLOAD_QUOTA_MESSAGE);
    }
  }

  return {
    /** Writes the bytes under a name of our own and records the file. The type must already be checked. */
    async save(input: {
      /** The bytes, or an upload spooled to disk (moved into the store). */
      bytes?: Uint8Array;
      spooled?: { path: string; size: number };
      filename: string;
      type: SniffedType;
      uuid?: string;
      /** The uploader's profile; seeded files have none. */
      uploadedBy?: string | null;
      /** The guard that uploaded it through the guard app or a kiosk. */
      uploadedByGuard?: string | null;
    }): Promise<UploadedFile> {
      const size = input.bytes?.byteLength ?? input.spooled?.size ?? 0;
      await checkQuota(
        { uploadedBy: input.uploadedBy ?? null, uploadedByGuard: input.uploadedByGuard ?? null },
        size,
      );
      const uuid = input.uuid ?? randomUUID();
      const accessKey = randomBytes(32).toString('hex');
      const storageName = `${randomUUID()}.${EXTENSION_BY_TYPE[input.type]}`;
      if (input.spooled) await storage.putFile(storageName, input.spooled.path);
      else await storage.put(storageName, input.bytes ?? new Uint8Array());
      try {
        await db
          .insertInto('files')
          .values({
            uuid,
            access_key: accessKey,
            storage_name: storageName,
            filename: input.filename.slice(0, 255),
            mime_type: input.type,
            size,
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

    /**
     * Removes up to `limit` uploads that no record took and that were made before `before`, record
     * and bytes: the oldest first. A file attached meanwhile stays. Answers how many went.
     */
    async removeUnattached(before: Date, limit = 500): Promise<number> {
      const abandoned = await db
        .selectFrom('files')
        .select(['uuid', 'storage_name'])
        .where(unattached)
        .where('created_at', '<', toDbTime(before))
        // Uploads by someone: files the seed or an import wrote are not abandoned uploads.
        .where((eb) =>
          eb.or([eb('uploaded_by', 'is not', null), eb('uploaded_by_guard_uuid', 'is not', null)]),
        )
        .orderBy('created_at')
        .limit(limit)
        .execute();
      let removed = 0;
      for (const file of abandoned) {
        const gone = await db
          .deleteFrom('files')
          .where('uuid', '=', file.uuid)
          .where(unattached)
          .executeTakeFirst();
        if (Number(gone.numDeletedRows) === 0) continue;
        await storage.remove(file.storage_name);
        removed += 1;
      }
      return removed;
    },

    /** Deletes files no record holds any more (their records let go first): rows and bytes. */
    async removeFiles(uuids: readonly string[]): Promise<void> {
      if (uuids.length === 0) return;
      const files = await db
        .selectFrom('files')
        .select('storage_name')
        .where('uuid', 'in', uuids)
        .execute();
      await db.deleteFrom('files').where('uuid', 'in', uuids).execute();
      for (const file of files) await storage.remove(file.storage_name);
    },

    /** A stored file's bytes, or a range of them. */
    read(storageName: string, range?: { start: number; end: number }) {
      return storage.read(storageName, range);
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
