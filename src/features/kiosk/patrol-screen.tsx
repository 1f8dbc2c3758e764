import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input, Label } from 'reactstrap';
import type { GuardPatrol } from '../../api/guard-app';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PassCamera } from '../../components/pass-camera';
import { useFailureText } from './kiosk-failure';
import { useKioskFormat } from './kiosk-format';
import { KioskScreen } from './kiosk-screen';
import { loadPatrols, selectGuardSession, stepChosen } from './kiosk-slice';
import { sendOrKeep, usePatrolOutbox, type FlushOutcome } from './patrol-outbox';

/** A patrol's steps may be taken while it is due or walked, or passed but still open. */
const WALKABLE = new Set(['due', 'in_progress']);

function PatrolWalk({
  patrol,
  siteUuid,
  token,
  onChanged,
  onBack,
  waiting,
  onKept,
}: {
  patrol: GuardPatrol;
  siteUuid: string;
  token: string;
  onChanged: (patrol: GuardPatrol) => void;
  onBack: () => void;
  waiting: number;
  onKept: () => void;
}) {
  const { t } = useTranslation('kiosk');
  const format = useKioskFormat();
  const failureText = useFailureText();
  const codeId = useId();
  const noteId = useId();
  const [code, setCode] = useState('');
  const [note, setNote] = useState('');
  const [camera, setCamera] = useState(false);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ text: string; problem: boolean } | null>(null);

  async function act(action: Parameters<typeof sendOrKeep>[0]['action'], okText: string) {
    setBusy(true);
    setSaid(null);
    try {
      const answer = await sendOrKeep({ token, siteUuid, patrolUuid: patrol.uuid, action });
      if (answer && answer !== 'sent') {
        onChanged(answer.patrol);
        setSaid({ text: okText, problem: false });
      } else {
        onKept();
        setSaid({ text: t('patrol.kept'), problem: false });
      }
      return true;
    } catch (failure) {
      setSaid({ text: failureText(failure), problem: true });
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function scan(text: string) {
    const value = text.trim();
    if (!value || busy) return;
    const done = await act(
      { kind: 'scan', at: new Date().toISOString(), code: value, note: note.trim() },
      t('patrol.scannedOk'),
    );
    if (done) {
      setCode('');
      setNote('');
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void scan(code);
  }

  const open = WALKABLE.has(patrol.state);
  return (
    <KioskScreen
      title={t('patrol.walkTitle', { name: patrol.round_name, time: format.time(patrol.due_at) })}
    >
      <p className="kiosk-lead">
        {t(`patrol.state_${patrol.state}`)} ·{' '}
        {t('patrol.progress', {
          scanned: patrol.checkpoints_scanned,
          total: patrol.checkpoints_total,
        })}{' '}
        · {t('patrol.until', { time: format.time(patrol.closes_at) })}
      </p>
      {waiting > 0 ? (
        <p role="status" className="kiosk-hint">
          {t('patrol.pending', { number: waiting })}
        </p>
      ) : null}
      <h2 className="h4">{t('patrol.checkpoints')}</h2>
      {patrol.in_order ? <p className="kiosk-hint">{t('patrol.orderHint')}</p> : null}
      <ol className="kiosk-checkpoints">
        {patrol.checkpoints.map((point) => (
          <li key={point.uuid}>
            <strong>{point.name}</strong>:{' '}
            {point.scanned_at
              ? t('patrol.scanned', { time: format.time(point.scanned_at) })
              : t('patrol.notScanned')}
          </li>
        ))}
      </ol>
      {open ? (
        <form onSubmit={submit} className="kiosk-patrol-form">
          {patrol.state === 'due' ? (
            <Button
              type="button"
              color="secondary"
              size="lg"
              disabled={busy}
              onClick={() =>
                void act({ kind: 'start', at: new Date().toISOString() }, t('patrol.startedOk'))
              }
            >
              {t('patrol.start')}
            </Button>
          ) : null}
          <Label for={codeId} className="kiosk-label d-block mt-3">
            {t('patrol.code')}
          </Label>
          <Input
            id={codeId}
            value={code}
            autoComplete="off"
            aria-describedby={`${codeId}-help`}
            onChange={(event) => setCode(event.target.value)}
          />
          <p id={`${codeId}-help`} className="kiosk-hint">
            {t('patrol.codeHelp')}
          </p>
          <Label for={noteId} className="kiosk-label">
            {t('patrol.note')}
          </Label>
          <Input
            id={noteId}
            type="textarea"
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <div className="d-flex flex-wrap gap-2 mt-3">
            <Button type="submit" color="primary" size="lg" disabled={busy || !code.trim()}>
              {t('patrol.scan')}
            </Button>
            <Button
              type="button"
              color="secondary"
              outline
              size="lg"
              onClick={() => setCamera((value) => !value)}
            >
              {camera ? t('patrol.closeCamera') : t('patrol.useCamera')}
            </Button>
          </div>
          {camera ? (
            <PassCamera
              onRead={(text) => void scan(text)}
              texts={{
                video: t('camera.video'),
                starting: t('camera.starting'),
                reading: t('patrol.reading'),
                problems: {
                  unsupported: t('camera.unsupported'),
                  denied: t('camera.denied'),
                  missing: t('camera.missing'),
                  failed: t('camera.failed'),
                },
              }}
            />
          ) : null}
        </form>
      ) : null}
      {said ? (
        <p role={said.problem ? 'alert' : 'status'} className={said.problem ? 'kiosk-error' : ''}>
          {said.text}
        </p>
      ) : null}
      <div className="d-flex flex-wrap gap-2 mt-3">
        <Button color="light" size="lg" onClick={onBack}>
          {t('patrol.back')}
        </Button>
        {open ? (
          <Button
            color="success"
            size="lg"
            disabled={busy}
            onClick={() =>
              void act({ kind: 'finish', at: new Date().toISOString() }, t('patrol.finished'))
            }
          >
            {t('patrol.finish')}
          </Button>
        ) : null}
      </div>
    </KioskScreen>
  );
}

/**
 * Walking rounds on the guard's phone (issue 38): the site's rounds due around now, then one
 * round's checkpoints, scanned by the camera or by their code, with a note where something is
 * wrong. A step made with no network is kept on the phone and sent, in order, when it returns.
 */
export function PatrolScreen({ siteUuid }: { siteUuid: string }) {
  const { t } = useTranslation('kiosk');
  const format = useKioskFormat();
  const failureText = useFailureText();
  const dispatch = useAppDispatch();
  const session = useAppSelector(selectGuardSession);
  const [patrols, setPatrols] = useState<GuardPatrol[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [refused, setRefused] = useState<string[]>([]);

  const merge = useCallback((changed: readonly GuardPatrol[]) => {
    setPatrols((list) =>
      list ? list.map((row) => changed.findLast((next) => next.uuid === row.uuid) ?? row) : list,
    );
  }, []);
  const onSent = useCallback(
    (outcome: FlushOutcome) => {
      merge(outcome.patrols);
      if (outcome.refusals.length > 0) setRefused(outcome.refusals.map(failureText));
    },
    [merge, failureText],
  );
  const outbox = usePatrolOutbox(onSent);

  useEffect(() => {
    let live = true;
    void dispatch(loadPatrols()).then((outcome) => {
      if (!live) return;
      if (loadPatrols.fulfilled.match(outcome)) setPatrols(outcome.payload);
      else setFailure(outcome.payload ?? {});
    });
    return () => {
      live = false;
    };
  }, [dispatch]);

  const patrol = patrols?.find((row) => row.uuid === chosen) ?? null;
  if (patrol && session) {
    return (
      <PatrolWalk
        patrol={patrol}
        siteUuid={siteUuid}
        token={session.token}
        waiting={outbox.waiting}
        onKept={outbox.refresh}
        onChanged={(next) => merge([next])}
        onBack={() => setChosen(null)}
      />
    );
  }
  return (
    <KioskScreen title={t('patrol.title')}>
      {outbox.waiting > 0 ? (
        <p role="status" className="kiosk-hint">
          {t('patrol.pending', { number: outbox.waiting })}
        </p>
      ) : null}
      {refused.map((text) => (
        <p key={text} role="alert" className="kiosk-error">
          {text}
        </p>
      ))}
      {failure ? (
        <p role="alert" className="kiosk-error">
          {t('patrol.loadFailed')} {failureText(failure)}
        </p>
      ) : null}
      {patrols === null && !failure ? <p role="status">{t('common.loading')}</p> : null}
      {patrols && patrols.length === 0 ? <p>{t('patrol.none')}</p> : null}
      {patrols && patrols.length > 0 ? (
        <ul className="kiosk-patrols list-unstyled">
          {patrols.map((row) => (
            <li key={row.uuid}>
              <button
                type="button"
                className="kiosk-action w-100 text-start"
                onClick={() => setChosen(row.uuid)}
              >
                <span className="d-block fw-bold">
                  {row.round_name} {format.time(row.due_at)}
                </span>
                <span className="d-block">
                  {t(`patrol.state_${row.state}`)} ·{' '}
                  {t('patrol.progress', {
                    scanned: row.checkpoints_scanned,
                    total: row.checkpoints_total,
                  })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Button color="light" size="lg" onClick={() => dispatch(stepChosen({ name: 'menu' }))}>
        {t('common.backToMenu')}
      </Button>
    </KioskScreen>
  );
}
