import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Col, Row } from 'reactstrap';
import type { SiteFigures } from '@contract/dashboard';
import { useAppDispatch, useAppSelector } from '../hooks';
import { SECTIONS } from '../navigation';
import { BackLink } from '../../components/back-link';
import { ErrorToast } from '../../components/error-toast';
import { FigureCard } from '../../components/figure-card';
import { LoadingOverlay } from '../../components/loading-overlay';
import {
  errorDismissed,
  loadSite,
  loadSiteFigures,
  selectSite,
  selectSiteDetailsError,
  selectSiteFigures,
  selectSiteStatus,
  selectSiteUuid,
} from '../../features/sites/site-details-slice';
import { SiteKiosks } from '../../features/sites/site-kiosks';
import { SiteTabs } from './site-tabs';
import { OVERSTAY } from '../../features/visitors/visitor-quick-filters';

function SiteFigureCards({ figures }: { figures: SiteFigures | null }) {
  const cards = [
    {
      title: 'Visitors',
      section: SECTIONS.visitors,
      figures: [
        { label: 'Upcoming', value: figures?.upcomingVisitors },
        { label: 'Checked-in', value: figures?.checkedinVisitors },
        { label: OVERSTAY, value: figures?.overstayVisitors },
      ],
    },
    {
      title: 'Incidents',
      section: SECTIONS.incidents,
      figures: [
        { label: 'New Today', value: figures?.incidentToday },
        { label: 'Total', value: figures?.allIncidents },
      ],
    },
    {
      title: 'Guards',
      section: SECTIONS.guards,
      figures: [
        { label: 'On Duty', value: figures?.onDutyGuard },
        { label: 'Total', value: figures?.totalGuard },
      ],
    },
  ];
  return (
    <Row className="g-3 mb-4">
      {cards.map((card) => (
        <Col md={4} key={card.title}>
          <FigureCard
            title={card.title}
            icon={card.section.icon}
            accent={card.section.accent}
            figures={card.figures}
          />
        </Col>
      ))}
    </Row>
  );
}

const backToSites = <BackLink to="/sites">Back to Sites</BackLink>;

/**
 * /site-details/:siteUuid/:companyUuid. The site record carries its company, so only the site
 * uuid is read; the company segment is kept for the spec's route shape.
 */
export function SiteDetailsPage() {
  const { siteUuid = '' } = useParams();
  const dispatch = useAppDispatch();
  // Until the effect below runs, the store may still hold the site of an earlier visit.
  const isCurrent = useAppSelector(selectSiteUuid) === siteUuid;
  const site = useAppSelector(selectSite);
  const status = useAppSelector(selectSiteStatus);
  const figures = useAppSelector(selectSiteFigures);
  const error = useAppSelector(selectSiteDetailsError);

  useEffect(() => {
    void dispatch(loadSite(siteUuid));
    void dispatch(loadSiteFigures(siteUuid));
  }, [dispatch, siteUuid]);

  const toast = <ErrorToast message={error} onDismiss={() => dispatch(errorDismissed())} />;

  if (isCurrent && (status === 'missing' || status === 'failed')) {
    return (
      <section>
        <h1 className="page-title">Site Details</h1>
        {backToSites}
        {status === 'missing' ? <p>Record does not exist.</p> : null}
        {toast}
      </section>
    );
  }

  if (!isCurrent || !site) {
    return (
      <section className="position-relative site-details-loading">
        <LoadingOverlay text="Fetching content..." />
      </section>
    );
  }

  return (
    <section>
      <h1 className="page-title">{site.name}</h1>
      {backToSites}
      {site.kipleguard_enabled !== 1 ? (
        <Alert color="warning" fade={false}>
          The guard service is off for this site: it is not offered when assigning guards.
        </Alert>
      ) : null}
      <SiteFigureCards figures={figures} />
      <SiteTabs key={site.uuid} site={site} />
      <SiteKiosks site={site} />
      {toast}
    </section>
  );
}
