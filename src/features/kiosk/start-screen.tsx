import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Input, Label } from 'reactstrap';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { KioskGuard } from '@contract/guard-app';
import { GuardPhoto } from './guard-photo';
import { useFailureText } from './kiosk-failure';
import { useOutbox, useOutboxSnapshot } from './kiosk-outbox';
import { useAutoRetry } from './kiosk-retry';
import { KioskScreen } from './kiosk-screen';
import { guardPicked, listGuards, selectSessionEnded } from './kiosk-slice';

/** The pause in typing after which the guards are searched, so each key does not ask the server. */
const SEARCH_PAUSE_MS = 300;

type GuardsResult =
  | { status: 'loading' }
  | { status: 'found'; guards: KioskGuard[]; search: string }
  | { status: 'failed'; failure: unknown };

/** Incident reports still on this kiosk, and those the server refused when they were resent. */
function OutboxStatus() {
  const { t } = useTranslation('kiosk');
  const failureText = useFailureText();
  const outbox = useOutbox();
  const { waiting, refusals } = useOutboxSnapshot();
  return (
    <>
      <p role="status" className={`kiosk-outbox${waiting > 0 ? ' kiosk-outbox-waiting' : ''}`}>
        {t('start.waiting', { number: waiting })}
      </p>
      {refusals.length > 0 ? (
        <Alert color="danger" fade={false}>
          <p className="mb-1 fw-semibold">{t('start.refused')}</p>
          <ul>
            {refusals.map((refusal, index) => (
              <li key={index}>{failureText(refusal)}</li>
            ))}
          </ul>
          <Button
            color="danger"
            outline
            className="kiosk-button"
            onClick={() => outbox.dismissRefusals()}
          >
            {t('common.dismiss')}
          </Button>
        </Alert>
      ) : null}
    </>
  );
}

function GuardCards({ result }: { result: GuardsResult }) {
  const { t } = useTranslation('kiosk');
  const failureText = useFailureText();
  const dispatch = useAppDispatch();
  if (result.status === 'loading') return <p role="status">{t('common.loading')}</p>;
  if (result.status === 'failed') {
    return (
      <>
        <p role="alert" className="kiosk-lead">
          {t('start.guardsFailed')} {failureText(result.failure)}
        </p>
        <p className="kiosk-hint">{t('common.retrying')}</p>
      </>
    );
  }
  const { guards, search } = result;
  return (
    <>
      <p role="status" className="visually-hidden">
        {t('start.found', { number: guards.length })}
      </p>
      {guards.length === 0 ? (
        <p className="kiosk-lead">
          {search ? t('start.noMatch', { search }) : t('start.noGuards')}
        </p>
      ) : (
        <ul className="kiosk-guards" aria-label={t('start.guards')}>
          {guards.map((guard) => (
            <li key={guard.uuid}>
              <button
                type="button"
                className="kiosk-guard"
                onClick={() => dispatch(guardPicked(guard))}
              >
                <GuardPhoto name={guard.name} url={guard.profile_image_url} />
                <span className="kiosk-guard-name">{guard.name}</span>
                <span className="kiosk-guard-id">{t('start.guardId', { id: guard.guard_id })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The kiosk at rest: which guard is here, found by name or guard ID. */
export function StartScreen() {
  const { t } = useTranslation('kiosk');
  const dispatch = useAppDispatch();
  const sessionEnded = useAppSelector(selectSessionEnded);
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [result, setResult] = useState<GuardsResult>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // Failed loads in a row; while above 0 the list is asked for again by itself.
  const [failures, setFailures] = useState(0);
  useAutoRetry(failures, () => setAttempt((value) => value + 1));

  useEffect(() => {
    let current = true;
    const text = search.trim();
    const timer = setTimeout(
      () => {
        dispatch(listGuards(text))
          .unwrap()
          .then(
            (guards) => {
              if (!current) return;
              setResult({ status: 'found', guards, search: text });
              setFailures(0);
            },
            (failure: unknown) => {
              if (!current) return;
              setResult({ status: 'failed', failure });
              setFailures((value) => value + 1);
            },
          );
      },
      text ? SEARCH_PAUSE_MS : 0,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [dispatch, search, attempt]);

  return (
    <KioskScreen title={t('start.title')}>
      {sessionEnded ? (
        <Alert color="warning" fade={false}>
          {sessionEnded === 'superseded' ? t('start.sessionSuperseded') : t('start.sessionExpired')}
        </Alert>
      ) : null}
      <OutboxStatus />
      <div className="kiosk-search">
        <Label for={searchId}>{t('start.search')}</Label>
        <Input
          id={searchId}
          type="search"
          bsSize="lg"
          autoComplete="off"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <GuardCards result={result} />
      {result.status === 'failed' ? (
        <Button
          color="primary"
          size="lg"
          className="kiosk-button"
          onClick={() => {
            setResult({ status: 'loading' });
            setAttempt((value) => value + 1);
          }}
        >
          {t('common.retry')}
        </Button>
      ) : null}
    </KioskScreen>
  );
}
