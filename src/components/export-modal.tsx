import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, ModalBody, ModalFooter, Progress } from 'reactstrap';
import { Dialog } from './dialog';
import { errorText } from '../api/client';

export type ExportChoice = 'page' | 'entire';

export interface ExportModalProps<Row> {
  isOpen: boolean;
  onClose: () => void;
  /** e.g. 'Guard_Attendance.csv'. */
  fileName: string;
  /** The rows on screen, for Export Current Page. */
  pageRows: readonly Row[];
  /** Every row with the screen's filter and sort; must stop its request when `signal` aborts. */
  fetchAll: (signal: AbortSignal, onProgress: (percent: number) => void) => Promise<Row[]>;
  /** The file's text; the entire list may head its columns differently from the current page. */
  toCsv: (rows: readonly Row[], choice: ExportChoice) => Promise<string>;
}

type ExportStep =
  | { step: 'choose' }
  | { step: 'running'; percent: number }
  | { step: 'done' }
  | { step: 'empty' }
  | { step: 'failed'; message: string };

const IN_PROGRESS =
  'Export in progress. Please do not close this window. Closing this window will stop the export.';
const ENTIRE_LIST_HINT =
  'Exporting the entire list may take longer, depending on the total number of records.';

function ExportProgress({ percent }: { percent: number }) {
  const labelId = useId();
  return (
    <div className="mb-3">
      <div id={labelId} className="small text-muted mb-1">
        Progress
      </div>
      <Progress value={percent} barAriaLabelledBy={labelId}>
        {percent}%
      </Progress>
    </div>
  );
}

/**
 * A hint shown on hover and focus and hidden by Escape. Bootstrap's tooltip look without
 * reactstrap's Tooltip, whose Popper wrapper fails its own prop types under React 18.3.
 */
function Hinted({ hint, children }: { hint: string; children: (hintId: string) => ReactNode }) {
  const hintId = useId();
  const [shown, setShown] = useState(false);
  return (
    <span
      className="position-relative d-inline-block"
      onMouseEnter={() => setShown(true)}
      onMouseLeave={() => setShown(false)}
      onFocus={() => setShown(true)}
      onBlur={() => setShown(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && shown) {
          // Hides the hint only; the modal stays open.
          event.stopPropagation();
          setShown(false);
        }
      }}
    >
      {children(hintId)}
      <span
        role="tooltip"
        id={hintId}
        hidden={!shown}
        className="tooltip bs-tooltip-bottom show export-hint"
      >
        <span className="tooltip-inner d-block">{hint}</span>
      </span>
    </span>
  );
}

/**
 * Exports the current page or the entire list as CSV. Closing the modal stops an export at once:
 * the request in flight is aborted and nothing is saved.
 */
export function ExportModal<Row>({
  isOpen,
  onClose,
  fileName,
  pageRows,
  fetchAll,
  toCsv,
}: ExportModalProps<Row>) {
  const [state, setState] = useState<ExportStep>({ step: 'choose' });
  const running = useRef<AbortController | null>(null);

  const stop = () => {
    running.current?.abort();
    running.current = null;
  };
  // Leaving the screen mid-export stops it too.
  useEffect(() => () => running.current?.abort(), []);

  /** Writes and saves the file; file-saver loads on the first export, not with the screen. */
  async function save(rows: readonly Row[], choice: ExportChoice, signal?: AbortSignal) {
    if (rows.length === 0) {
      setState({ step: 'empty' });
      return;
    }
    const [{ saveAs }, text] = await Promise.all([import('file-saver'), toCsv(rows, choice)]);
    if (signal?.aborted) return;
    saveAs(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
    setState({ step: 'done' });
  }

  async function exportCurrentPage() {
    try {
      await save(pageRows, 'page');
    } catch (error) {
      setState({ step: 'failed', message: errorText(error) });
    }
  }

  async function exportEntireList() {
    const controller = new AbortController();
    running.current = controller;
    setState({ step: 'running', percent: 0 });
    try {
      const rows = await fetchAll(controller.signal, (percent) => {
        if (!controller.signal.aborted) setState({ step: 'running', percent });
      });
      if (controller.signal.aborted) return;
      await save(rows, 'entire', controller.signal);
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ step: 'failed', message: errorText(error) });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }

  function close() {
    stop();
    onClose();
  }

  const busy = state.step === 'running';
  return (
    <Dialog
      isOpen={isOpen}
      title="Export"
      toggle={close}
      onClosed={() => setState({ step: 'choose' })}
      centered
    >
      <ModalBody>
        <div className="d-flex flex-wrap gap-2 mb-3">
          <Button color="primary" outline disabled={busy} onClick={() => void exportCurrentPage()}>
            Export Current Page
          </Button>
          <Hinted hint={ENTIRE_LIST_HINT}>
            {(hintId) => (
              <Button
                color="primary"
                disabled={busy}
                aria-describedby={hintId}
                onClick={() => void exportEntireList()}
              >
                Export Entire List
              </Button>
            )}
          </Hinted>
        </div>
        {state.step === 'running' ? (
          <>
            <ExportProgress percent={state.percent} />
            <p role="status">{IN_PROGRESS}</p>
          </>
        ) : null}
        {state.step === 'done' ? (
          <>
            <ExportProgress percent={100} />
            <p role="status">Export done.</p>
          </>
        ) : null}
        {state.step === 'empty' ? (
          <Alert color="warning" fade={false}>
            Nothing to export.
          </Alert>
        ) : null}
        {state.step === 'failed' ? (
          <Alert color="danger" fade={false}>
            {state.message}
          </Alert>
        ) : null}
      </ModalBody>
      <ModalFooter>
        <Button color="secondary" outline onClick={close}>
          Close
        </Button>
      </ModalFooter>
    </Dialog>
  );
}
