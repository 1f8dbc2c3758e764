import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, apiError } from '../msw/api';
import { guardRecords } from '../msw/handlers/guards';
import { server } from '../msw/server';
import {
  expectEscapeIgnored,
  fillIn,
  pngFile,
  present,
  recordRequests,
  requestsTo,
  setUpGuardTests,
} from './guards-support';
import { renderApp } from './render-app';

setUpGuardTests();

/** The spec's words for a photo over 5,000,000 bytes. */
const OVER_5MB = 'File size is greater than 5mb. Please choose another file.';

type Role = 'superadmin' | 'securitycompany' | 'sitesupervisor';

async function openEdit(uuid = 'guard-1', role: Role = 'superadmin') {
  const app = renderApp(`/guard-details/${uuid}`, { role });
  await app.user.click(await screen.findByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('option', { name: 'Aegis Guarding Sdn Bhd' });
  return { ...app, dialog };
}

describe('Edit Guard', () => {
  it('opens titled Edit Guard with Submit and Cancel, filled from the guard', async () => {
    const { dialog } = await openEdit();
    expect(within(dialog).getByText('Edit Guard')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Company')).toHaveValue('company-1');
    expect(within(dialog).getByLabelText('Guard ID')).toHaveValue('G-001');
    expect(within(dialog).getByLabelText('Birthdate')).toHaveValue('14/03/1988');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('ahmad.faizal@example.com');
    expect(await within(dialog).findByLabelText('Mont Kiara Residence')).toBeChecked();
    expect(within(dialog).getByLabelText('Bangsar Heights')).not.toBeChecked();
  });

  it('uses the edit wording for an invalid contact number', async () => {
    const { user, dialog } = await openEdit();
    const contact = within(dialog).getByLabelText('Contact No.');
    await fillIn(user, contact, '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(
      await within(dialog).findByText('Contact No. is required or is invalid.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).queryByText('Contact No. is required and should at least be 10 digits long.'),
    ).not.toBeInTheDocument();
  });

  it('uploads a new photo first, then saves the profile with it, locked meanwhile', async () => {
    const seen = recordRequests();
    let answerSave: () => void = () => undefined;
    server.use(
      http.patch(`${API}/guards/:uuid`, () => {
        return new Promise<undefined>((resolve) => {
          answerSave = () => resolve(undefined);
        });
      }),
    );
    const { user, dialog } = await openEdit();
    await user.upload(within(dialog).getByLabelText('Photo'), pngFile('new-face.png'));
    const name = within(dialog).getByLabelText('Name');
    await fillIn(user, name, 'Ahmad Faizal bin Omar');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      "Currently updating. Please don't close this window.",
    );
    await expectEscapeIgnored(dialog);
    answerSave();

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Ahmad Faizal bin Omar')).toBeInTheDocument();
    const upload = present(
      seen.find((r) => r.path.startsWith('/files/Kgguards/')),
      'the photo upload',
    );
    const save = present(requestsTo(seen, 'PATCH', '/guards/guard-1')[0], 'the PATCH');
    expect(upload.at).toBeLessThan(save.at);
    expect(save.body).toMatchObject({
      name: 'Ahmad Faizal bin Omar',
      photo: upload.params.get('uuid'),
      photo_url: `/kgapi/files/view/${'a'.repeat(64)}`,
      // The link to Cheras Vista (guard service off) shows ticked with a note, and is kept.
      residence_uuids: ['site-1', 'site-3'],
      birthdate: '1988-03-14',
    });
    expect(guardRecords().find((g) => g.uuid === 'guard-1')?.name).toBe('Ahmad Faizal bin Omar');
  });

  it('saves the profile directly, keeping the photo, when none was chosen', async () => {
    const seen = recordRequests();
    const { user, dialog } = await openEdit();
    await user.click(within(dialog).getByLabelText('Bangsar Heights'));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(seen.filter((r) => r.path.startsWith('/files/'))).toHaveLength(0);
    const body = requestsTo(seen, 'PATCH', '/guards/guard-1')[0]?.body;
    expect(body).not.toHaveProperty('photo');
    expect(body).toMatchObject({ residence_uuids: ['site-1', 'site-3', 'site-2'] });
    expect(guardRecords().find((g) => g.uuid === 'guard-1')?.photo).toBe('photo-guard-1');
  });

  it('locks the company of a security company user', async () => {
    const { dialog } = await openEdit('guard-1', 'securitycompany');
    expect(within(dialog).getByLabelText('Company')).toBeDisabled();
  });

  it('reloads the list after an edit made from the All tab', async () => {
    const app = renderApp('/security-guards', { role: 'superadmin' });
    await app.user.click(await screen.findByRole('button', { name: 'Edit Bala Krishnan' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('Name');
    await fillIn(app.user, name, 'Bala K.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('cell', { name: 'Bala K.' })).toBeInTheDocument();
  });

  it('keeps a photo the server refused in sight, and uploads it again only on a new Submit', async () => {
    const seen = recordRequests();
    server.use(
      http.post(
        `${API}/files/Kgguards/:name`,
        () => HttpResponse.json(apiError('FILE_TOO_LARGE', OVER_5MB), { status: 413 }),
        { once: true },
      ),
    );
    const { user, dialog } = await openEdit();
    await user.upload(within(dialog).getByLabelText('Photo'), pngFile('new-face.png'));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(OVER_5MB);
    const form = await screen.findByRole('form', { name: 'Edit Guard' });
    expect(within(form).getByText('new-face.png')).toBeInTheDocument();
    expect(within(form).getByText(OVER_5MB)).toBeInTheDocument();
    expect(requestsTo(seen, 'PATCH', '/guards/guard-1')).toHaveLength(0);
    expect(seen.filter((r) => r.path.startsWith('/files/'))).toHaveLength(1);

    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const uploads = seen.filter((r) => r.path.startsWith('/files/Kgguards/'));
    expect(uploads).toHaveLength(2);
    expect(requestsTo(seen, 'PATCH', '/guards/guard-1')[0]?.body).toMatchObject({
      photo: uploads[1]?.params.get('uuid'),
    });
  });

  it('shows a link to a site whose guard service is off, ticked, and lets it go', async () => {
    const seen = recordRequests();
    const { user, dialog } = await openEdit();
    const cheras = await within(dialog).findByLabelText('Cheras Vista (guard service off)');
    expect(cheras).toBeChecked();
    expect(cheras).toBeEnabled();
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((box) => box.closest('.form-check')?.textContent),
    ).toEqual(['Bangsar Heights', 'Mont Kiara Residence', 'Cheras Vista (guard service off)']);

    await user.click(cheras);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(seen, 'PATCH', '/guards/guard-1')[0]?.body).toMatchObject({
      residence_uuids: ['site-1'],
    });
  });

  it('shows a supervisor the links it cannot change, ticked and locked', async () => {
    const seen = recordRequests();
    const { user, dialog } = await openEdit('guard-1', 'sitesupervisor');
    const cheras = await within(dialog).findByLabelText('Cheras Vista (not one of your sites)');
    expect(cheras).toBeChecked();
    expect(cheras).toBeDisabled();
    expect(within(dialog).getByLabelText('Mont Kiara Residence')).toBeChecked();

    await user.click(within(dialog).getByLabelText('Bangsar Heights'));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(seen, 'PATCH', '/guards/guard-1')[0]?.body).toMatchObject({
      residence_uuids: ['site-1', 'site-3', 'site-2'],
    });
  });

  it('asks a supervisor to keep one of its own sites, another supervisor’s not counting', async () => {
    const seen = recordRequests();
    const { user, dialog } = await openEdit('guard-1', 'sitesupervisor');
    await user.click(await within(dialog).findByLabelText('Mont Kiara Residence'));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    const site = within(dialog).getByRole('group', { name: 'Site' });
    expect(await within(site).findByText('Site is required.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Cheras Vista (not one of your sites)')).toBeChecked();
    expect(requestsTo(seen, 'PATCH', '/guards/guard-1')).toHaveLength(0);
  });

  it('keeps sites optional on edit for a security company', async () => {
    const seen = recordRequests();
    const { user, dialog } = await openEdit('guard-1', 'securitycompany');
    await user.click(await within(dialog).findByLabelText('Mont Kiara Residence'));
    await user.click(within(dialog).getByLabelText('Cheras Vista (guard service off)'));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(seen, 'PATCH', '/guards/guard-1')[0]?.body).toMatchObject({
      residence_uuids: [],
    });
  });
});
