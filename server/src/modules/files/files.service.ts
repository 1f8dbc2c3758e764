import type { UploadedFile } from '@contract/files';
import { PHOTO_TYPE_NOT_ALLOWED, photoProblem } from '@rules/files';
import { authorOf, type Caller } from '../../auth/principal';
import { ApiError, badRequest } from '../../http/errors';
import type { UploadedPart } from '../../http/uploads';
import { sniffContentType } from './file-content';
import type { FilesRepository } from './files.repository';

/** The shared rule a file must keep to: the photo rule, or the incident attachment rule. */
export type FileRule = (file: { size: number; type: string }) => string | null;

/**
 * Checks that a file may be attached to a record (a guard's photo, a site's cover, an incident's
 * photo or video): the caller uploaded it, and it keeps to the record's rule (photos by default).
 * Another user's upload is treated as unknown, so a uuid alone never hands over someone else's file.
 */
export async function checkNewFile(
  files: FilesRepository,
  principal: Caller,
  fileUuid: string,
  notFoundMessage: string,
  rule: FileRule = photoProblem,
): Promise<void> {
  const file = await files.findForAttachment(fileUuid);
  const author = authorOf(principal);
  const uploader = author.guardUuid
    ? file?.uploaded_by_guard_uuid === author.guardUuid
    : file?.uploaded_by === author.profileUuid;
  if (!file || !uploader) throw badRequest(notFoundMessage);
  const problem = rule({ size: file.size, type: file.mime_type });
  if (problem) throw badRequest(problem);
}

/**
 * Stores an uploaded photo as the caller's, judged by its bytes, never its name or declared
 * type: PNG or JPEG only. `uuid` is the one the console chose for a guard photo.
 */
export async function storePhoto(
  files: FilesRepository,
  principal: Caller,
  upload: UploadedPart,
  uuid?: string,
): Promise<UploadedFile> {
  const type = sniffContentType(upload.head);
  if (type !== 'image/png' && type !== 'image/jpeg') {
    throw new ApiError(415, 'FILE_TYPE_NOT_ALLOWED', PHOTO_TYPE_NOT_ALLOWED);
  }
  const author = authorOf(principal);
  return files.save({
    spooled: upload,
    filename: upload.filename,
    type,
    uuid,
    uploadedBy: author.profileUuid,
    uploadedByGuard: author.guardUuid,
  });
}
