import { useSearchParams } from 'react-router-dom';
import { Alert } from 'reactstrap';
import { LoadingOverlay } from '../../components/loading-overlay';
import { SitePicker } from '../../components/site-picker';
import { SitePatrols } from './site-patrols';
import { useSiteChoices } from '../options/site-choices';

const MINE = { kind: 'mine' } as const;

/**
 * /patrols (issue 38): a site's rounds walked, its checkpoints and its rounds. The site is in the
 * address (?site=), so the sticker sheet's way back lands on the same site, and an alert's link
 * names its patrol (&patrol=); the sites offered are the caller's with the guard service, as the
 * server scopes them.
 */
export function PatrolsPage() {
  const { sites, loading, error } = useSiteChoices(MINE);
  const [params, setParams] = useSearchParams();
  const asked = params.get('site');
  const site = sites.find((option) => option.uuid === asked) ?? sites[0] ?? null;

  return (
    <section className="position-relative">
      <h1 className="page-title">Patrols</h1>
      {loading ? <LoadingOverlay /> : null}
      {error ? <Alert color="danger">{error}</Alert> : null}
      {!loading && !error && sites.length === 0 ? (
        <p>No sites with the guard service to keep checkpoints for.</p>
      ) : null}
      {site ? (
        <>
          <SitePicker
            className="col-md-4 px-0"
            sites={sites}
            value={site.uuid}
            onChange={(uuid) => setParams({ site: uuid }, { replace: true })}
          />
          <SitePatrols residenceUuid={site.uuid} openPatrol={params.get('patrol')} />
        </>
      ) : null}
    </section>
  );
}
