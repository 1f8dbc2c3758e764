import { useCallback, useEffect, useState } from 'react';
import type { Visitor } from '@contract/visitors';
import { useAppDispatch } from '../../app/hooks';
import { loadVisitor } from './visitors-slice';

export type VisitorRecord =
  | { status: 'loading'; visitor: null }
  | { status: 'found'; visitor: Visitor; reloading: boolean }
  | { status: 'missing'; visitor: null }
  | { status: 'failed'; visitor: null; error: string };

/**
 * One pass for the page that shows it, and a reload that keeps it on screen meanwhile. An answer
 * for a uuid the page has already left is dropped.
 */
export function useVisitor(uuid: string) {
  const dispatch = useAppDispatch();
  const [record, setRecord] = useState<VisitorRecord>({ status: 'loading', visitor: null });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let current = true;
    setRecord((previous) =>
      previous.status === 'found' && previous.visitor.uuid === uuid
        ? { ...previous, reloading: true }
        : { status: 'loading', visitor: null },
    );
    dispatch(loadVisitor(uuid))
      .unwrap()
      .then(
        (visitor) => {
          if (!current) return;
          setRecord(
            visitor
              ? { status: 'found', visitor, reloading: false }
              : { status: 'missing', visitor: null },
          );
        },
        (error: string) => {
          if (current) setRecord({ status: 'failed', visitor: null, error });
        },
      );
    return () => {
      current = false;
    };
  }, [dispatch, uuid, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { record, reload };
}
