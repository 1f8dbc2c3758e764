import type { DB } from '../database';
import type { Random } from './random';

/** What every step of the demo seed shares. `db` is the seed's transaction. */
export interface DemoContext {
  db: DB;
  random: Random;
  now: Date;
}

/** File uuids of the generated pictures; rows reuse them rather than storing one file each. */
export interface ImagePools {
  avatars: string[];
  selfies: string[];
  incidentPhotos: string[];
  covers: string[];
}

export interface SeededCompany {
  uuid: string;
  /** The company's own login profile, created with the other accounts. */
  loginUuid: string;
  loginEmail: string;
  loginName: string;
  domain: string;
}

export interface SeededSite {
  uuid: string;
  companyUuid: string;
  lat: number;
  lng: number;
  /** kipleguard_enabled and the feature flags together: a feature is on only if both are. */
  visitors: boolean;
  reporting: boolean;
  attendance: boolean;
  hdf: boolean;
  unitUuids: string[];
}

export interface SeededGuard {
  uuid: string;
  companyUuid: string;
  siteUuids: string[];
  deleted: boolean;
}
