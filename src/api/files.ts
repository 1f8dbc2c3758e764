import type { UploadedFile } from '@contract/files';
import { apiPost } from './client';

/** Uploads one photo under a new uuid, as the API's file call expects; answers its uuid and url. */
export function uploadPhoto(file: File): Promise<UploadedFile> {
  const uuid = crypto.randomUUID();
  const body = new FormData();
  body.append('file', file);
  return apiPost<UploadedFile>(`/files/Kgguards/${uuid}-original`, body, { params: { uuid } });
}
