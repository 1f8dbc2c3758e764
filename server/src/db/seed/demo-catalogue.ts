/** The fixed part of the demo data: companies, sites and incident wording. People are generated. */
import type { VisitorTypeName } from '@rules/walk-ins';

export const SUPERADMIN_EMAIL = 'superadmin@example.com';
export const COMPANY_EMAIL = 'company@example.com';
export const SUPERVISOR_EMAIL = 'supervisor@example.com';

export interface CompanyEntry {
  name: string;
  /** Sub-domain of example.com for the company's staff e-mail addresses. */
  domain: string;
  loginEmail: string;
  loginName: string;
  brn: string;
  licenseNumber: string;
  /** Negative for a lapsed licence. */
  licenseExpiresInDays: number;
  address: string;
  lat: number;
  lng: number;
  active: boolean;
}

export const COMPANIES: readonly CompanyEntry[] = [
  {
    name: 'Perisai Guard Services Sdn Bhd',
    domain: 'perisai',
    loginEmail: COMPANY_EMAIL,
    loginName: 'Kamal Company',
    brn: '201501012345 (1138765-A)',
    licenseNumber: 'KDN.PKK/0123/2015',
    licenseExpiresInDays: 420,
    address: 'Level 8, Menara Perisai, Jalan Tun Razak, 50400 Kuala Lumpur',
    lat: 3.163,
    lng: 101.719,
    active: true,
  },
  {
    name: 'Harimau Security Sdn Bhd',
    domain: 'harimau',
    loginEmail: 'ops@harimau.example.com',
    loginName: 'ops@harimau.example.com',
    brn: '201201034567 (1004321-K)',
    licenseNumber: 'KDN.PKK/0456/2012',
    licenseExpiresInDays: 150,
    address: 'No. 22, Jalan Kuching, 51200 Kuala Lumpur',
    lat: 3.188,
    lng: 101.675,
    active: true,
  },
  {
    name: 'Benteng Protection Sdn Bhd',
    domain: 'benteng',
    loginEmail: 'ops@benteng.example.com',
    loginName: 'ops@benteng.example.com',
    brn: '200801009876 (812345-W)',
    licenseNumber: 'KDN.PKK/0789/2008',
    licenseExpiresInDays: -45,
    address: 'Lot 5, Jalan Cheras, 56100 Kuala Lumpur',
    lat: 3.09,
    lng: 101.74,
    active: false,
  },
];

export interface SiteEntry {
  name: string;
  /** Index into COMPANIES. */
  company: number;
  type: 'Residence' | 'Condominium' | 'Landed';
  status: 'ACTIVE' | 'INACTIVE';
  address: string;
  lat: number;
  lng: number;
  /** 0 turns the guard service off for the site, whatever its other flags say. */
  enabled: 0 | 1;
  visitors: 0 | 1;
  reporting: 0 | 1;
  attendance: 0 | 1;
  hdf: 0 | 1;
  cover: boolean;
}

