import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { EPass } from '@contract/visitors';
import { PASS_MESSAGES } from '@rules/pass-issuing';
import * as visitorsApi from '../../api/visitors';
import { createApiThunk } from '../../app/api-thunk';
import { useAppDispatch } from '../../app/hooks';
import { LoadingOverlay } from '../../components/loading-overlay';
import { PassQrCode } from '../../components/pass-qr-code';
import { passWindowText } from '@rules/pass-window-text';
import './epass.css';

/** The visitor's pass by its link's token; null once it is no longer valid. */
export const loadEPass = createApiThunk('epass/loaded', visitorsApi.ePass);

type EPassState =
  | { status: 'loading' }
  | { status: 'found'; pass: EPass }
  | { status: 'gone' }
  | { status: 'failed'; error: string };

function PassCard({ pass }: { pass: EPass }) {
  return (
    <>
      <p className="h4 text-center mb-3 text-break">{pass.name}</p>
      <PassQrCode code={pass.qr_code} name={pass.name} />
      <p className="text-center small text-muted mt-2">Show this code at the gate.</p>
      <dl>
        <dt>Site</dt>
        <dd>{pass.residence_name}</dd>
        <dt>Unit</dt>
        <dd>{pass.unit_name ?? '-'}</dd>
        <dt>Host</dt>
        <dd>{pass.host_name || '-'}</dd>
        <dt>When</dt>
        <dd>{passWindowText(pass)}</dd>
      </dl>
    </>
  );
}

/** /pass/:token: the visitor's e-pass, open to anyone with the link (no sign-in), phone first. */
export function EPassPage() {
  const { token = '' } = useParams();
  const dispatch = useAppDispatch();
  const [state, setState] = useState<EPassState>({ status: 'loading' });

  useEffect(() => {
    setState({ status: 'loading' });
    const request = dispatch(loadEPass(token));
    void request.then((result) => {
      if (loadEPass.fulfilled.match(result)) {
        setState(result.payload ? { status: 'found', pass: result.payload } : { status: 'gone' });
      } else if (!result.meta.aborted) {
        setState({ status: 'failed', error: result.payload ?? 'Request failed.' });
      }
    });
    return () => request.abort();
  }, [dispatch, token]);

  return (
    <main className="epass-page">
      <div className="epass-card card">
        <div className="card-body position-relative">
          <h1 className="h5 text-center mb-3">Visitor Pass</h1>
          {state.status === 'loading' ? <LoadingOverlay text="Loading your pass..." /> : null}
          {state.status === 'found' ? <PassCard pass={state.pass} /> : null}
          {state.status === 'gone' ? (
            <p className="text-center mb-0" role="alert">
              {PASS_MESSAGES.epassGone}
            </p>
          ) : null}
          {state.status === 'failed' ? (
            <p className="text-center mb-0" role="alert">
              {state.error}
            </p>
          ) : null}
        </div>
      </div>
    </main>
  );
}
