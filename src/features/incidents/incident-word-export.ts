import * as incidentsApi from '../../api/incidents';
import type { Incident } from '@contract/incidents';
import { imageSize } from './image-size';
import { isVideo, wordFileName } from './incident-text';

/**
 * Writes the incident to a Word document and saves it as 'INC-000123_Theft.docx'. The photos are
 * fetched from their URLs; the document builder (with docx) and file-saver load on first use.
 */
export async function exportIncidentToWord(incident: Incident): Promise<void> {
  const photos = await Promise.all(
    incident.files
      .filter((file) => !isVideo(file.mime_type))
      .map(async (file) => {
        const bytes = new Uint8Array(await incidentsApi.fileBytes(file.url));
        const size = imageSize(bytes);
        if (!size) throw new Error(`${file.filename} could not be read as a photo.`);
        return { name: file.filename, bytes, size };
      }),
  );
  const [{ incidentDocument }, { saveAs }] = await Promise.all([
    import('./incident-document'),
    import('file-saver'),
  ]);
  saveAs(await incidentDocument(incident, photos), wordFileName(incident));
}