export const SITES: readonly SiteEntry[] = [
  {
    name: 'Arcoris Residences Mont Kiara',
    company: 0,
    type: 'Condominium',
    status: 'ACTIVE',
    address: 'No. 10, Jalan Kiara, Mont Kiara, 50480 Kuala Lumpur',
    lat: 3.171,
    lng: 101.652,
    enabled: 1,
    visitors: 1,
    reporting: 1,
    attendance: 1,
    hdf: 1,
    cover: true,
  },
  {
    name: 'Residensi Vista Bangsar',
    company: 0,
    type: 'Condominium',
    status: 'ACTIVE',
    address: 'Jalan Bangsar Utama 1, 59000 Kuala Lumpur',
    lat: 3.129,
    lng: 101.678,
    enabled: 1,
    visitors: 1,
    reporting: 1,
    attendance: 1,
    hdf: 0,
    cover: true,
  },
  {
    name: 'The Park Sky Residence Bukit Jalil',
    company: 0,
    type: 'Condominium',
    status: 'ACTIVE',
    address: 'Persiaran Jalil Utama, Bukit Jalil, 57000 Kuala Lumpur',
    lat: 3.058,
    lng: 101.689,
    enabled: 1,
    visitors: 1,
    reporting: 1,
    attendance: 0,
    hdf: 1,
    cover: true,
  },
  {
    name: 'Damansara Heights Villas',
    company: 0,
    type: 'Landed',
    status: 'ACTIVE',
    address: 'Jalan Setiabakti, Bukit Damansara, 50490 Kuala Lumpur',
    lat: 3.151,
    lng: 101.66,
    enabled: 1,
    visitors: 0,
    reporting: 1,
    attendance: 1,
    hdf: 0,
    cover: true,
  },
  {
    name: 'Setia Sky Residences KLCC',
    company: 0,
    type: 'Residence',
    status: 'ACTIVE',
    address: 'No. 88, Jalan Tun Razak, 50400 Kuala Lumpur',
    lat: 3.158,
    lng: 101.712,
    enabled: 0,
    visitors: 1,
    reporting: 1,
    attendance: 1,
    hdf: 0,
    cover: true,
  },
  {
    name: 'Cheras Vista Condominium',
    company: 0,
    type: 'Condominium',
    status: 'ACTIVE',
    address: 'Jalan Cheras Hartamas, 56100 Kuala Lumpur',
    lat: 3.095,
    lng: 101.743,
    enabled: 1,
    visitors: 1,
    reporting: 0,
    attendance: 0,
    hdf: 0,
    cover: false,
  },
  {
    name: 'Desa ParkCity Northbrook',
    company: 1,
    type: 'Landed',
    status: 'ACTIVE',
    address: 'Persiaran Residen, Desa ParkCity, 52200 Kuala Lumpur',
    lat: 3.187,
    lng: 101.63,
    enabled: 1,
    visitors: 1,
    reporting: 1,
    attendance: 1,
    hdf: 1,
    cover: true,
  },
  {
    name: 'Residensi Wangsa Maju',
    company: 1,
    type: 'Residence',
    status: 'ACTIVE',
    address: 'Jalan 4/27A, Seksyen 1 Wangsa Maju, 53300 Kuala Lumpur',
    lat: 3.205,
    lng: 101.737,
    enabled: 1,
    visitors: 1,
    reporting: 1,
    attendance: 1,
    hdf: 0,
    cover: true,
  },
  {
    name: 'Sri Hartamas Residences',
    company: 1,
    type: 'Condominium',
    status: 'ACTIVE',
    address: 'Jalan Sri Hartamas 1, 50480 Kuala Lumpur',
    lat: 3.162,
    lng: 101.65,
    enabled: 0,
    visitors: 0,
    reporting: 0,
    attendance: 0,
    hdf: 0,
    cover: true,
  },
  {
    name: 'TTDI Greenfields Terrace',
    company: 1,
    type: 'Landed',
    status: 'ACTIVE',
    address: 'Jalan Tun Mohd Fuad, Taman Tun Dr Ismail, 60000 Kuala Lumpur',
    lat: 3.139,
    lng: 101.629,
    enabled: 1,
    visitors: 0,
    reporting: 1,
    attendance: 1,
    hdf: 0,
    cover: true,
  },
  {
    name: 'Sentul Point Suites',
    company: 2,
    type: 'Condominium',
    status: 'ACTIVE',
    address: 'Jalan Sentul Pasar, 51000 Kuala Lumpur',
    lat: 3.185,
    lng: 101.691,
    enabled: 1,
    visitors: 1,
    reporting: 1,
    attendance: 1,
    hdf: 0,
    cover: true,
  },
  {
    name: 'Ampang Hilir Court',
    company: 2,
    type: 'Residence',
    status: 'INACTIVE',
    address: 'Lorong Ampang Hilir, 55000 Kuala Lumpur',
    lat: 3.16,
    lng: 101.748,
    enabled: 1,
    visitors: 1,
    reporting: 0,
    attendance: 1,
    hdf: 0,
    cover: false,
  },
];

export interface IncidentCategoryEntry {
  name: string;
  descriptions: readonly string[];
  action: string;
}

export const INCIDENT_CATEGORIES: readonly IncidentCategoryEntry[] = [
  {
    name: 'Theft',
    descriptions: [
      'Resident reported a bicycle missing from the basement parking bay.',
      'Parcel reported stolen from the lobby parcel shelf.',
      'Side mirror stolen from a car parked at level P2.',
    ],
    action: 'CCTV footage saved for management; resident advised to lodge a police report.',
  },
  {
    name: 'Fire',
    descriptions: [
      'Smoke seen coming from the bin centre behind Block B.',
      'Small fire at a garden lighting panel.',
    ],
    action: 'Fire put out with an extinguisher; BOMBA informed and the area cordoned off.',
  },
  {
    name: 'Trespassing',
    descriptions: [
      'Unknown person entered through the side gate by tailgating a resident car.',
      'Two people found on the rooftop without access cards.',
    ],
    action: 'Persons escorted out of the premises and their details recorded.',
  },
  {
    name: 'Vandalism',
    descriptions: [
      'Graffiti found on the wall next to the guardhouse.',
      'Lift button panel in Block A damaged.',
    ],
    action: 'Photos taken and management office informed for repair.',
  },
  {
    name: 'Suspicious Person',
    descriptions: [
      'Man loitering near the main gate taking photos of the car park.',
      'Person seen checking car door handles in the visitor parking area.',
    ],
    action: 'Person questioned and asked to leave; patrols increased for the night.',
  },
  {
    name: 'Medical Emergency',
    descriptions: [
      'Elderly resident fainted at the swimming pool area.',
      'Contractor cut his hand while renovating a unit.',
    ],
    action: 'First aid given; ambulance arrived within 15 minutes.',
  },
  {
    name: 'Parking',
    descriptions: [
      'Visitor car blocking the fire lane in front of the lobby.',
      "Car parked in another owner's allocated bay.",
    ],
    action: 'Owner contacted and car moved; warning notice issued.',
  },
  {
    name: 'Noise Complaint',
    descriptions: [
      'Loud party reported at a unit after 11 pm.',
      'Renovation drilling outside permitted hours.',
    ],
    action: 'Unit occupant advised to keep the noise down; logged for management.',
  },
];

/**
 * Visitor pass categories (the visitor types of src/lib/rules/walk-ins.ts), each listed as often
 * as it should be drawn.
 */
export const VISITOR_CATEGORIES: readonly VisitorTypeName[] = [
  'Visitor',
  'Visitor',
  'Visitor',
  'Delivery',
  'Delivery',
  'Contractor',
  'Taxi/E-hailing',
];
