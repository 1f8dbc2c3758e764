import { saveAs } from 'file-saver';
import Papa from 'papaparse';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { VISITOR_CLOCK } from '../fixtures/visitors';
import { resetVisitorRecords } from '../msw/handlers/visitors';
import { server } from '../msw/server';
import { present } from './guards-support';

/**
 * Fresh passes and a fixed clock (Friday 20 March 2026, 10:00 local) for every visitors test.
 * Only Date is faked: timers stay real, so user-event and Testing Library's waits work as usual.
 */
export function setUpVisitorTests() {
  beforeEach(() => {
    resetVisitorRecords();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(VISITOR_CLOCK);
  });
  afterEach(() => {
    vi.useRealTimers();
    server.events.removeAllListeners();
  });
}

/** jsdom's Blob has no text(); FileReader reads it as a browser would. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** The rows of the one CSV file saved so far (file-saver mocked by the test), and its name. */
export async function savedCsv(): Promise<{ name: string | undefined; rows: string[][] }> {
  const saveAsMock = vi.mocked(saveAs);
  expect(saveAsMock).toHaveBeenCalledTimes(1);
  const [data, name] = present(saveAsMock.mock.calls[0], 'a saved file');
  if (!(data instanceof Blob)) throw new Error('saveAs was not given a Blob');
  return { name, rows: Papa.parse<string[]>(await readBlob(data)).data };
}
