import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SiteInput } from '@contract/sites';
import { SITE_MESSAGES } from '@rules/sites';
import { sites } from '../fixtures/organisation';
import { API, apiError } from '../msw/api';
import { resetSiteRecords, siteRecords } from '../msw/handlers/sites';
import { server } from '../msw/server';
import { renderApp } from './render-app';
import { pressEscape, recordRequests } from './sites-support';

// jsdom has no object URLs; the photo picker previews the chosen file with one.
const createObjectURL = URL.createObjectURL;
const revokeObjectURL = URL.revokeObjectURL;
beforeEach(() => {
  resetSiteRecords();
  URL.createObjectURL = () => 'blob:cover-preview';
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => {
  server.events.removeAllListeners();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

/** Captures the JSON bodies of one write call, letting the default handler answer. */
function captureBodies(method: 'post' | 'patch', path: string): Array<Partial<SiteInput>> {
  const bodies: Array<Partial<SiteInput>> = [];
  server.use(
    http[method](`${API}${path}`, async ({ request }) => {
      bodies.push((await request.clone().json()) as Partial<SiteInput>);
    }),
  );
  return bodies;
}

async function openSitesAsSuperadmin() {
  const app = renderApp('/sites', { role: 'superadmin' });
  await screen.findByText('Mont Kiara Residence');
  return app;
}

async function openAddSite() {
  const app = await openSitesAsSuperadmin();
  await app.user.click(screen.getByRole('button', { name: 'Add' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByRole('heading', { name: 'Add Site' })).toBeInTheDocument();
  // The company options arrive after the modal opens.
  await within(dialog).findByRole('option', { name: 'Aegis Guarding Sdn Bhd' });
  return { ...app, dialog };
}

describe('Add Site', () => {
  it('starts active with the guard service on and the other features off', async () => {
    const { dialog } = await openAddSite();
    expect(within(dialog).getByLabelText('Status')).toHaveValue('ACTIVE');
    expect(within(dialog).getByRole('switch', { name: 'Guard service' })).toBeChecked();
    for (const name of ['Visitors', 'Reporting', 'Attendance']) {
      expect(within(dialog).getByRole('switch', { name })).not.toBeChecked();
    }
  });

  it('shows the shared validation messages and sends nothing', async () => {
    const seen = recordRequests();
    const { user, dialog } = await openAddSite();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByText(SITE_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(SITE_MESSAGES.addressRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(SITE_MESSAGES.typeRequired)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Latitude'), '3.1');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText(SITE_MESSAGES.longitudeRequired)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Latitude'));
    await user.type(within(dialog).getByLabelText('Latitude'), '95');
    await user.type(within(dialog).getByLabelText('Longitude'), '-181');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText(SITE_MESSAGES.latitudeOutOfRange)).toBeInTheDocument();
    expect(within(dialog).getByText(SITE_MESSAGES.longitudeOutOfRange)).toBeInTheDocument();

    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('uploads the cover photo, then saves the site with its file_uuid', async () => {
    const seen = recordRequests();
    const bodies = captureBodies('post', '/data/residences');
    const { user, dialog } = await openAddSite();

    const cover = new File(['png'], 'cover.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText('Cover Photo'), cover);
    await user.type(within(dialog).getByLabelText('Name'), '  Subang Parade  ');
    await user.type(within(dialog).getByLabelText('Address'), '5 Jalan SS16/1, Subang Jaya');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'Commercial');
    await user.type(within(dialog).getByLabelText('Latitude'), '3.0810');
    await user.type(within(dialog).getByLabelText('Longitude'), '101.5852');
    await user.selectOptions(
      within(dialog).getByLabelText('Security Company'),
      'Benteng Protection Sdn Bhd',
    );
    await user.click(within(dialog).getByRole('switch', { name: 'Attendance' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Success Added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const writes = seen.filter((r) => r.method === 'POST').map((r) => r.path);
    expect(writes).toHaveLength(2);
    expect(writes[0]).toMatch(/^\/files\/Kgguards\/[\w-]+-original$/);
    expect(writes[1]).toBe('/data/residences');
    const uploadedUuid = writes[0]?.replace(/^\/files\/Kgguards\/|-original$/g, '');
    expect(bodies).toEqual([
      {
        name: 'Subang Parade',
        address: '5 Jalan SS16/1, Subang Jaya',
        type: 'Commercial',
        status: 'ACTIVE',
        lat: 3.081,
        lng: 101.5852,
        security_company_uuid: 'company-2',
        kipleguard_enabled: 1,
        kipleguard_visitors: 0,
        kipleguard_reporting: 0,
        kipleguard_attendance: 1,
        file_uuid: uploadedUuid,
      },
    ]);
    // Newest first: the new site heads page 1.
    const firstRow = within(screen.getByRole('table', { name: 'Sites' })).getAllByRole('row')[1];
    expect(firstRow).toHaveTextContent('Subang Parade');
    expect(firstRow).toHaveTextContent('Benteng Protection Sdn Bhd');
  });

  it('saves without a cover photo or coordinates and without uploading', async () => {
    const seen = recordRequests();
    const bodies = captureBodies('post', '/data/residences');
    const { user, dialog } = await openAddSite();
    await user.type(within(dialog).getByLabelText('Name'), 'Shah Alam Lodge');
    await user.type(within(dialog).getByLabelText('Address'), 'Seksyen 7, Shah Alam');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'Landed');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Success Added')).toBeInTheDocument();
    expect(seen.some((r) => r.path.startsWith('/files/'))).toBe(false);
    expect(bodies[0]).toMatchObject({ lat: null, lng: null, security_company_uuid: null });
    expect(bodies[0]).not.toHaveProperty('file_uuid');
  });

  it('cannot be closed while saving, then shows a refused save as an error toast', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post(`${API}/data/residences`, async () => {
        await answered;
        return HttpResponse.json(apiError('VALIDATION_FAILED', 'Name is taken.'), { status: 400 });
      }),
    );
    const { user, dialog } = await openAddSite();
    await user.type(within(dialog).getByLabelText('Name'), 'Subang Parade');
    await user.type(within(dialog).getByLabelText('Address'), 'Subang Jaya');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'Residence');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      "Creating new site. Please don't close this window.",
    );
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    expect(within(dialog).getByLabelText('Name')).toBeDisabled();
    pressEscape(dialog);
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    answer();
    expect(await screen.findByRole('alert')).toHaveTextContent('Name is taken.');
    // The form stays open with what was typed, to correct and submit again.
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Subang Parade');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('closes with Cancel or Escape when not saving', async () => {
    const { user, dialog } = await openAddSite();
    pressEscape(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('Edit Site', () => {
  it('starts from the site, keeps its cover without a new photo and says Success Updated', async () => {
    const seen = recordRequests();
    const bodies = captureBodies('patch', '/data/residences/:uuid');
    const { user } = await openSitesAsSuperadmin();
    await user.click(screen.getByRole('button', { name: 'Edit Mont Kiara Residence' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Edit Site' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Mont Kiara Residence');
    expect(within(dialog).getByLabelText('Type')).toHaveValue('Condominium');
    expect(within(dialog).getByLabelText('Latitude')).toHaveValue('3.1579');
    expect(within(dialog).getByRole('img', { name: 'Chosen photo' })).toHaveAttribute(
      'src',
      '/kgapi/files/view/cover-of-site-1',
    );
    expect(
      await within(dialog).findByRole('option', { name: 'Aegis Guarding Sdn Bhd', selected: true }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: 'Reporting' })).toBeChecked();

    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Mont Kiara Suites');
    await user.click(within(dialog).getByRole('switch', { name: 'Reporting' }));
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Inactive');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Success Updated')).toBeInTheDocument();
    expect(seen.some((r) => r.path.startsWith('/files/'))).toBe(false);
    expect(seen.find((r) => r.method === 'PATCH')?.path).toBe('/data/residences/site-1');
    expect(bodies[0]).toMatchObject({
      name: 'Mont Kiara Suites',
      status: 'INACTIVE',
      kipleguard_reporting: 0,
    });
    expect(bodies[0]).not.toHaveProperty('file_uuid');
    const row = (await screen.findByText('Mont Kiara Suites')).closest('tr');
    expect(row).toHaveTextContent('Inactive');
  });
});

describe('Moving a site to another company', () => {
  /** Edit Site for Mont Kiara Residence (Aegis Guarding's), its company options loaded. */
  async function openEditMontKiara() {
    const app = await openSitesAsSuperadmin();
    await app.user.click(screen.getByRole('button', { name: 'Edit Mont Kiara Residence' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Site' });
    await within(form).findByRole('option', { name: 'Aegis Guarding Sdn Bhd', selected: true });
    return { ...app, form };
  }

  const moveRequests = (seen: ReturnType<typeof recordRequests>) =>
    seen.filter((r) => r.method === 'GET' && r.path === '/data/residences/site-1/move');

  it('shows what the move ends before saving; Cancel returns to the form and saves nothing', async () => {
    const seen = recordRequests();
    const { user, form } = await openEditMontKiara();
    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'Mont Kiara Suites');
    await user.selectOptions(
      within(form).getByLabelText('Security Company'),
      'Benteng Protection Sdn Bhd',
    );
    const submit = within(form).getByRole('button', { name: 'Submit' });
    await user.click(submit);

    const confirm = await screen.findByRole('dialog', {
      name: 'Move Mont Kiara Suites to Benteng Protection Sdn Bhd?',
    });
    expect(moveRequests(seen).map((r) => r.params.get('security_company_uuid'))).toEqual([
      'company-2',
    ]);
    expect(
      within(confirm)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '3 guards of Aegis Guarding Sdn Bhd lose this site',
      '1 supervisor loses this site',
      '1 kiosk is signed out for good',
      '1 open shift is checked out now',
    ]);
    expect(confirm).toHaveTextContent(
      'Its 1,204 attendance records, 56 visitor passes and 3 incidents go with the site to Benteng Protection Sdn Bhd.',
    );
    expect(within(confirm).getByRole('button', { name: 'Move site' })).toBeInTheDocument();

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Move / })).toBeNull());
    // Back on the form, as it was left, with the focus on Submit.
    expect(screen.getByRole('dialog', { name: 'Edit Site' })).toBe(form);
    expect(within(form).getByLabelText('Name')).toHaveValue('Mont Kiara Suites');
    expect(within(form).getByLabelText('Security Company')).toHaveValue('company-2');
    await waitFor(() => expect(submit).toHaveFocus());
    expect(seen.filter((r) => r.method === 'PATCH')).toEqual([]);
    expect(siteRecords().find((site) => site.uuid === 'site-1')?.name).toBe('Mont Kiara Residence');
  });

  it('sends the save once the move is confirmed', async () => {
    const seen = recordRequests();
    const bodies = captureBodies('patch', '/data/residences/:uuid');
    const { user, form } = await openEditMontKiara();
    await user.selectOptions(
      within(form).getByLabelText('Security Company'),
      'Benteng Protection Sdn Bhd',
    );
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Move Mont Kiara Residence to Benteng Protection Sdn Bhd?',
    });
    expect(seen.filter((r) => r.method === 'PATCH')).toEqual([]);

    await user.click(within(confirm).getByRole('button', { name: 'Move site' }));
    expect(await screen.findByText('Success Updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.filter((r) => r.method === 'PATCH').map((r) => r.path)).toEqual([
      '/data/residences/site-1',
    ]);
    expect(bodies).toEqual([expect.objectContaining({ security_company_uuid: 'company-2' })]);
    const row = screen.getByText('Mont Kiara Residence').closest('tr');
    expect(row).toHaveTextContent('Benteng Protection Sdn Bhd');
  });

  it('to no company: says the records stay with the site, and that nothing else ends', async () => {
    server.use(
      http.get(`${API}/data/residences/:uuid/move`, () =>
        HttpResponse.json({
          from_company_name: 'Aegis Guarding Sdn Bhd',
          to_company_name: null,
          moves: true,
          ends: { guard_links: 0, supervisor_links: 0, kiosks: 0, open_shifts: 0 },
          records: { attendances: 1, visitors: 0, incidents: 0 },
        }),
      ),
    );
    const seen = recordRequests();
    const { user, form } = await openEditMontKiara();
    await user.selectOptions(within(form).getByLabelText('Security Company'), '');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));

    const confirm = await screen.findByRole('dialog', {
      name: 'Move Mont Kiara Residence to no company?',
    });
    expect(moveRequests(seen).map((r) => r.params.get('security_company_uuid'))).toEqual(['']);
    expect(within(confirm).queryByRole('list')).toBeNull();
    expect(confirm).toHaveTextContent('Nothing else ends.');
    expect(confirm).toHaveTextContent(
      'Its 1 attendance record stays with the site, which no company will see until one is given it.',
    );
    // Escape, like Cancel, returns to the form.
    pressEscape(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Move / })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Edit Site' })).toBe(form);
    expect(seen.filter((r) => r.method === 'PATCH')).toEqual([]);
  });

  it('shows a failed preview in the form and saves nothing', async () => {
    server.use(
      http.get(`${API}/data/residences/:uuid/move`, () =>
        HttpResponse.json(apiError('FORBIDDEN', 'Only the super administrator moves sites.'), {
          status: 403,
        }),
      ),
    );
    const seen = recordRequests();
    const { user, form } = await openEditMontKiara();
    await user.selectOptions(
      within(form).getByLabelText('Security Company'),
      'Benteng Protection Sdn Bhd',
    );
    await user.click(within(form).getByRole('button', { name: 'Submit' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Only the super administrator moves sites.',
    );
    expect(screen.queryByRole('dialog', { name: /^Move / })).toBeNull();
    expect(seen.filter((r) => r.method === 'PATCH')).toEqual([]);
  });

  it('saves without asking when the company stays the same', async () => {
    const seen = recordRequests();
    const { user, form } = await openEditMontKiara();
    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'Mont Kiara Suites');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Success Updated')).toBeInTheDocument();
    expect(moveRequests(seen)).toEqual([]);
    expect(seen.filter((r) => r.method === 'PATCH').map((r) => r.path)).toEqual([
      '/data/residences/site-1',
    ]);
  });
});

describe('Delete Site', () => {
  it('asks, deletes and says Success Deleted', async () => {
    const { user } = await openSitesAsSuperadmin();
    await user.click(screen.getByRole('button', { name: 'Delete Cheras Vista' }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete Cheras Vista?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Success Deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Cheras Vista')).toBeNull());
    expect(siteRecords().map((site) => site.uuid)).toEqual(
      sites.filter((site) => site.uuid !== 'site-3').map((site) => site.uuid),
    );
  });

  it('keeps the site and shows the server message when the delete is refused', async () => {
    server.use(
      http.delete(`${API}/data/residences/:uuid`, () =>
        HttpResponse.json(apiError('FORBIDDEN', 'Not allowed.'), { status: 403 }),
      ),
    );
    const { user } = await openSitesAsSuperadmin();
    await user.click(screen.getByRole('button', { name: 'Delete Cheras Vista' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent('Not allowed.');
    expect(screen.queryByText('Success Deleted')).toBeNull();
    expect(screen.getByRole('button', { name: 'View Cheras Vista' })).toBeInTheDocument();
  });
});
