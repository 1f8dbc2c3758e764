import { photoProblem } from '../../../../src/lib/rules/files';
import type { Principal } from '../../auth/principal';
import { badRequest } from '../../http/errors';
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
  principal: Principal,
  fileUuid: string,
  notFoundMessage: string,
  rule: FileRule = photoProblem,
): Promise<void> {
  const file = await files.findForAttachment(fileUuid);
  if (!file || file.uploaded_by !== principal.profileUuid) throw badRequest(notFoundMessage);
  const problem = rule({ size: file.size, type: file.mime_type });
  if (problem) throw badRequest(problem);
}
