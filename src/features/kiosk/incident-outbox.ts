import type { GuardFailure } from '../../api/client';
import type { IncidentReportBody } from '../../api/guard-app';

/**
 * The kiosk's incident outbox: every report is kept in IndexedDB before it is sent, and sent in
 * the order it was made, so that a guardhouse without a network loses none and a report never
 * overtakes an older one. A report whose send got no answer (no network, a timeout, an aborted
 * request) or a server error stays and is sent again later with the same Idempotency-Key, so the
 * server stores it once; a report the server refuses (4xx) is dropped and its reason shown.
 */

const DB_NAME = 'guard-console-kiosk';
const DB_VERSION = 1;
const STORE = 'incident-reports';

/** A report on its way: what it says, with the guard's token it was made with and its site. */
export interface OutgoingReport {
  guardToken: string;
  siteUuid: string;
  report: IncidentReportBody;
}

/** How one submitted report went. */
export type ReportOutcome =
  | { status: 'sent' }
  /** Kept on this kiosk, to be sent when the connection returns. */
  | { status: 'waiting' }
  /** Refused by the server: `failure` is what `send` rejected with, worded when it is shown. */
  | { status: 'refused'; failure: unknown };

export interface OutboxSnapshot {
  waiting: number;
  /** Why reports resent in the background were refused (what `send` rejected with), oldest first. */
  refusals: readonly unknown[];
}

export interface OutboxOptions {
  /** Sends one report; rejects with a GuardFailure. */
  send: (report: OutgoingReport) => Promise<void>;
  /** No report made with this guard token waits any longer. */
  onReleased: (guardToken: string) => void;
}

export interface IncidentOutbox {
  /**
   * Keeps the report, then sends every waiting report in order; answers how this one went, or
   * rejects when the kiosk could not keep it (no IndexedDB).
   */
  submit(report: OutgoingReport): Promise<ReportOutcome>;
  /** Sends what waits, oldest first, until none is left or the connection fails again. */
  retry(): Promise<void>;
  /** Whether reports made with this guard token still wait (its session must stay open). */
  holdsReportsOf(guardToken: string): boolean;
  subscribe(listener: () => void): () => void;
  snapshot(): OutboxSnapshot;
  dismissRefusals(): void;
  close(): void;
}

/** A stored photo: its bytes, which IndexedDB keeps on every browser (a File not everywhere). */
interface StoredPhoto {
  name: string;
  type: string;
  bytes: ArrayBuffer;
}

interface StoredReport extends Omit<OutgoingReport, 'report'> {
  /** IndexedDB's increasing key: the order the reports were made in. */
  id?: number;
  report: Omit<IncidentReportBody, 'photos'> & { photos: StoredPhoto[] };
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(DB_NAME, DB_VERSION);
    opening.onupgradeneeded = () => {
      opening.result.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
    };
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error);
  });
}

/** A file's bytes through FileReader, which every browser (and jsdom) has; Blob.arrayBuffer not. */
function readBytes(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

async function toStored({ report, ...rest }: OutgoingReport): Promise<StoredReport> {
  const photos = await Promise.all(
    report.photos.map(async (photo) => ({
      name: photo.name,
      type: photo.type,
      bytes: await readBytes(photo),
    })),
  );
  return { ...rest, report: { ...report, photos } };
}

function toOutgoing({ report, guardToken, siteUuid }: StoredReport): OutgoingReport {
  const photos = report.photos.map(({ name, type, bytes }) => new File([bytes], name, { type }));
  return { guardToken, siteUuid, report: { ...report, photos } };
}

/** No answer, or the server's own trouble: the same report may succeed later. */
function worthRetrying(error: unknown): boolean {
  const status = (error as Partial<GuardFailure> | null)?.status;
  return status === null || (typeof status === 'number' && status >= 500);
}

export function openIncidentOutbox({ send, onReleased }: OutboxOptions): IncidentOutbox {
  const database = openDatabase();
  const listeners = new Set<() => void>();
  let current: OutboxSnapshot = { waiting: 0, refusals: [] };
  /** How many waiting reports each guard token has. */
  let tokens = new Map<string, number>();
  /** Reports whose submit awaits their outcome, by Idempotency-Key, and the outcomes found. */
  const awaited = new Set<string>();
  const outcomes = new Map<string, ReportOutcome>();
  let closed = false;

  // One operation at a time, in the order asked: a send never overtakes an older report's.
  let queue: Promise<unknown> = Promise.resolve();
  function inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  }

  function publish(next: Partial<OutboxSnapshot>) {
    current = { ...current, ...next };
    listeners.forEach((listener) => listener());
  }

  async function store(mode: IDBTransactionMode): Promise<IDBObjectStore> {
    return (await database).transaction(STORE, mode).objectStore(STORE);
  }

  /** Reads what waits into the snapshot and the token counts. */
  async function recount(): Promise<void> {
    const waiting = await done((await store('readonly')).getAll() as IDBRequest<StoredReport[]>);
    tokens = new Map();
    for (const { guardToken } of waiting) tokens.set(guardToken, (tokens.get(guardToken) ?? 0) + 1);
    if (!closed) publish({ waiting: waiting.length });
  }

  async function oldest(): Promise<StoredReport | undefined> {
    const [first] = await done(
      (await store('readonly')).getAll(null, 1) as IDBRequest<StoredReport[]>,
    );
    return first;
  }

  async function settle(stored: StoredReport, outcome: ReportOutcome): Promise<void> {
    await done((await store('readwrite')).delete(stored.id as number));
    await recount();
    const key = stored.report.idempotencyKey;
    // Shown after the recount, so a refusal never appears beside a count that still holds it.
    if (awaited.has(key)) outcomes.set(key, outcome);
    else if (outcome.status === 'refused' && !closed) {
      publish({ refusals: [...current.refusals, outcome.failure] });
    }
    if (!tokens.has(stored.guardToken)) onReleased(stored.guardToken);
  }

  async function drain(): Promise<void> {
    for (;;) {
      if (closed) return;
      const next = await oldest();
      if (!next) return;
      try {
        await send(toOutgoing(next));
        await settle(next, { status: 'sent' });
      } catch (error) {
        if (worthRetrying(error)) return;
        await settle(next, { status: 'refused', failure: error });
      }
    }
  }

  // A store that cannot be opened shows when a report is next submitted, whose submit rejects.
  inTurn(recount).catch(() => undefined);

  return {
    async submit(report) {
      const key = report.report.idempotencyKey;
      awaited.add(key);
      try {
        const stored = await toStored(report);
        await inTurn(async () => {
          await done((await store('readwrite')).add(stored));
          await recount();
        });
        await inTurn(drain);
        return outcomes.get(key) ?? { status: 'waiting' };
      } finally {
        awaited.delete(key);
        outcomes.delete(key);
      }
    },
    retry: () => inTurn(drain).catch(() => undefined),
    holdsReportsOf: (guardToken) => tokens.has(guardToken),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot: () => current,
    dismissRefusals: () => publish({ refusals: [] }),
    close() {
      closed = true;
      listeners.clear();
      void database.then((opened) => opened.close());
    },
  };
}

/**
 * A fresh Idempotency-Key (a random UUID). Made from getRandomValues, which browsers give on plain
 * http too, where crypto.randomUUID is missing (a guardhouse on a local network).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
