import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { GuardPayload } from '@contract/guards';
import { isValidPin } from '@rules/guards';
import { API, apiError } from '../msw/api';
import { server } from '../msw/server';
import {
  expectEscapeIgnored,
  fillIn,
  pngFile,
  present,
  recordRequests,
  requestsTo,
  setUpGuardTests,
  type SeenRequest,
} from './guards-support';
import { renderApp } from './render-app';

setUpGuardTests();

/** The spec's words for a photo that is not a PNG or JPEG. */
const NOT_PNG_OR_JPEG = 'File extension is not allowed. Please choose either JPEG or PNG.';

type Role = 'superadmin' | 'securitycompany' | 'sitesupervisor';

async function openAddGuard(role: Role = 'superadmin') {
  const app = renderApp('/security-guards', { role });
  await screen.findByText('Bala Krishnan');
  await app.user.click(screen.getByRole('button', { name: 'Add' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Add Guard')).toBeInTheDocument();
  // The company options arrive after the modal opens.
  await within(dialog).findByRole('option', { name: 'Aegis Guarding Sdn Bhd' });
  return { ...app, dialog };
}

type App = Awaited<ReturnType<typeof openAddGuard>>;

async function fillValidGuard({ user, dialog }: App, email = '') {
  const field = (label: string) => within(dialog).getByLabelText(label);
  await fillIn(user, field('Guard ID'), 'G-100');
  await fillIn(user, field('Name'), 'Daniel Lee');
  await fillIn(user, field('Nationality'), 'Malaysian');
  await fillIn(user, field('Contact No.'), '0198765432');
  await fillIn(user, field('IC/Passport No.'), 'A1234567');
  await fillIn(user, field('Birthdate'), '07/03/1990');
  if (email) await fillIn(user, field('Email'), email);
  await fillIn(user, field('Address'), '1 Jalan Duta, Kuala Lumpur');
}

function siteBoxes(dialog: HTMLElement) {
  return within(dialog).queryAllByRole('checkbox');
}

function residenceQueries(seen: readonly SeenRequest[]) {
  return requestsTo(seen, 'GET', '/data/residences').map((r) => r.params.get('filter'));
}

describe('Add Guard', () => {
  it('shows every required-field message of the shared rules and sends nothing', async () => {
    const seen = recordRequests();
    const { user, dialog } = await openAddGuard();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    for (const message of [
      'Security Company is required.',
      'Guard ID is required.',
      'Name is required.',
      'Nationality is required.',
      'Contact No. is required and should at least be 10 digits long.',
      'IC/Passport No. is required.',
      'Birthdate is required.',
      'Address is required.',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    // Sites and email are optional.
    expect(within(dialog).queryByText('Site is required.')).not.toBeInTheDocument();
    expect(
      within(dialog).queryByText('Please enter a valid email address.'),
    ).not.toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('refuses a short or non-numeric contact number, an impossible birthdate and a bad email', async () => {
    const app = await openAddGuard();
    const { user, dialog } = app;
    await fillValidGuard(app);
    const contact = within(dialog).getByLabelText('Contact No.');
    await fillIn(user, contact, '01234abc56');
    const birthdate = within(dialog).getByLabelText('Birthdate');
    await fillIn(user, birthdate, '31/02/1990');
    await fillIn(user, within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(
      await within(dialog).findByText(
        'Contact No. is required and should at least be 10 digits long.',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Birthdate must be a valid date in the format dd/MM/yyyy.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid email address.')).toBeInTheDocument();

    await fillIn(user, contact, '012345678');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(
      await within(dialog).findByText(
        'Contact No. is required and should at least be 10 digits long.',
      ),
    ).toBeInTheDocument();
  });

  it('offers active companies only', async () => {
    server.use(
      http.get(`${API}/securitycompanies/list`, () =>
        HttpResponse.json({
          resource: [
            { uuid: 'company-1', name: 'Aegis Guarding Sdn Bhd', is_active: 1 },
            { uuid: 'company-3', name: 'Closed Guarding Sdn Bhd', is_active: 0 },
          ],
          meta: { count: 2 },
        }),
      ),
    );
    const { dialog } = await openAddGuard();
    const company = within(dialog).getByLabelText('Company');
    await within(company).findByRole('option', { name: 'Aegis Guarding Sdn Bhd' });
    expect(within(company).queryByRole('option', { name: 'Closed Guarding Sdn Bhd' })).toBeNull();
  });

  it('clears the chosen sites and reloads the options when the company changes', async () => {
    const seen = recordRequests();
    const { user, dialog } = await openAddGuard();
    expect(within(dialog).getByText('Choose a company first.')).toBeInTheDocument();
    const company = within(dialog).getByLabelText('Company');

    await user.selectOptions(company, 'Aegis Guarding Sdn Bhd');
    await user.click(await within(dialog).findByLabelText('Mont Kiara Residence'));
    // Only sites with the guard service on are offered, by name.
    expect(siteBoxes(dialog).map((box) => box.closest('.form-check')?.textContent)).toEqual([
      'Bangsar Heights',
      'Mont Kiara Residence',
    ]);
    expect(within(dialog).getByLabelText('Mont Kiara Residence')).toBeChecked();

    await user.selectOptions(company, 'Benteng Protection Sdn Bhd');
    expect(await within(dialog).findByLabelText('Ampang Court')).not.toBeChecked();
    expect(within(dialog).queryByLabelText('Mont Kiara Residence')).not.toBeInTheDocument();

    await user.selectOptions(company, 'Aegis Guarding Sdn Bhd');
    expect(await within(dialog).findByLabelText('Mont Kiara Residence')).not.toBeChecked();
    expect(residenceQueries(seen)).toEqual([
      "((kipleguard_enabled=1)) AND ((security_company_uuid='company-1'))",
      "((kipleguard_enabled=1)) AND ((security_company_uuid='company-2'))",
      "((kipleguard_enabled=1)) AND ((security_company_uuid='company-1'))",
    ]);
  });

  it('blocks submit when a login already uses the email', async () => {
    const seen = recordRequests();
    const app = await openAddGuard();
    await app.user.selectOptions(within(app.dialog).getByLabelText('Company'), 'company-1');
    await fillValidGuard(app, 'Company@Example.com');
    await app.user.click(within(app.dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(app.dialog).findByText('Email is already in use.')).toBeInTheDocument();
    expect(requestsTo(seen, 'POST', '/admin/searchadmin')[0]?.body).toEqual({
      email: 'Company@Example.com',
    });
    expect(requestsTo(seen, 'POST', '/guards/add')).toHaveLength(0);
    expect(within(app.dialog).getByLabelText('Name')).toHaveValue('Daniel Lee');
  });

  it('uploads the photo, creates the guard with a new PIN, shows it and opens the profile', async () => {
    const seen = recordRequests();
    let answerAdd: () => void = () => undefined;
    server.use(
      http.post(`${API}/guards/add`, () => {
        return new Promise<undefined>((resolve) => {
          answerAdd = () => resolve(undefined);
        });
      }),
    );
    const app = await openAddGuard();
    const { user, dialog } = app;
    await user.upload(within(dialog).getByLabelText('Photo'), pngFile());
    await user.selectOptions(within(dialog).getByLabelText('Company'), 'company-1');
    await user.click(await within(dialog).findByLabelText('Mont Kiara Residence'));
    await user.click(within(dialog).getByLabelText('Bangsar Heights'));
    await fillValidGuard(app, 'daniel.lee@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      "Creating new Guard Profile. Please don't close this window.",
    );
    await expectEscapeIgnored(dialog);
    answerAdd();

    expect(await within(dialog).findByText('Success')).toBeInTheDocument();
    // The PIN view takes the focus from the Submit button it replaced, so Escape still works.
    expect(within(dialog).getByRole('heading', { name: 'Success' })).toHaveFocus();
    const add = present(requestsTo(seen, 'POST', '/guards/add')[0], 'POST /guards/add');
    const upload = present(
      seen.find((r) => r.path.startsWith('/files/Kgguards/')),
      'the photo upload',
    );
    const body = add.body as GuardPayload & { pin: string };
    expect(body).toMatchObject({
      security_company_uuid: 'company-1',
      residence_uuids: ['site-1', 'site-2'],
      guard_id: 'G-100',
      name: 'Daniel Lee',
      nationality: 'Malaysian',
      contact_number: '0198765432',
      ic_passport_number: 'A1234567',
      birthdate: '1990-03-07',
      email: 'daniel.lee@example.com',
      address: '1 Jalan Duta, Kuala Lumpur',
      photo: upload.params.get('uuid'),
      photo_url: `/kgapi/files/view/${'a'.repeat(64)}`,
    });
    expect(isValidPin(body.pin)).toBe(true);
    expect(within(dialog).getByText('User PIN').nextElementSibling).toHaveTextContent(body.pin);
    expect(upload.at).toBeLessThan(add.at);

    await user.click(within(dialog).getByRole('button', { name: 'View Profile' }));
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe('/guard-details/guard-new-1'),
    );
    // The profile's own photo, not the name in the dialog that is still closing.
    expect(await screen.findByRole('img', { name: 'Photo of Daniel Lee' })).toBeInTheDocument();
  });

  it('sends no email when none is given and skips the duplicate check', async () => {
    const seen = recordRequests();
    const app = await openAddGuard();
    await app.user.selectOptions(within(app.dialog).getByLabelText('Company'), 'company-1');
    await fillValidGuard(app);
    await app.user.click(within(app.dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(app.dialog).findByText('Success')).toBeInTheDocument();
    expect(requestsTo(seen, 'POST', '/admin/searchadmin')).toHaveLength(0);
    expect(requestsTo(seen, 'POST', '/guards/add')[0]?.body).toMatchObject({
      email: null,
      residence_uuids: [],
    });
    // The list behind the modal reloads with the new guard.
    expect(await screen.findByRole('cell', { name: 'Daniel Lee' })).toBeInTheDocument();
  });

  it('returns to the filled form with the refusal at its field when the server names one', async () => {
    server.use(
      http.post(`${API}/guards/add`, () =>
        HttpResponse.json(apiError('GUARD_ID_IN_USE', 'Guard ID is already in use.', 'guard_id'), {
          status: 409,
        }),
      ),
    );
    const app = await openAddGuard();
    await app.user.selectOptions(within(app.dialog).getByLabelText('Company'), 'company-1');
    await fillValidGuard(app);
    await app.user.click(within(app.dialog).getByRole('button', { name: 'Submit' }));

    const dialog = screen.getByRole('dialog');
    const guardId = await within(dialog).findByLabelText('Guard ID');
    expect(guardId).toHaveValue('G-100');
    expect(guardId).toHaveAccessibleDescription('Guard ID is already in use.');
    expect(guardId).toBeInvalid();
    expect(within(dialog).getByLabelText('Birthdate')).toHaveValue('07/03/1990');
    // At its field, not in a toast over the dialog.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('preselects and locks the company of a security company user', async () => {
    const seen = recordRequests();
    const { dialog } = await openAddGuard('securitycompany');
    const company = within(dialog).getByLabelText('Company');
    expect(company).toHaveValue('company-1');
    expect(company).toBeDisabled();
    expect(await within(dialog).findByLabelText('Bangsar Heights')).toBeInTheDocument();
    await waitFor(() =>
      expect(residenceQueries(seen)).toEqual([
        "((kipleguard_enabled=1)) AND ((security_company_uuid='company-1'))",
      ]),
    );
  });

  it('keeps a photo the server refused in sight, and sends none once it is removed', async () => {
    const seen = recordRequests();
    server.use(
      http.post(
        `${API}/files/Kgguards/:name`,
        () =>
          HttpResponse.json(apiError('FILE_TYPE_NOT_ALLOWED', NOT_PNG_OR_JPEG), {
            status: 415,
          }),
        { once: true },
      ),
    );
    const app = await openAddGuard();
    const { user } = app;
    await user.upload(within(app.dialog).getByLabelText('Photo'), pngFile('renamed.png'));
    await user.selectOptions(within(app.dialog).getByLabelText('Company'), 'company-1');
    await fillValidGuard(app);
    await user.click(within(app.dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_PNG_OR_JPEG);
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByLabelText('Guard ID')).toHaveValue('G-100');
    // The form still holds the photo, so the picker says so, with the server's reason under it.
    expect(within(dialog).getByText('renamed.png')).toBeInTheDocument();
    expect(within(dialog).getByText(NOT_PNG_OR_JPEG)).toBeInTheDocument();
    expect(within(dialog).queryByText('No file chosen')).not.toBeInTheDocument();
    expect(requestsTo(seen, 'POST', '/guards/add')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Remove renamed.png' }));
    expect(within(dialog).getByText('No file chosen')).toBeInTheDocument();
    expect(within(dialog).queryByText(NOT_PNG_OR_JPEG)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByText('Success')).toBeInTheDocument();
    expect(seen.filter((r) => r.path.startsWith('/files/'))).toHaveLength(1);
    const add = present(requestsTo(seen, 'POST', '/guards/add')[0], 'POST /guards/add');
    expect(add.body).not.toHaveProperty('photo');
  });

  it('shows the chosen photo after another failure, and a new Submit uploads that one', async () => {
    const seen = recordRequests();
    server.use(
      http.post(
        `${API}/guards/add`,
        () =>
          HttpResponse.json(apiError('GUARD_ID_IN_USE', 'Guard ID is already in use.'), {
            status: 409,
          }),
        { once: true },
      ),
    );
    const app = await openAddGuard();
    const { user } = app;
    await user.upload(within(app.dialog).getByLabelText('Photo'), pngFile('face.png'));
    await user.selectOptions(within(app.dialog).getByLabelText('Company'), 'company-1');
    await fillValidGuard(app);
    await user.click(within(app.dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Guard ID is already in use.');
    const dialog = screen.getByRole('dialog');
    await within(dialog).findByLabelText('Guard ID');
    expect(within(dialog).getByText('face.png')).toBeInTheDocument();
    // The refusal was not the photo's: nothing is said under it.
    expect(within(dialog).queryByText('Guard ID is already in use.')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Success')).toBeInTheDocument();
    const uploads = seen.filter((r) => r.path.startsWith('/files/Kgguards/'));
    expect(uploads).toHaveLength(2);
    expect(requestsTo(seen, 'POST', '/guards/add').at(-1)?.body).toMatchObject({
      photo: uploads[1]?.params.get('uuid'),
    });
  });

  it('asks a site supervisor for one of its sites, under the Site field', async () => {
    const seen = recordRequests();
    const app = await openAddGuard('sitesupervisor');
    const { user, dialog } = app;
    expect(within(dialog).getByLabelText('Company')).toHaveValue('company-1');
    await within(dialog).findByLabelText('Mont Kiara Residence');
    await fillValidGuard(app);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    const site = within(dialog).getByRole('group', { name: 'Site' });
    expect(await within(site).findByText('Site is required.')).toBeInTheDocument();
    expect(requestsTo(seen, 'POST', '/guards/add')).toHaveLength(0);

    await user.click(within(dialog).getByLabelText('Bangsar Heights'));
    await waitFor(() =>
      expect(within(site).queryByText('Site is required.')).not.toBeInTheDocument(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Success')).toBeInTheDocument();
    expect(requestsTo(seen, 'POST', '/guards/add')[0]?.body).toMatchObject({
      residence_uuids: ['site-2'],
    });
  });

  it('lets a security company add a guard without a site', async () => {
    const seen = recordRequests();
    const app = await openAddGuard('securitycompany');
    await within(app.dialog).findByLabelText('Mont Kiara Residence');
    await fillValidGuard(app);
    await app.user.click(within(app.dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(app.dialog).findByText('Success')).toBeInTheDocument();
    expect(within(app.dialog).queryByText('Site is required.')).not.toBeInTheDocument();
    expect(requestsTo(seen, 'POST', '/guards/add')[0]?.body).toMatchObject({
      residence_uuids: [],
    });
  });
});
