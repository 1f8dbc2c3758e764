import { photoProblem } from '../../../../src/lib/rules/files';
import type { Principal } from '../../auth/principal';
import { badRequest } from '../../http/errors';
import type { FilesRepository } from './files.repository';

/**
 * Checks that a file may become a record's photo (a guard's photo, a site's cover): the caller
 * uploaded it, and it is a PNG or JPEG of at most 5 MB. Another user's upload is treated as unknown,
 * so a uuid alone never hands over someone else's picture.
 */
export async function checkNewPhoto(
  files: FilesRepository,
  principal: Principal,
  fileUuid: string,
  notFoundMessage: string,
): Promise<void> {
  const file = await files.findForAttachment(fileUuid);
  if (!file || file.uploaded_by !== principal.profileUuid) throw badRequest(notFoundMessage);
  const problem = photoProblem({ size: file.size, type: file.mime_type });
  if (problem) throw badRequest(problem);
}
