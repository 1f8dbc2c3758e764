import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw/server';

// A file's first render loads its lazy screens' modules, which takes over a second on a busy
// machine: find* and waitFor wait up to 5 s (they return as soon as the page is there).
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  // jsdom has no IndexedDB (the kiosk's outbox keeps reports in it): a fresh, empty one per test.
  globalThis.indexedDB = new IDBFactory();
});
afterAll(() => server.close());
