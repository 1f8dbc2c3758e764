import type { DashboardFigures, SiteFigures } from '@contract/dashboard';
import type { ResourceResponse } from '@contract/list';
import { apiGet } from './client';
import { equals } from './filters';

export async function getFigures(): Promise<DashboardFigures> {
  return (await apiGet<ResourceResponse<DashboardFigures>>('/dashboard/data')).resource;
}

export async function getSiteFigures(siteUuid: string): Promise<SiteFigures> {
  const params = { filter: equals('residence_uuid', siteUuid) };
  return (await apiGet<ResourceResponse<SiteFigures>>('/dashboard/sitedata', { params })).resource;
}
