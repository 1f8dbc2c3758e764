import type { Random } from './random';

/** Names, numbers and places that look Malaysian, for seed data. None of them is a real person. */

export interface Person {
  name: string;
  /** Lower-case 'given.family', for building e-mail addresses. */
  handle: string;
  nationality: string;
  birthdate: string;
  icPassportNumber: string;
}

interface NamePool {
  nationality: string;
  male: readonly string[];
  female: readonly string[];
  /** Family names, or fathers' names where the name is patronymic. */
  family: readonly string[];
  /** Builds the full name; patronymic names put 'bin', 'a/l' and the like between the parts. */
  compose: (given: string, family: string, male: boolean) => string;
  /** Foreigners carry a passport number instead of a MyKad number. */
  passport?: { prefix: string; digits: number };
}

const MALAY: NamePool = {
  nationality: 'Malaysian',
  male: ['Ahmad', 'Muhammad Hafiz', 'Azman', 'Khairul', 'Syafiq', 'Amirul', 'Faizal', 'Zulkifli'],
  female: ['Nurul Aisyah', 'Siti Aminah', 'Farah', 'Liyana', 'Zarina', 'Nur Izzati'],
  family: ['Ismail', 'Abdullah', 'Razak', 'Hassan', 'Osman', 'Rahman', 'Yusof', 'Hamid'],
  compose: (given, family, male) => `${given} ${male ? 'bin' : 'binti'} ${family}`,
};
const CHINESE: NamePool = {
  nationality: 'Malaysian',
  male: ['Wei Ming', 'Chee Keong', 'Kah Wai', 'Boon Hock', 'Jun Hao', 'Yong Sheng'],
  female: ['Mei Ling', 'Siew Lan', 'Jia Hui', 'Li Ting', 'Pei Shan', 'Xin Yi'],
  family: ['Tan', 'Lim', 'Wong', 'Lee', 'Ng', 'Chong', 'Ooi', 'Teh', 'Goh', 'Chan'],
  compose: (given, family) => `${family} ${given}`,
};
const INDIAN: NamePool = {
  nationality: 'Malaysian',
  male: ['Ramesh', 'Suresh', 'Ganesan', 'Kumar', 'Rajesh', 'Vijay'],
  female: ['Kavitha', 'Priya', 'Devi', 'Saraswathy', 'Malini'],
  family: ['Subramaniam', 'Krishnan', 'Muthu', 'Rajan', 'Selvaraj', 'Arumugam'],
  compose: (given, family, male) => `${given} ${male ? 'a/l' : 'a/p'} ${family}`,
};
const NEPALESE: NamePool = {
  nationality: 'Nepalese',
  male: ['Ram Bahadur', 'Bishnu', 'Dil Bahadur', 'Krishna', 'Santosh', 'Hari', 'Min Bahadur'],
  female: ['Sita', 'Gita', 'Sunita'],
  family: ['Gurung', 'Thapa', 'Rai', 'Magar', 'Tamang', 'Shrestha', 'Limbu'],
  compose: (given, family) => `${given} ${family}`,
  passport: { prefix: 'PA', digits: 7 },
};
const BANGLADESHI: NamePool = {
  nationality: 'Bangladeshi',
  male: ['Mohammad Rahim', 'Abdul Karim', 'Md Shahidul', 'Rafiqul', 'Jahangir'],
  female: ['Nasrin', 'Shirin'],
  family: ['Uddin', 'Islam', 'Hossain', 'Ahmed', 'Miah'],
  compose: (given, family) => `${given} ${family}`,
  passport: { prefix: 'A', digits: 8 },
};

const MALAYSIAN_POOLS: readonly NamePool[] = [MALAY, MALAY, MALAY, CHINESE, CHINESE, INDIAN];
const FOREIGN_POOLS: readonly NamePool[] = [NEPALESE, NEPALESE, BANGLADESHI];

