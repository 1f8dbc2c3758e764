import { useCallback, useEffect, useState } from 'react';
import { guardFailureOf, type GuardFailure } from '../../api/client';
import { sendPatrolAction, type GuardPatrol, type PatrolAction } from '../../api/guard-app';

/**
 * The phone's patrol steps and SOS presses kept until the server has them (issue 38): a scan made
 * with no network is kept here with its time, and every step is sent in the order it was made, once the network
 * returns (a step whose answer was lost is sent again; the server takes it once). Kept in
 * localStorage: steps are a few words each, and they must outlast a closed tab or a restart.
 */
export interface QueuedPatrolStep {
  id: string;
  token: string;
  siteUuid: string;
  patrolUuid: string;
  action: PatrolAction;
}

const KEY = 'guard-phone-patrol-outbox';

export function queuedSteps(): QueuedPatrolStep[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(stored) ? (stored as QueuedPatrolStep[]) : [];
  } catch {
    return [];
  }
}

function keep(steps: readonly QueuedPatrolStep[]) {
  localStorage.setItem(KEY, JSON.stringify(steps));
}

/** What sending the kept steps came to. */
export interface FlushOutcome {
  /** The patrols as the server answered the steps sent, by uuid. */
  patrols: GuardPatrol[];
  /** Steps the server refused (dropped: sending them again would be refused again). */
  refusals: GuardFailure[];
  /** Still kept: the network failed on the way. */
  remaining: number;
}

let flushing: Promise<FlushOutcome> | null = null;

/** Sends the kept steps in order; stops at the first that gets no answer. One run at a time. */
export function flushPatrolSteps(): Promise<FlushOutcome> {
  flushing ??= (async () => {
    const patrols: GuardPatrol[] = [];
    const refusals: GuardFailure[] = [];
    for (;;) {
      const [next] = queuedSteps();
      if (!next) break;
      try {
        const answer = await sendPatrolAction(
          next.token,
          next.siteUuid,
          next.patrolUuid,
          next.action,
        );
        if (answer) patrols.push(answer.patrol);
      } catch (error) {
        const failure = guardFailureOf(error);
        if (failure.status === null) break;
        refusals.push(failure);
      }
      keep(queuedSteps().filter((step) => step.id !== next.id));
    }
    return { patrols, refusals, remaining: queuedSteps().length };
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** Keeps a step to send later, after those already kept. */
export function keepPatrolStep(step: Omit<QueuedPatrolStep, 'id'>): void {
  keep([...queuedSteps(), { ...step, id: crypto.randomUUID() }]);
}

/**
 * Sends a step now when nothing waits before it and the network answers; else keeps it. Answers
 * the server's patrol ('sent' for an SOS; null when kept) or throws the server's refusal.
 */
export async function sendOrKeep(
  step: Omit<QueuedPatrolStep, 'id'>,
): Promise<{ patrol: GuardPatrol; replayed: boolean } | 'sent' | null> {
  if (queuedSteps().length > 0 || !navigator.onLine) {
    keepPatrolStep(step);
    void flushPatrolSteps();
    return null;
  }
  try {
    return (
      (await sendPatrolAction(step.token, step.siteUuid, step.patrolUuid, step.action)) ?? 'sent'
    );
  } catch (error) {
    const failure = guardFailureOf(error);
    if (failure.status !== null) throw failure;
    keepPatrolStep(step);
    return null;
  }
}

/** How often the kept steps are tried again while the phone is open. */
const RETRY_MS = 15_000;

/**
 * The kept steps while the phone is open: sent when the network returns, on a timer and on
 * request. `onSent` hears the patrols the server answered; `waiting` is how many are kept.
 */
export function usePatrolOutbox(onSent?: (outcome: FlushOutcome) => void) {
  const [waiting, setWaiting] = useState(() => queuedSteps().length);
  const flush = useCallback(async () => {
    if (queuedSteps().length === 0) {
      setWaiting(0);
      return;
    }
    const outcome = await flushPatrolSteps();
    setWaiting(outcome.remaining);
    onSent?.(outcome);
  }, [onSent]);
  useEffect(() => {
    void flush();
    const again = () => void flush();
    window.addEventListener('online', again);
    const timer = setInterval(again, RETRY_MS);
    return () => {
      window.removeEventListener('online', again);
      clearInterval(timer);
    };
  }, [flush]);
  return { waiting, refresh: () => setWaiting(queuedSteps().length), flush };
}
