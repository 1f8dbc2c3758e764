import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { resetIncidentRecords } from '../msw/handlers/incidents';
import { server } from '../msw/server';

/** Fresh incident records, object URLs for the file previews (jsdom has none), no listeners. */
export function setUpIncidentTests() {
  const createObjectURL = URL.createObjectURL;
  const revokeObjectURL = URL.revokeObjectURL;
  beforeEach(() => {
    resetIncidentRecords();
    let made = 0;
    URL.createObjectURL = () => `blob:preview-${++made}`;
    URL.revokeObjectURL = () => undefined;
  });
  afterEach(() => {
    server.events.removeAllListeners();
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });
}

/** A file of the given type and size; its bytes are zeros (the console judges type and size only). */
export function fileOf(name: string, type: string, bytes = 64): File {
  const file = new File([new Uint8Array(Math.min(bytes, 1024))], name, { type });
  // A real 5 MB buffer per test is slow; the picker reads the size the browser reports.
  if (bytes > 1024) Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

/** Drops files on the drop zone whose hint text is in `container` (the document by default). */
export function dropFiles(files: File[], container: HTMLElement = document.body): void {
  const hint = screen
    .getAllByText(/^Drop photos or videos here/)
    .find((element) => container.contains(element));
  const zone = hint?.closest('.incident-drop-zone');
  if (!zone) throw new Error('No drop zone');
  fireEvent.drop(zone, { dataTransfer: { files, types: ['Files'] } });
}
