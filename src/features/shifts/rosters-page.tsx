import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { LoadingOverlay } from '../../components/loading-overlay';
import { SitePicker } from '../../components/site-picker';
import { NOW_BOARD_PATH, SHIFT_LIST_PATH } from './shift-words';
import { SiteRoster } from './site-roster';
import { loadRosterSites, selectRosterSites, selectRosterSitesStatus } from './shifts-slice';

/**
 * /rosters: a site's week, for those who plan its shifts. The site is in the address (?site=), so
 * a week can be linked to and reloaded; the sites offered are the caller's, as the server scopes
 * them (a supervisor sees their own).
 */
export function RostersPage() {
  const dispatch = useAppDispatch();
  const sites = useAppSelector(selectRosterSites);
  const status = useAppSelector(selectRosterSitesStatus);
  const [params, setParams] = useSearchParams();

  useEffect(() => {
    void dispatch(loadRosterSites());
  }, [dispatch]);

  const asked = params.get('site');
  const site = sites.find((option) => option.uuid === asked) ?? sites[0] ?? null;

  return (
    <section className="position-relative">
      <h1 className="page-title roster-no-print">Roster</h1>
      <nav aria-label="Roster views" className="roster-no-print roster-views mb-3">
        <Link to={NOW_BOARD_PATH}>Now board</Link>
        <Link to={SHIFT_LIST_PATH}>Today’s shifts</Link>
      </nav>
      {status === 'loading' && sites.length === 0 ? <LoadingOverlay /> : null}
      {status === 'loaded' && sites.length === 0 ? (
        <p>No sites with the guard service to plan shifts for.</p>
      ) : null}
      {site ? (
        <>
          <SitePicker
            className="roster-no-print roster-site-picker"
            sites={sites}
            value={site.uuid}
            onChange={(uuid) => setParams({ site: uuid }, { replace: true })}
          />
          <SiteRoster key={site.uuid} siteUuid={site.uuid} siteName={site.name} />
        </>
      ) : null}
    </section>
  );
}
