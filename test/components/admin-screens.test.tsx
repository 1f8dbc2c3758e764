import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Login } from '@contract/logins';
import type { SecurityCompany } from '@contract/security-companies';
import type { SiteSupervisor } from '@contract/site-supervisors';
import { formatAdminTimestamp } from '../../src/lib/dates';
import { COMPANY_MESSAGES } from '@rules/security-companies';
import { API, apiError } from '../msw/api';
import { ADMIN_PASSWORD, adminScreenRows } from '../msw/handlers/admin-screens';
import { server } from '../msw/server';
import { renderApp } from './render-app';
import { pressEscape } from './sites-support';
import { LIST_COLUMNS } from '../fixtures/list-columns';

const company = (overrides: Partial<SecurityCompany> = {}): SecurityCompany => ({
  uuid: 'company-1',
  name: 'Aegis Guarding Sdn Bhd',
  brn: '201901012345',
  license_number: 'KDN-1001',
  license_expiry_date: '2027-01-31',
  address: '1 Jalan Ampang, Kuala Lumpur',
  lat: 3.1579,
  lng: 101.7123,
  is_active: 1,
  kg_user_profile_uuid: 'profile-1',
  email: 'ops@aegis.example.com',
  kg_user_profile: { email: 'ops@aegis.example.com' },
  residences: [{ uuid: 'site-1', name: 'Mont Kiara Residence', kipleguard_enabled: 1 }],
  site_count: 1,
  guard_count: 12,
  created_at: '2025-01-02 03:04:05',
  updated_at: '2025-01-02 03:04:05',
  ...overrides,
});

const supervisor: SiteSupervisor = {
  uuid: 'supervisor-1',
  supervisor_name: 'Siti Rahman',
  supervisor_email: 'siti@aegis.example.com',
  staff_id: 'STF-1',
  is_active: 1,
  created_at: '2025-02-03 04:05:06',
  security_company_uuid: 'company-1',
  kg_security_company: { uuid: 'company-1', name: 'Aegis Guarding Sdn Bhd' },
  kg_user_profile_uuid: 'profile-siti',
  kg_user_profiles_by_kg_user_profile_uuid: {
    phone: '60123456789',
    address: '3 Jalan Ampang',
    ic_passport_number: '900101-14-5678',
    photo: null,
    photo_url: null,
  },
  kg_residence_supervisors: [
    {
      residence_uuid: 'site-1',
      residence_name: 'Mont Kiara Residence',
      residence_kipleguard_enabled: 1,
    },
    {
      residence_uuid: 'site-2',
      residence_name: 'Bangsar Heights',
      residence_kipleguard_enabled: 1,
    },
    { residence_uuid: 'site-9', residence_name: 'Old Annex', residence_kipleguard_enabled: 0 },
  ],
};

const login: Login = {
  uuid: 'login-1',
  security_company_uuid: 'company-1',
  security_company_name: 'Aegis Guarding Sdn Bhd',
  security_company_is_active: 1,
  user_email: 'desk@aegis.example.com',
  is_active: 0,
  created_at: '2025-03-04 05:06:07',
  access_type: 'securitycompany',
  residences: [{ residence_name: 'Mont Kiara Residence' }, { residence_name: 'Bangsar Heights' }],
};

/** Records every request to the API with its method, path, query, headers and JSON body. */
function recordRequests() {
  const seen: Array<{
    method: string;
    path: string;
    query: URLSearchParams;
    headers: Headers;
    body: unknown;
  }> = [];
  server.events.on('request:start', async ({ request }) => {
    const url = new URL(request.url);
    const body =
      request.method === 'GET' || request.method === 'DELETE' ? null : await request.clone().text();
    let parsed: unknown = body;
    try {
      parsed = body ? JSON.parse(body) : null;
    } catch {
      // multipart bodies stay as text
    }
    seen.push({
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: parsed,
    });
  });
  return seen;
}

const headersOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);

async function shownModal() {
  return waitFor(() => {
    const modal = document.querySelector<HTMLElement>('.modal.show');
    if (!modal) throw new Error('No modal is shown yet.');
    return modal;
  });
}