/** Two-digit state codes from the birth place part of a MyKad number (KL, Selangor, Johor, Penang, Perak, Sabah). */
const BIRTH_STATE_CODES = ['14', '10', '01', '07', '08', '12'];

const pad2 = (n: number) => String(n).padStart(2, '0');

function birthDate(random: Random, now: Date): Date {
  const age = random.int(21, 58);
  return new Date(Date.UTC(now.getUTCFullYear() - age, random.int(0, 11), random.int(1, 28)));
}

/** MyKad numbers are YYMMDD-PB-###G: birth date, birth place, and a last digit odd for men. */
function myKadNumber(random: Random, birth: Date, male: boolean): string {
  const yymmdd = `${pad2(birth.getUTCFullYear() % 100)}${pad2(birth.getUTCMonth() + 1)}${pad2(birth.getUTCDate())}`;
  const last = random.int(0, 4) * 2 + (male ? 1 : 0);
  return `${yymmdd}-${random.pick(BIRTH_STATE_CODES)}-${random.digits(3)}${last}`;
}

function handleOf(given: string, family: string): string {
  return `${given}.${family}`.toLowerCase().replace(/[^a-z.]/g, '');
}

/** A person; `foreignShare` is the chance of a Nepalese or Bangladeshi worker with a passport. */
export function randomPerson(random: Random, now: Date, foreignShare = 0): Person {
  const pool = random.pick(random.chance(foreignShare) ? FOREIGN_POOLS : MALAYSIAN_POOLS);
  // Foreign guards in Malaysia are nearly all men; local staff less so.
  const male = random.chance(pool.passport ? 0.9 : 0.7);
  const given = random.pick(male ? pool.male : pool.female);
  const family = random.pick(pool.family);
  const birth = birthDate(random, now);
  return {
    name: pool.compose(given, family, male),
    handle: handleOf(given, family),
    nationality: pool.nationality,
    birthdate: birth.toISOString().slice(0, 10),
    icPassportNumber: pool.passport
      ? `${pool.passport.prefix}${random.digits(pool.passport.digits)}`
      : myKadNumber(random, birth, male),
  };
}

/** A mobile number in the 60 country-code form the product expects: 60 then 9 or 10 digits. */
export function phoneNumber(random: Random): string {
  const prefix = random.pick(['12', '13', '16', '17', '18', '19', '10', '11']);
  return `60${prefix}${random.digits(prefix === '11' ? 8 : 7)}`;
}

/** A car plate: W for Kuala Lumpur, B for Selangor, V for the newer KL series; H for taxis. */
export function carPlate(random: Random, taxi = false): string {
  const series = taxi ? 'H' : random.pick(['W', 'B', 'V']);
  return `${series}${random.letters(2)} ${random.int(1, 9999)}`;
}

const STREETS = [
  ['Jalan Tun Razak', '50400 Kuala Lumpur'],
  ['Jalan Ampang', '50450 Kuala Lumpur'],
  ['Jalan Cheras', '56100 Kuala Lumpur'],
  ['Jalan Kuching', '51200 Kuala Lumpur'],
  ['Jalan Bangsar', '59200 Kuala Lumpur'],
  ['Jalan SS 2/24', '47300 Petaling Jaya, Selangor'],
  ['Jalan Klang Lama', '58000 Kuala Lumpur'],
  ['Jalan Genting Kelang', '53300 Kuala Lumpur'],
  ['Jalan Puchong', '58200 Kuala Lumpur'],
] as const;

export function streetAddress(random: Random): string {
  const [street, town] = random.pick(STREETS);
  return `No. ${random.int(1, 120)}, ${street}, ${town}`;
}

/** A strata unit number, block-floor-unit, as condominium units are named: 'A-12-03'. */
export function unitName(random: Random): string {
  return `${random.pick(['A', 'B', 'C'])}-${pad2(random.int(1, 38))}-${pad2(random.int(1, 12))}`;
}
