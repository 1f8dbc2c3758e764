import { http, HttpResponse } from 'msw';
import { sites } from '../../fixtures/organisation';
import { API } from '../api';

/** Understands the two filters the console sends for site options: the flag and the company. */
export const siteHandlers = [
  http.get(`${API}/data/residences`, ({ request }) => {
    const filter = new URL(request.url).searchParams.get('filter') ?? '';
    const company = /security_company_uuid='([^']+)'/.exec(filter)?.[1];
    const onlyEnabled = filter.includes('kipleguard_enabled=1');
    const matching = sites.filter(
      (site) =>
        (!company || site.security_company_uuid === company) &&
        (!onlyEnabled || site.kipleguard_enabled === 1),
    );
    return HttpResponse.json({ resource: matching, meta: { count: matching.length } });
  }),
];