beforeEach(() => {
  adminScreenRows.companies = [
    company(),
    company({
      uuid: 'company-2',
      name: 'Benteng Protection',
      is_active: 0,
      email: null,
      kg_user_profile: null,
    }),
  ];
  adminScreenRows.supervisors = [supervisor];
  adminScreenRows.logins = [login];
  server.use(
    http.get(`${API}/securitycompanies/list`, () =>
      HttpResponse.json({
        resource: adminScreenRows.companies,
        meta: { count: adminScreenRows.companies.length },
      }),
    ),
    http.get(`${API}/data/residences`, () =>
      HttpResponse.json({
        resource: [
          { uuid: 'site-1', name: 'Mont Kiara Residence' },
          { uuid: 'site-3', name: 'Cheras Vista' },
        ],
        meta: { count: 2 },
      }),
    ),
  );
});

/** Adds Charlie Protection as the superadmin, with the given login email, and submits. */
async function submitNewCompany(email: string) {
  const { user } = renderApp('/security-company', { role: 'superadmin' });
  await screen.findByText('Aegis Guarding Sdn Bhd');
  await user.click(screen.getByRole('button', { name: 'Add' }));
  const modal = await shownModal();
  await user.type(within(modal).getByLabelText('Name'), 'Charlie Protection');
  await user.type(within(modal).getByLabelText('BRN'), '202401012345');
  await user.type(within(modal).getByLabelText('License No.'), 'KDN-1234');
  await user.type(within(modal).getByLabelText('Address'), '12 Jalan Tun Razak');
  await user.click(await within(modal).findByLabelText('Cheras Vista'));
  await user.type(within(modal).getByLabelText('Email'), email);
  await user.type(within(modal).getByLabelText('Password'), 'Charlie@123');
  await user.click(within(modal).getByRole('button', { name: 'Submit' }));
  return { user, modal };
}

