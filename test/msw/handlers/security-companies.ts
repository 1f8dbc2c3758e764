import { http, HttpResponse } from 'msw';
import { companies } from '../../fixtures/organisation';
import { API } from '../api';

export const securityCompanyHandlers = [
  http.get(`${API}/securitycompanies/list`, () =>
    HttpResponse.json({ resource: companies, meta: { count: companies.length } }),
  ),
];
