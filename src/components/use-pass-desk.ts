import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { isRepeatRead, type DeskRead } from '../lib/pass-reads';

/** A desk's judgement of a pass: whether the scan it would record is allowed now. */
export interface DeskVerdict {
  allowed: boolean;
}

/** What a desk shows: one pass at a time, from its read to its recorded scan. */
export type PassDeskState<Pass, Verdict extends DeskVerdict, Result> =
  | { step: 'waiting' }
  | { step: 'looking-up'; code: string }
  | { step: 'unknown'; code: string }
  | { step: 'judged'; code: string; pass: Pass; verdict: Verdict }
  | { step: 'recording'; code: string; pass: Pass; verdict: Verdict }
  | { step: 'recorded'; code: string; pass: Pass; result: Result }
  | { step: 'refused'; code: string; pass: Pass; message: string }
  | { step: 'failed'; code: string; message: string };

/** A desk's calls; each rejects with the words to show (an Error's message, or the text). */
export interface PassDeskCalls<Pass, Verdict extends DeskVerdict, Result> {
  /** The pass a code belongs to, or null when none here has it. */
  lookUp: (code: string) => Promise<Pass | null>;
  judge: (pass: Pass) => Verdict;
  /** Records the allowed scan; answers the pass as it now stands and what was recorded. */
  record: (pass: Pass, verdict: Verdict) => Promise<{ pass: Pass; result: Result }>;
}

const wordsOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One scan, one confirmation, as the console's desk and the kiosk's gate both work: a read (a
 * scanner's keystrokes, or the camera) looks the pass up and judges it; a confirmation records the
 * scan. A repeat read of the pass on screen within seconds is dropped; an answer that arrives
 * after a newer read, or after `reset`, is dropped too. The code field keeps focus throughout, so
 * the next pass can be scanned at once.
 */
export function usePassDesk<Pass, Verdict extends DeskVerdict, Result>(
  calls: PassDeskCalls<Pass, Verdict, Result>,
  field: RefObject<HTMLInputElement>,
) {
  const [state, setState] = useState<PassDeskState<Pass, Verdict, Result>>({ step: 'waiting' });
  // Refs, not state: reads arrive faster than renders (a scanner, the camera's frames).
  const stateRef = useRef(state);
  const lastRead = useRef<DeskRead | null>(null);
  // Bumped by each look-up and by reset: an answer of an older generation is dropped.
  const generation = useRef(0);
  const callsRef = useRef(calls);

  useEffect(() => {
    callsRef.current = calls;
  });

  const show = useCallback(
    (next: PassDeskState<Pass, Verdict, Result>) => {
      stateRef.current = next;
      setState(next);
      field.current?.focus();
    },
    [field],
  );

  const read = useCallback(
    async (code: string) => {
      const thisRead = { code, at: Date.now() };
      const previous = lastRead.current;
      lastRead.current = thisRead;
      if (isRepeatRead(previous, thisRead)) return;
      if (stateRef.current.step === 'recording') return;
      const lookUp = ++generation.current;
      show({ step: 'looking-up', code });
      try {
        const pass = await callsRef.current.lookUp(code);
        if (lookUp !== generation.current) return;
        show(
          pass
            ? { step: 'judged', code, pass, verdict: callsRef.current.judge(pass) }
            : { step: 'unknown', code },
        );
      } catch (error) {
        if (lookUp === generation.current) show({ step: 'failed', code, message: wordsOf(error) });
      }
    },
    [show],
  );

  const confirm = useCallback(async () => {
    const current = stateRef.current;
    if (current.step !== 'judged' || !current.verdict.allowed) return;
    // A desk reset meanwhile starts afresh: a late answer must not show on it.
    const session = generation.current;
    show({ ...current, step: 'recording' });
    try {
      const { pass, result } = await callsRef.current.record(current.pass, current.verdict);
      if (session !== generation.current) return;
      show({ step: 'recorded', code: current.code, pass, result });
    } catch (error) {
      if (session !== generation.current) return;
      show({ step: 'refused', code: current.code, pass: current.pass, message: wordsOf(error) });
    }
  }, [show]);

  const reset = useCallback(() => {
    lastRead.current = null;
    generation.current += 1;
    stateRef.current = { step: 'waiting' };
    setState({ step: 'waiting' });
  }, []);

  return { state, read, confirm, reset };
}
