import { useEffect } from 'react';
import { Col, Row } from 'reactstrap';
import { useAppDispatch, useAppSelector } from '../hooks';
import { SECTIONS, type Section } from '../navigation';
import type { DashboardFigures } from '@contract/dashboard';
import type { RoleType } from '@contract/session';
import { ErrorToast } from '../../components/error-toast';
import { FigureCard } from '../../components/figure-card';
import { LoadingOverlay } from '../../components/loading-overlay';
import { BackupStatusLine } from '../../features/backups/backup-status';
import { localDay, NOW_BOARD_PATH, shiftsOfDayPath } from '../../features/shifts/shift-words';
import { OVERSTAY, visitorsShowing } from '../../features/visitors/visitor-quick-filters';
import { selectRole } from '../session/session-slice';
import {
  errorDismissed,
  loadDashboard,
  selectDashboardError,
  selectDashboardLoading,
  selectFigures,
} from '../../features/dashboard/dashboard-slice';

interface CardSpec {
  title: string;
  /** The section the card counts: its View All path, icon and accent. */
  section: Section;
  figures: Array<{
    label: string;
    key: keyof DashboardFigures;
    /** The list of the counted rows, when it has its own filter (see Figure.path). */
    path?: string;
    pathLabel?: (value: number) => string;
  }>;
}

const sitesCard: CardSpec = {
  title: 'Sites',
  section: SECTIONS.sites,
  figures: [{ label: 'Total', key: 'activeSiteCount' }],
};
const incidentsCard: CardSpec = {
  title: 'Incidents',
  section: SECTIONS.incidents,
  figures: [
    { label: 'New Today', key: 'incidentToday' },
    { label: 'Total', key: 'allIncidents' },
  ],
};
const visitorsCard: CardSpec = {
  title: 'Visitors',
  section: SECTIONS.visitors,
  figures: [
    { label: 'Upcoming', key: 'upcomingVisitors' },
    { label: 'Checked-in', key: 'checkedinVisitors' },
    {
      label: OVERSTAY,
      key: 'overstayVisitors',
      path: visitorsShowing('overstay'),
      pathLabel: (value) => `${OVERSTAY}: ${value}, show them in Visitors`,
    },
  ],
};
const companiesCard: CardSpec = {
  title: 'Security Company',
  section: SECTIONS.companies,
  figures: [
    { label: 'Active', key: 'activeSecurityCompany' },
    { label: 'Inactive', key: 'inActiveSecurityCompany' },
  ],
};
const supervisorsCard: CardSpec = {
  title: 'Site Supervisor',
  section: SECTIONS.supervisors,
  figures: [
    { label: 'Active', key: 'activeSupservisor' },
    { label: 'Inactive', key: 'inActiveSupservisor' },
  ],
};
const guardsCard: CardSpec = {
  title: 'Guards',
  section: SECTIONS.guards,
  figures: [
    { label: 'On duty', key: 'onDutyGuard' },
    { label: 'Total', key: 'totalGuard' },
  ],
};

/** Rosters (issue 36): today's missed and late starts, and the posts short of guards now. */
function rosterCard(today: string): CardSpec {
  return {
    title: 'Roster',
    section: SECTIONS.rosters,
    figures: [
      {
        label: 'Missed today',
        key: 'missedToday',
        path: shiftsOfDayPath('no_show', today),
        pathLabel: (value) => `Missed today: ${value}, show the no-shows`,
      },
      {
        label: 'Late today',
        key: 'lateToday',
        path: shiftsOfDayPath('late', today),
        pathLabel: (value) => `Late today: ${value}, show the late starts`,
      },
      {
        label: 'Uncovered now',
        key: 'uncoveredNow',
        path: NOW_BOARD_PATH,
        pathLabel: (value) => `Uncovered now: ${value}, show the Now board`,
      },
    ],
  };
}

/** The TEAM row differs by role, as the spec lays it out. */
export function teamCardsFor(role: RoleType | null): CardSpec[] {
  switch (role) {
    case 'securitycompany':
      return [supervisorsCard, guardsCard];
    case 'sitesupervisor':
      return [guardsCard];
    default:
      return [companiesCard, supervisorsCard, guardsCard];
  }
}

function CardRow({ cards, figures }: { cards: CardSpec[]; figures: DashboardFigures | null }) {
  return (
    <Row className="g-3 mb-4">
      {cards.map((card) => (
        <Col md={4} key={card.title}>
          <FigureCard
            title={card.title}
            icon={card.section.icon}
            accent={card.section.accent}
            viewAllPath={card.section.path}
            figures={card.figures.map((f) => ({ ...f, value: figures?.[f.key] }))}
          />
        </Col>
      ))}
    </Row>
  );
}

export function DashboardPage() {
  const dispatch = useAppDispatch();
  const role = useAppSelector(selectRole);
  const figures = useAppSelector(selectFigures);
  const loading = useAppSelector(selectDashboardLoading);
  const error = useAppSelector(selectDashboardError);

  useEffect(() => {
    void dispatch(loadDashboard());
  }, [dispatch]);

  return (
    <section className="position-relative">
      <h1 className="page-title">Dashboard</h1>
      {loading && !figures ? <LoadingOverlay text="Fetching content..." /> : null}
      <CardRow cards={[sitesCard, incidentsCard, visitorsCard]} figures={figures} />
      <h2 className="section-title">TEAM</h2>
      <CardRow cards={teamCardsFor(role)} figures={figures} />
      <h2 className="section-title">ROSTER</h2>
      <CardRow cards={[rosterCard(localDay(new Date()))]} figures={figures} />
      {role === 'superadmin' ? <BackupStatusLine /> : null}
      <ErrorToast message={error} onDismiss={() => dispatch(errorDismissed())} />
    </section>
  );
}
