import { useCallback, useEffect, useRef, useState } from 'react';
import UserPlus from 'lucide-react/icons/user-plus';
import { useTranslation } from 'react-i18next';
import { Button } from 'reactstrap';
import type { VisitorTab } from '../../api/guard-app';
import { useAppDispatch } from '../../app/hooks';
import { Tabs, type Tab } from '../../components/tabs';
import { localDayText } from '../../lib/device-time';
import type { GuardAppVisitor, GuardAppVisitorCounts } from '@contract/guard-app';
import { GateDesk, type GateDirection } from './gate-desk';
import { GateVisitor } from './gate-visitor';
import { useFailureText } from './kiosk-failure';
import { KioskScreen } from './kiosk-screen';
import { listVisitors, moveVisitor, stepChosen } from './kiosk-slice';
import { WalkInForm } from './walk-in-form';

const TABS: readonly VisitorTab[] = ['upcoming', 'checked_in', 'overtime'];

/**
 * What the gate last did from its lists or its walk-in form, said above the lists. After a list's
 * action the notice takes focus: the visitor's button has gone with the visitor to another tab.
 */
interface GateNotice {
  tone: 'done' | 'refused';
  text: string;
  focus: boolean;
}

type ListState =
  | { status: 'loading' }
  | { status: 'loaded'; visitors: GuardAppVisitor[] }
  | { status: 'failed'; failure: unknown };

