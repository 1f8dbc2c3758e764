import { http, HttpResponse } from 'msw';
import type { Unit, UnitBody } from '@contract/units';
import { normalContactNumber, unitFieldErrors } from '@rules/units';
import { API, apiError } from '../api';
import { equalsOf, matchesKeyword, pageOf } from '../filter-text';

function unit(uuid: string, residence: string, name: string, overrides: Partial<Unit> = {}): Unit {
  return {
    uuid,
    residence_uuid: residence,
    residence_name: residence === 'site-1' ? 'Mont Kiara Residence' : 'Bangsar Heights',
    name,
    owner_name: '',
    contact_number: '',
    ...overrides,
  };
}

const initial: readonly Unit[] = [
  unit('unit-1', 'site-1', 'A-12-03', {
    owner_name: 'Tan Mei Ling',
    contact_number: '+60123456789',
  }),
  unit('unit-2', 'site-1', 'A-12-05', { owner_name: 'Rajesh Kumar' }),
  unit('unit-3', 'site-1', 'B-03-01'),
  unit('unit-9', 'site-2', 'C-01-01', { owner_name: 'Nurul Huda' }),
];

let records: Unit[] = [...initial];

/** Fresh units for every test that reads or writes them. */
export function resetUnitRecords(next: readonly Unit[] = initial): void {
  records = [...next];
}

const SORTABLE: Record<string, (row: Unit) => string> = {
  name: (row) => row.name,
  owner_name: (row) => row.owner_name,
  contact_number: (row) => row.contact_number,
};

export const unitHandlers = [
  http.get(`${API}/units/list`, ({ request }) => {
    const params = new URL(request.url).searchParams;
    const filter = params.get('filter') ?? '';
    const site = equalsOf(filter, 'residence_uuid');
    const matching = records.filter(
      (row) =>
        (site === undefined || row.residence_uuid === site) &&
        matchesKeyword(filter, [row.name, row.owner_name, row.contact_number]),
    );
    return HttpResponse.json(pageOf(matching, params, SORTABLE));
  }),

  http.patch(`${API}/units/:uuid`, async ({ params, request }) => {
    const current = records.find((row) => row.uuid === params.uuid);
    if (!current)
      return HttpResponse.json(apiError('NOT_FOUND', 'Unit does not exist.'), { status: 404 });
    const body = (await request.json()) as UnitBody;
    const fields = {
      owner_name: body.owner_name.trim(),
      contact_number: normalContactNumber(body.contact_number),
    };
    const errors = unitFieldErrors(fields);
    const [field] = Object.keys(errors) as Array<keyof typeof errors>;
    if (field) {
      return HttpResponse.json(apiError('INVALID_REQUEST', errors[field] ?? '', field), {
        status: 400,
      });
    }
    const saved = { ...current, ...fields };
    records = records.map((row) => (row.uuid === saved.uuid ? saved : row));
    return HttpResponse.json({ resource: [saved] });
  }),
];