describe('Security Companies', () => {
  it('lists companies by name with the spec’s columns, Created at as HH:mm:ss DD/MM/YYYY', async () => {
    const seen = recordRequests();
    renderApp('/security-company', { role: 'superadmin' });
    const table = await screen.findByRole('table', { name: 'Security Companies' });
    expect(screen.getByRole('heading', { name: 'Security Companies' })).toBeInTheDocument();
    await within(table).findByText('Aegis Guarding Sdn Bhd');
    expect(headersOf(table)).toEqual(LIST_COLUMNS.companies);
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('ops@aegis.example.com');
    expect(first).toHaveTextContent(formatAdminTimestamp('2025-01-02 03:04:05'));
    expect(formatAdminTimestamp('2025-01-02 03:04:05')).toMatch(/^\d{2}:\d{2}:05 0[23]\/01\/2025$/);
    expect(first).toHaveTextContent('Active');
    expect(second).toHaveTextContent('Inactive');
    const list = seen.find((request) => request.path === `${API}/securitycompanies/list`);
    expect(list?.query.get('order')).toBe('name asc');
    // The counts are not sortable: their headers offer no sort button.
    expect(within(table).queryByRole('button', { name: /No\. of Sites/ })).toBeNull();
    expect(within(table).getByRole('button', { name: /Security Company/ })).toBeInTheDocument();
  });

  it('shows every message of the add form to the letter', async () => {
    const { user } = renderApp('/security-company', { role: 'superadmin' });
    await screen.findByText('Aegis Guarding Sdn Bhd');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const modal = await shownModal();
    expect(within(modal).getByText('Add Security Company')).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Submit' }));
    for (const message of [
      'Please enter your company name',
      'Please enter your BRN',
      'Please enter your license number',
      'Please enter your address',
      'Please enter your e-mail',
      'Please enter your password',
    ]) {
      expect(await within(modal).findByText(message)).toBeInTheDocument();
    }
    await user.type(within(modal).getByLabelText('Latitude (optional)'), '91');
    await user.tab();
    expect(
      await within(modal).findByText('Please enter values in decimal degree e.g +/-89.111111'),
    ).toBeInTheDocument();
    expect(within(modal).getByText('Please enter your longitude')).toBeInTheDocument();
    await user.clear(within(modal).getByLabelText('Latitude (optional)'));
    await user.type(within(modal).getByLabelText('Longitude (optional)'), '181');
    await user.tab();
    expect(
      await within(modal).findByText('Please enter values in decimal degree e.g +/-179.111111'),
    ).toBeInTheDocument();
    expect(within(modal).getByText('Please enter your latitude')).toBeInTheDocument();

    await user.type(within(modal).getByLabelText('License Expiry Date'), '31/02/2027');
    await user.tab();
    expect(
      await within(modal).findByText('Please enter the license expiry date as a real date.'),
    ).toBeInTheDocument();
  });

  it('shows a refusal the server names a field for at that field, not in a toast', async () => {
    server.use(
      http.post(`${API}/securitycompanies/add`, () =>
        HttpResponse.json(apiError('SITE_TAKEN', COMPANY_MESSAGES.siteTaken, 'residence_uuid'), {
          status: 409,
        }),
      ),
    );
    const { modal } = await submitNewCompany('ops@charlie.example.com');

    const sites = within(modal).getByRole('group', { name: 'Site' });
    expect(await within(sites).findByText(COMPANY_MESSAGES.siteTaken)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(modal).getByLabelText('Name')).toHaveValue('Charlie Protection');
  });

  it('refuses an email a login uses, then adds the company, shows Success Added and reloads page 1', async () => {
    const seen = recordRequests();
    server.use(
      http.post(`${API}/securitycompanies/add`, async ({ request }) =>
        HttpResponse.json({
          resource: [company({ uuid: 'company-9', ...((await request.json()) as object) })],
        }),
      ),
    );
    const { user, modal } = await submitNewCompany('company@example.com');
    expect(await within(modal).findByText('Email is already in use.')).toBeInTheDocument();

    await user.clear(within(modal).getByLabelText('Email'));
    await user.type(within(modal).getByLabelText('Email'), 'ops@charlie.example.com');
    await user.click(within(modal).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Success Added')).toBeInTheDocument();
    const add = seen.find((request) => request.path === `${API}/securitycompanies/add`);
    expect(add?.body).toEqual({
      name: 'Charlie Protection',
      brn: '202401012345',
      license_number: 'KDN-1234',
      license_expiry_date: null,
      address: '12 Jalan Tun Razak',
      lat: null,
      lng: null,
      is_active: 1,
      residence_uuid: ['site-3'],
      email: 'ops@charlie.example.com',
      identifier: 'ops@charlie.example.com',
      challenge: 'Charlie@123',
      type: 'userpass',
    });
    const reload = seen
      .filter((request) => request.path === `${API}/securitycompanies/list`)
      .at(-1);
    expect(reload?.query.get('offset')).toBe('0');
  });

  it('edits with the email locked, and deletes after asking the spec’s question', async () => {
    const seen = recordRequests();
    server.use(
      http.patch(`${API}/securitycompanies/:uuid`, () =>
        HttpResponse.json({ resource: [company()] }),
      ),
      http.delete(`${API}/securitycompanies/:uuid`, () =>
        HttpResponse.json({ resource: [{ uuid: 'company-1' }] }),
      ),
    );
    const { user } = renderApp('/security-company', { role: 'superadmin' });
    await screen.findByText('Aegis Guarding Sdn Bhd');
    await user.click(screen.getByRole('button', { name: 'Edit Aegis Guarding Sdn Bhd' }));
    const modal = await shownModal();
    expect(within(modal).getByText('Edit Security Company')).toBeInTheDocument();
    expect(within(modal).getByLabelText('Email')).toBeDisabled();
    expect(within(modal).queryByLabelText('Password')).toBeNull();
    expect(within(modal).getByRole('switch')).toBeChecked();
    // The licence's expiry is typed and shown as DD/MM/YYYY, and sent as the API's date.
    const expiry = within(modal).getByLabelText('License Expiry Date');
    expect(expiry).toHaveValue('31/01/2027');
    await user.clear(expiry);
    await user.type(expiry, '29/02/2028');
    await user.click(within(modal).getByRole('switch'));
    await user.click(within(modal).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Success Updated')).toBeInTheDocument();
    const patch = seen.find((request) => request.method === 'PATCH');
    expect(patch?.body).toMatchObject({
      is_active: 0,
      residence_uuid: ['site-1'],
      license_expiry_date: '2028-02-29',
    });
    expect(patch?.body).not.toHaveProperty('challenge');

    await user.click(screen.getByRole('button', { name: 'Delete Benteng Protection' }));
    const confirm = await shownModal();
    expect(
      within(confirm).getByText('Are you sure you want to delete this item?'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Success Deleted')).toBeInTheDocument();
  });
});

describe('Giving up sites in Edit Security Company', () => {
  const saved = () =>
    server.use(
      http.patch(`${API}/securitycompanies/:uuid`, () =>
        HttpResponse.json({ resource: [company()] }),
      ),
    );

  /** Edit Security Company for Aegis Guarding, its site choices loaded. */
  async function openEditAegis() {
    const { user } = renderApp('/security-company', { role: 'superadmin' });
    await screen.findByText('Aegis Guarding Sdn Bhd');
    await user.click(screen.getByRole('button', { name: 'Edit Aegis Guarding Sdn Bhd' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Security Company' });
    await within(form).findByLabelText('Cheras Vista');
    return { user, form };
  }

  const moveRequests = (seen: ReturnType<typeof recordRequests>) =>
    seen.filter(
      (r) =>
        r.method === 'GET' &&
        r.path.startsWith(`${API}/data/residences/`) &&
        r.path.endsWith('/move'),
    );

  it('shows per site what giving up ends and that its records stay; Cancel saves nothing', async () => {
    adminScreenRows.companies = [
      company({
        residences: [
          { uuid: 'site-1', name: 'Mont Kiara Residence', kipleguard_enabled: 1 },
          { uuid: 'site-2', name: 'Bangsar Heights', kipleguard_enabled: 1 },
        ],
      }),
    ];
    saved();
    const seen = recordRequests();
    const { user, form } = await openEditAegis();
    const license = within(form).getByLabelText('License No.');
    await user.clear(license);
    await user.type(license, 'KDN-2002');
    await user.click(within(form).getByLabelText('Mont Kiara Residence'));
    await user.click(within(form).getByLabelText('Bangsar Heights'));
    await user.click(within(form).getByRole('button', { name: 'Submit' }));

    const confirm = await screen.findByRole('dialog', { name: 'Give up 2 sites?' });
    expect(moveRequests(seen).map((r) => [r.path, r.query.get('security_company_uuid')])).toEqual([
      [`${API}/data/residences/site-1/move`, ''],
      [`${API}/data/residences/site-2/move`, ''],
    ]);
    expect(
      within(confirm)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Mont Kiara Residence', 'Bangsar Heights']);
    const montKiara = within(confirm).getByRole('heading', { name: 'Mont Kiara Residence' })
      .parentElement as HTMLElement;
    expect(
      within(montKiara)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '3 guards of Aegis Guarding Sdn Bhd lose this site',
      '1 supervisor loses this site',
      '1 kiosk is signed out for good',
      '1 open shift is checked out now',
    ]);
    expect(montKiara).toHaveTextContent(
      'Its 1,204 attendance records, 56 visitor passes and 3 incidents stay with the site, which no company will see until one is given it.',
    );
    expect(
      within(confirm)
        .getAllByRole('button')
        .map((button) => button.textContent || button.getAttribute('aria-label')),
    ).toEqual(['Close', 'Cancel', 'Save and give up sites']);

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Give up/ })).toBeNull());
    // Back on the form, as it was left, with the focus in it.
    expect(screen.getByRole('dialog', { name: 'Edit Security Company' })).toBe(form);
    await waitFor(() => expect(form).toContainElement(document.activeElement as HTMLElement));
    expect(within(form).getByLabelText('License No.')).toHaveValue('KDN-2002');
    expect(within(form).getByLabelText('Mont Kiara Residence')).not.toBeChecked();
    expect(within(form).getByLabelText('Bangsar Heights')).not.toBeChecked();
    expect(seen.filter((r) => r.method === 'PATCH')).toEqual([]);
  });

  it('goes back on Escape, and saves once giving up is confirmed', async () => {
    saved();
    const seen = recordRequests();
    const { user, form } = await openEditAegis();
    await user.click(within(form).getByLabelText('Mont Kiara Residence'));
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    let confirm = await screen.findByRole('dialog', { name: 'Give up Mont Kiara Residence?' });
    pressEscape(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Give up/ })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Edit Security Company' })).toBe(form);
    expect(seen.filter((r) => r.method === 'PATCH')).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    confirm = await screen.findByRole('dialog', { name: 'Give up Mont Kiara Residence?' });
    expect(seen.filter((r) => r.method === 'PATCH')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Save and give up sites' }));
    expect(await screen.findByText('Success Updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const patches = seen.filter((r) => r.method === 'PATCH');
    expect(patches.map((r) => r.path)).toEqual([`${API}/securitycompanies/company-1`]);
    expect(patches[0]?.body).toMatchObject({ residence_uuid: [] });
  });

  it('saves without asking when no site is given up, even with a free one added', async () => {
    saved();
    const seen = recordRequests();
    const { user, form } = await openEditAegis();
    await user.click(within(form).getByLabelText('Cheras Vista'));
    await user.click(within(form).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Success Updated')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /^Give up/ })).toBeNull();
    expect(moveRequests(seen)).toEqual([]);
    const patches = seen.filter((r) => r.method === 'PATCH');
    expect(patches[0]?.body).toMatchObject({ residence_uuid: ['site-1', 'site-3'] });
  });

  it('saves without asking when a site given up ends nothing and has no records', async () => {
    saved();
    server.use(
      http.get(`${API}/data/residences/:uuid/move`, () =>
        HttpResponse.json({
          from_company_name: 'Aegis Guarding Sdn Bhd',
          to_company_name: null,
          moves: true,
          ends: { guard_links: 0, supervisor_links: 0, kiosks: 0, open_shifts: 0 },
          records: { attendances: 0, visitors: 0, incidents: 0 },
        }),
      ),
    );
    const seen = recordRequests();
    const { user, form } = await openEditAegis();
    await user.click(within(form).getByLabelText('Mont Kiara Residence'));
    await user.click(within(form).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Success Updated')).toBeInTheDocument();
    expect(moveRequests(seen)).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: /^Give up/ })).toBeNull();
    expect(seen.filter((r) => r.method === 'PATCH')[0]?.body).toMatchObject({
      residence_uuid: [],
    });
  });

  it('shows a failed preview in the form and saves nothing', async () => {
    saved();
    server.use(
      http.get(`${API}/data/residences/:uuid/move`, () =>
        HttpResponse.json(apiError('FORBIDDEN', 'Only the super administrator moves sites.'), {
          status: 403,
        }),
      ),
    );
    const seen = recordRequests();
    const { user, form } = await openEditAegis();
    await user.click(within(form).getByLabelText('Mont Kiara Residence'));
    await user.click(within(form).getByRole('button', { name: 'Submit' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Only the super administrator moves sites.',
    );
    expect(screen.queryByRole('dialog', { name: /^Give up/ })).toBeNull();
    expect(seen.filter((r) => r.method === 'PATCH')).toEqual([]);
    expect(within(form).getByLabelText('Mont Kiara Residence')).not.toBeChecked();
  });
});

describe('Site Supervisors', () => {
  it('lists supervisors by name with their guarded sites in a tooltip', async () => {
    const seen = recordRequests();
    renderApp('/site-super', { role: 'securitycompany' });
    const table = await screen.findByRole('table', { name: 'Site Supervisors' });
    await within(table).findByText('Siti Rahman');
    expect(headersOf(table)).toEqual(LIST_COLUMNS.supervisors);
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getAllByRole('cell')[2]).toHaveTextContent('2');
    expect(within(row).getByTitle('Mont Kiara Residence, Bangsar Heights')).toBeInTheDocument();
    expect(seen.find((r) => r.path === `${API}/sitesupervisors/list`)?.query.get('order')).toBe(
      'supervisor_name asc',
    );
  });

  it('shows every message of the add form to the letter, and keeps letters out of the phone', async () => {
    const { user } = renderApp('/site-super', { role: 'superadmin' });
    await screen.findByText('Siti Rahman');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const modal = await shownModal();
    await user.click(within(modal).getByRole('button', { name: 'Submit' }));
    for (const message of [
      'Please select the security company',
      'Please enter the name',
      'Please enter the phone number',
      'Please enter the Email',
      'Please enter the password',
    ]) {
      expect(await within(modal).findByText(message)).toBeInTheDocument();
    }
    const phone = within(modal).getByLabelText('Phone');
    await user.type(phone, '01x2-3');
    expect(phone).toHaveValue('0123');
    await user.tab();
    expect(await within(modal).findByText('Phone number should start with 60')).toBeInTheDocument();
  });

  it('uploads a new photo first, then saves with it, locked with the spec’s words meanwhile', async () => {
    const seen = recordRequests();
    let release: () => void = () => undefined;
    server.use(
      http.post(`${API}/sitesupervisors/add`, async ({ request }) => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json({
          resource: [{ ...supervisor, ...((await request.json()) as object) }],
        });
      }),
    );
    const { user } = renderApp('/site-super', { role: 'securitycompany' });
    await screen.findByText('Siti Rahman');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const modal = await shownModal();
    // A company's own staff add supervisors to their own company only.
    expect(within(modal).getByLabelText('Security Company')).toBeDisabled();
    await user.upload(
      within(modal).getByLabelText('Photo'),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'siti.png', { type: 'image/png' }),
    );
    await user.type(within(modal).getByLabelText('Name'), 'Nur Aina');
    await user.type(within(modal).getByLabelText('Phone'), '60198765432');
    await user.type(within(modal).getByLabelText('Email'), 'aina@aegis.example.com');
    await user.type(within(modal).getByLabelText('Password'), 'Aina@1234');
    await user.click(await within(modal).findByLabelText('Cheras Vista'));
    await user.click(within(modal).getByRole('button', { name: 'Submit' }));
    expect(
      await within(modal).findByText("Adding new site supervisor. Please don't close this window."),
    ).toBeInTheDocument();
    expect(within(modal).queryByRole('button', { name: 'Cancel' })).toBeNull();
    release();
    expect(await screen.findByText('Success Added')).toBeInTheDocument();
    const paths = seen.filter((r) => r.method === 'POST').map((r) => r.path);
    const upload = paths.findIndex((path) => path.startsWith(`${API}/files/Kgguards/`));
    expect(upload).toBeGreaterThanOrEqual(0);
    expect(paths.indexOf(`${API}/sitesupervisors/add`)).toBeGreaterThan(upload);
    const add = seen.find((r) => r.path === `${API}/sitesupervisors/add`);
    expect(add?.body).toMatchObject({
      security_company_uuid: 'company-1',
      name: 'Nur Aina',
      phone: '60198765432',
      is_active: 1,
      residence_uuid: ['site-3'],
      email: 'aina@aegis.example.com',
      identifier: 'aina@aegis.example.com',
      challenge: 'Aina@1234',
      type: 'userpass',
      photo: expect.any(String),
      photo_url: expect.any(String),
    });
  });

  it('clears the chosen sites when the company changes', async () => {
    adminScreenRows.companies = [company(), company({ uuid: 'company-2', name: 'Benteng' })];
    const { user } = renderApp('/site-super', { role: 'superadmin' });
    await screen.findByText('Siti Rahman');
    await user.click(screen.getByRole('button', { name: 'Edit Siti Rahman' }));
    const modal = await shownModal();
    expect(await within(modal).findByLabelText('Mont Kiara Residence')).toBeChecked();
    await user.selectOptions(within(modal).getByLabelText('Security Company'), 'company-2');
    await waitFor(() =>
      expect(within(modal).getByLabelText('Mont Kiara Residence')).not.toBeChecked(),
    );
  });
});

describe('Logins', () => {
  async function openLogins() {
    const app = renderApp('/users', { role: 'securitycompany' });
    await screen.findByText('desk@aegis.example.com');
    return app;
  }

  it('lists logins with the password masked as ten asterisks, uuid descending', async () => {
    const seen = recordRequests();
    await openLogins();
    const table = screen.getByRole('table', { name: 'Logins' });
    expect(screen.getByRole('heading', { name: 'Logins' })).toBeInTheDocument();
    expect(headersOf(table)).toEqual(LIST_COLUMNS.logins);
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('**********');
    expect(within(row).getByRole('img', { name: 'Password hidden' })).toHaveTextContent(
      '**********',
    );
    expect(row).toHaveTextContent('Mont Kiara Residence, Bangsar Heights');
    expect(row).toHaveTextContent('Inactive');
    const list = seen.find((r) => r.path === `${API}/logins/list`);
    expect(list?.query.get('order')).toBe('uuid desc');
    expect(list?.query.get('filter')).toBe("((access_type='securitycompany'))");
  });

  it('checks the form, then verification; a wrong password shows Admin verification failed and saves nothing', async () => {
    const seen = recordRequests();
    server.use(
      http.post(`${API}/logins/add`, async ({ request }) =>
        HttpResponse.json({ resource: [{ ...login, ...((await request.json()) as object) }] }),
      ),
    );
    const { user } = await openLogins();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const modal = await shownModal();
    expect(within(modal).getByText('Add Login')).toBeInTheDocument();
    expect(within(modal).getByRole('switch')).not.toBeChecked();
    await user.click(within(modal).getByRole('button', { name: 'Next' }));
    expect(await within(modal).findByText('Email address is required.')).toBeInTheDocument();
    expect(within(modal).getByText('Password is required.')).toBeInTheDocument();
    await user.type(within(modal).getByLabelText('Email'), 'night@aegis.example.com');
    await user.type(within(modal).getByLabelText('Password'), 'Night@1234');
    await user.click(within(modal).getByRole('button', { name: 'Next' }));

    const step = await screen.findByRole('form', { name: 'Verification' });
    // The step's dialog is named by its title.
    expect(screen.getByRole('dialog', { name: 'Verification' })).toContainElement(step);
    expect(step).toHaveAccessibleDescription('Confirm adding login night@aegis.example.com');
    expect(within(step).getByLabelText('Email')).toHaveValue('company@example.com');
    await user.clear(within(step).getByLabelText('Email'));
    await user.click(within(step).getByRole('button', { name: 'Verify' }));
    expect(await within(step).findByText('Email address is required.')).toBeInTheDocument();
    expect(within(step).getByText('Password is required.')).toBeInTheDocument();
    await user.type(within(step).getByLabelText('Email'), 'company@example.com');
    await user.type(within(step).getByLabelText('Password'), 'wrong');
    await user.click(within(step).getByRole('button', { name: 'Verify' }));
    expect(await within(step).findByText('Admin verification failed')).toBeInTheDocument();
    expect(within(step).getByText('Invalid email or password.')).toBeInTheDocument();
    expect(seen.some((r) => r.path === `${API}/logins/add`)).toBe(false);

    await user.type(within(step).getByLabelText('Password'), ADMIN_PASSWORD);
    await user.click(within(step).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Success Added')).toBeInTheDocument();
    const add = seen.find((r) => r.path === `${API}/logins/add`);
    expect(add?.headers.get('x-verification-token')).toBe('proof-1');
    expect(add?.body).toEqual({
      security_company_uuid: 'company-1',
      name: 'night@aegis.example.com',
      is_active: 0,
      identifier: 'night@aegis.example.com',
      email: 'night@aegis.example.com',
      challenge: 'Night@1234',
      type: 'userpass',
    });
  });

  it('keeps focus in each step of Add Login, then returns it to Add', async () => {
    server.use(
      http.post(`${API}/logins/add`, async ({ request }) =>
        HttpResponse.json({ resource: [{ ...login, ...((await request.json()) as object) }] }),
      ),
    );
    const { user } = await openLogins();
    const add = screen.getByRole('button', { name: 'Add' });
    await user.click(add);
    const modal = await shownModal();
    expect(modal).toContainElement(document.activeElement as HTMLElement);
    await user.type(within(modal).getByLabelText('Email'), 'night@aegis.example.com');
    await user.type(within(modal).getByLabelText('Password'), 'Night@1234');
    await user.click(within(modal).getByRole('button', { name: 'Next' }));

    const step = await screen.findByRole('form', { name: 'Verification' });
    const dialog = step.closest('.modal') as HTMLElement;
    // The form's dialog fades out without handing focus back to Add behind the Verification.
    await waitFor(() => expect(modal).not.toBeInTheDocument());
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.type(within(step).getByLabelText('Password'), 'wrong');
    await user.click(within(step).getByRole('button', { name: 'Verify' }));
    expect(await within(step).findByText('Admin verification failed')).toBeInTheDocument();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.type(within(step).getByLabelText('Password'), ADMIN_PASSWORD);
    await user.click(within(step).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Success Added')).toBeInTheDocument();
    await waitFor(() => expect(add).toHaveFocus());
  });

  it('says why an Active login of an inactive company cannot sign in', async () => {
    adminScreenRows.logins = [
      { ...login, uuid: 'login-2', is_active: 1, security_company_is_active: 0 },
      { ...login, uuid: 'login-3', user_email: 'gate@aegis.example.com', is_active: 1 },
    ];
    await openLogins();
    const table = screen.getByRole('table', { name: 'Logins' });
    const [, suspended, working] = within(table).getAllByRole('row');
    expect(suspended).toHaveTextContent('ActiveCannot sign in: the company is inactive.');
    expect(working).toHaveTextContent('Active');
    expect(working).not.toHaveTextContent('Cannot sign in');
  });

  it('offers no Delete and no Inactive on the signed-in login’s own row', async () => {
    adminScreenRows.logins = [
      { ...login, uuid: 'login-own', user_email: 'Company@example.com', is_active: 1 },
      login,
    ];
    const { user } = await openLogins();
    const table = screen.getByRole('table', { name: 'Logins' });
    expect(within(table).queryByRole('button', { name: 'Delete Company@example.com' })).toBeNull();
    expect(
      within(table).getByRole('button', { name: 'Delete desk@aegis.example.com' }),
    ).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Edit Company@example.com' }));
    const own = await shownModal();
    const status = within(own).getByRole('switch', { name: 'Status: Active' });
    expect(status).toBeChecked();
    expect(status).toBeDisabled();
    expect(status).toHaveAccessibleDescription(
      'You cannot deactivate the login you are signed in with.',
    );
    await user.click(within(own).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.querySelector('.modal.show')).toBeNull());

    await user.click(within(table).getByRole('button', { name: 'Edit desk@aegis.example.com' }));
    const other = await shownModal();
    expect(within(other).getByRole('switch')).toBeEnabled();
  });

  it('leaves inactive companies out of the picker, except the one the login is already in', async () => {
    adminScreenRows.logins = [
      {
        ...login,
        uuid: 'login-2',
        user_email: 'gate@benteng.example.com',
        security_company_uuid: 'company-2',
        security_company_name: 'Benteng Protection',
      },
    ];
    const { user } = renderApp('/users', { role: 'superadmin' });
    await screen.findByText('gate@benteng.example.com');
    const optionsOf = (modal: HTMLElement) =>
      within(within(modal).getByLabelText('Security Company'))
        .getAllByRole('option')
        .map((option) => option.textContent);

    await user.click(screen.getByRole('button', { name: 'Add' }));
    const adding = await shownModal();
    await waitFor(() =>
      expect(optionsOf(adding)).toEqual(['Select a security company', 'Aegis Guarding Sdn Bhd']),
    );
    await user.click(within(adding).getByRole('button', { name: 'Cancel' }));
    // Gone, not fading: a modal reopened while it fades keeps its form.
    await waitFor(() => expect(document.querySelector('.modal')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Edit gate@benteng.example.com' }));
    const editing = await shownModal();
    await waitFor(() =>
      expect(optionsOf(editing)).toEqual([
        'Select a security company',
        'Aegis Guarding Sdn Bhd',
        'Benteng Protection',
      ]),
    );
    expect(within(editing).getByLabelText('Security Company')).toHaveValue('company-2');
  });

  it('leaves a blank password out of an edit, and deletes only after verification', async () => {
    const seen = recordRequests();
    server.use(
      http.patch(`${API}/logins/:uuid`, () => HttpResponse.json({ resource: [login] })),
      http.delete(`${API}/logins/:uuid`, () =>
        HttpResponse.json({ resource: [{ uuid: 'login-1' }] }),
      ),
    );
    const { user } = await openLogins();
    await user.click(screen.getByRole('button', { name: 'Edit desk@aegis.example.com' }));
    const modal = await shownModal();
    expect(within(modal).getByText('Edit Login')).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Next' }));
    const step = await screen.findByRole('form', { name: 'Verification' });
    expect(step).toHaveAccessibleDescription('Confirm editing login desk@aegis.example.com');
    expect(within(step).getByLabelText('Email')).toHaveValue('company@example.com');
    await user.type(within(step).getByLabelText('Password'), ADMIN_PASSWORD);
    await user.click(within(step).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Success Updated')).toBeInTheDocument();
    const patch = seen.find((r) => r.method === 'PATCH');
    expect(patch?.body).not.toHaveProperty('challenge');
    expect(patch?.body).toMatchObject({ uuid: 'login-1', email: 'desk@aegis.example.com' });

    await user.click(screen.getByRole('button', { name: 'Delete desk@aegis.example.com' }));
    const confirm = await shownModal();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const deleteStep = await screen.findByRole('form', { name: 'Verification' });
    expect(seen.some((r) => r.method === 'DELETE')).toBe(false);
    expect(deleteStep).toHaveAccessibleDescription('Confirm deleting login desk@aegis.example.com');
    await user.type(within(deleteStep).getByLabelText('Password'), ADMIN_PASSWORD);
    await user.click(within(deleteStep).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Success Deleted')).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'DELETE')?.headers.get('x-verification-token')).toBe(
      'proof-1',
    );
  });
});