/** One tab's visitors today, each with the check-in or check-out the pass allows now. */
function VisitorList({
  tab,
  refreshKey,
  onCounts,
  onMove,
}: {
  tab: VisitorTab;
  refreshKey: number;
  onCounts: (counts: GuardAppVisitorCounts) => void;
  onMove: (visitor: GuardAppVisitor, direction: GateDirection) => void;
}) {
  const { t } = useTranslation('kiosk');
  const failureText = useFailureText();
  const dispatch = useAppDispatch();
  const [list, setList] = useState<ListState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    dispatch(listVisitors({ date: localDayText(new Date()), tab }))
      .unwrap()
      .then(
        ({ counts, visitors }) => {
          if (!current) return;
          onCounts(counts);
          setList({ status: 'loaded', visitors });
        },
        (failure: unknown) => {
          if (current) setList({ status: 'failed', failure });
        },
      );
    return () => {
      current = false;
    };
  }, [dispatch, tab, refreshKey, onCounts]);

  if (list.status === 'loading') return <p role="status">{t('common.loading')}</p>;
  if (list.status === 'failed') {
    return (
      <p role="alert" className="kiosk-error">
        {t('gate.listFailed')} {failureText(list.failure)}
      </p>
    );
  }
  if (list.visitors.length === 0) return <p className="kiosk-lead">{t('gate.none')}</p>;
  return (
    <ul className="kiosk-visitors">
      {list.visitors.map((visitor) => (
        <li key={visitor.id} className="kiosk-visitor">
          <GateVisitor visitor={visitor} />
          <div className="kiosk-visitor-actions">
            {visitor.refusal ? (
              <p className="kiosk-visitor-refusal">{failureText(visitor.refusal)}</p>
            ) : null}
            {visitor.can_check_in ? (
              <Button
                color="success"
                size="lg"
                className="kiosk-button"
                aria-label={t('gate.checkInName', { name: visitor.name })}
                onClick={() => onMove(visitor, 'check-in')}
              >
                {t('gate.checkIn')}
              </Button>
            ) : null}
            {visitor.can_check_out ? (
              <Button
                color="primary"
                size="lg"
                className="kiosk-button"
                aria-label={t('gate.checkOutName', { name: visitor.name })}
                onClick={() => onMove(visitor, 'check-out')}
              >
                {t('gate.checkOut')}
              </Button>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The gate: scan passes at the desk, today's visitors by tab with their counts, and walk-in
 * registration. The code field has focus when the gate opens, so a scanner works at once.
 */
export function GateScreen() {
  const { t } = useTranslation('kiosk');
  const failureText = useFailureText();
  const dispatch = useAppDispatch();
  const codeField = useRef<HTMLInputElement>(null);
  const walkInButton = useRef<HTMLButtonElement>(null);
  const noticeText = useRef<HTMLParagraphElement>(null);
  const [counts, setCounts] = useState<GuardAppVisitorCounts | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const [notice, setNotice] = useState<GateNotice | null>(null);
  const [walkIn, setWalkIn] = useState(false);

  useEffect(() => {
    codeField.current?.focus();
  }, []);

  const refresh = useCallback(() => setRefreshKey((value) => value + 1), []);

  useEffect(() => {
    if (notice?.focus) noticeText.current?.focus();
  }, [notice]);

  const move = useCallback(
    async (visitor: GuardAppVisitor, direction: GateDirection) => {
      setNotice(null);
      try {
        await dispatch(moveVisitor({ visitorId: visitor.id, direction })).unwrap();
        setNotice({
          tone: 'done',
          text:
            direction === 'check-in'
              ? t('gate.checkedInText', { name: visitor.name })
              : t('gate.checkedOutText', { name: visitor.name }),
          focus: true,
        });
        refresh();
      } catch (failure) {
        setNotice({
          tone: 'refused',
          text: failureText(failure),
          focus: true,
        });
      }
    },
    [dispatch, refresh, t, failureText],
  );

  function closeWalkIn(registered: GuardAppVisitor | null) {
    setWalkIn(false);
    if (registered) {
      setNotice({
        tone: 'done',
        text: t('walkIn.registered', { name: registered.name }),
        focus: false,
      });
      refresh();
    }
  }

  // Back from the form, focus returns to the button that opened it.
  const walkInClosed = useRef(false);
  useEffect(() => {
    if (walkIn) walkInClosed.current = true;
    else if (walkInClosed.current) walkInButton.current?.focus();
  }, [walkIn]);

  const label = (tab: VisitorTab) => {
    const name = t(`gate.tabs.${tab}`);
    return counts ? t('gate.tabs.withCount', { tab: name, number: counts[tab] }) : name;
  };
  const tabs: Tab[] = TABS.map((tab) => ({
    id: tab,
    label: label(tab),
    render: () => (
      <VisitorList
        key={tab}
        tab={tab}
        refreshKey={refreshKey}
        onCounts={setCounts}
        onMove={(visitor, direction) => void move(visitor, direction)}
      />
    ),
  }));

  return (
    <KioskScreen title={t('gate.title')} focusHeading={false}>
      {walkIn ? (
        <WalkInForm onClose={closeWalkIn} />
      ) : (
        <>
          <GateDesk field={codeField} onRecorded={refresh} />
          <div className="kiosk-gate-lists">
            <div className="kiosk-gate-lists-head">
              <h2 className="kiosk-subtitle">{t('gate.today')}</h2>
              <Button
                innerRef={walkInButton}
                color="primary"
                size="lg"
                className="kiosk-button"
                onClick={() => setWalkIn(true)}
              >
                <UserPlus size={24} aria-hidden="true" />
                {t('gate.walkIn')}
              </Button>
            </div>
            {/* Always there, so that each notice put into it is read out. */}
            <div aria-live="polite">
              {notice ? (
                <p
                  ref={noticeText}
                  tabIndex={-1}
                  role={notice.tone === 'refused' ? 'alert' : undefined}
                  className={notice.tone === 'refused' ? 'kiosk-error' : 'kiosk-notice'}
                >
                  {notice.text}
                </p>
              ) : null}
            </div>
            <Tabs label={t('gate.today')} tabs={tabs} />
          </div>
          <Button
            color="secondary"
            outline
            size="lg"
            className="kiosk-button"
            onClick={() => dispatch(stepChosen({ name: 'menu' }))}
          >
            {t('common.backToMenu')}
          </Button>
        </>
      )}
    </KioskScreen>
  );
}
