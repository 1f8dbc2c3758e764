import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { saveAs } from 'file-saver';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetRecords, server } from './msw/server';

// The browser download is the one thing replaced: a test reads the file it would have saved
// (saveAs's calls). Mocked here for every file, with one mock function per worker: the files share
// a worker's modules, so the app's modules keep the saveAs of the first file that loaded them.
vi.mock('file-saver', () => {
  const shared = globalThis as { saveAsMock?: ReturnType<typeof vi.fn> };
  shared.saveAsMock ??= vi.fn();
  return { saveAs: shared.saveAsMock };
});

// A file's first render loads its lazy screens' modules, which takes seconds on a loaded machine:
// find* and waitFor wait up to 15 s, a limit on a hang (they return as soon as the page is there).
configure({ asyncUtilTimeout: 15_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => resetRecords());
afterEach(() => {
  cleanup();
  vi.mocked(saveAs).mockClear();
  server.resetHandlers();
  server.events.removeAllListeners();
  localStorage.clear();
  // jsdom has no IndexedDB (the kiosk's outbox keeps reports in it): a fresh, empty one per test.
  globalThis.indexedDB = new IDBFactory();
});
afterAll(() => server.close());
