import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IncidentAddBody } from '@contract/incidents';
import { API, apiError } from '../msw/api';
import { incidentRecords } from '../msw/handlers/incidents';
import { server } from '../msw/server';
import { expectEscapeIgnored, present, recordRequests, requestsTo } from './guards-support';
import { dropFiles, fileOf, setUpIncidentTests } from './incidents-support';
import { renderApp } from './render-app';

setUpIncidentTests();

// 10:30 local time on 10 March 2025; only Date is faked, so user-event and waits keep real timers.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 2, 10, 10, 30, 0));
});
afterEach(() => vi.useRealTimers());

async function openAddIncident(path = '/incidents') {
  const app = renderApp(path, { role: 'securitycompany' });
  await screen.findByText('Bicycle stolen from the lobby.');
  await app.user.click(screen.getByRole('button', { name: 'Add' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Add Incident')).toBeInTheDocument();
  // The options arrive after the modal opens.
  await within(dialog).findByRole('option', { name: 'Theft' });
  return { ...app, dialog };
}

type App = Awaited<ReturnType<typeof openAddIncident>>;

/** Sets a field as one change, as a date or time picker does. */
function set(dialog: HTMLElement, label: string, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

function submit({ user, dialog }: App) {
  return user.click(within(dialog).getByRole('button', { name: 'Submit' }));
}

async function fillValidIncident(app: App) {
  const { user, dialog } = app;
  set(dialog, 'Incident Date', '10/03/2025');
  set(dialog, 'Incident Time', '09:15');
  await user.selectOptions(within(dialog).getByLabelText('Site'), 'Mont Kiara Residence');
  await user.selectOptions(within(dialog).getByLabelText('Category'), 'Theft');
  set(dialog, 'Lat', '3.139003');
  set(dialog, 'Long', '101.686855');
  set(dialog, 'Description', '  Gate barrier broken by a lorry.  ');
  set(dialog, 'Remarks', 'Contractor called.');
}

describe('Add Incident', () => {
  it('shows every required-field message of spec part 2 §5 and sends nothing', async () => {
    const seen = recordRequests();
    const app = await openAddIncident();
    await submit(app);
    for (const message of [
      'Date is required.',
      'Time is required.',
      'Site is required.',
      'Category is required.',
      'Description is required.',
    ]) {
      expect(await within(app.dialog).findByText(message)).toBeInTheDocument();
    }
    // Coordinates and remarks are optional.
    expect(within(app.dialog).queryByText(/cannot be blank/)).not.toBeInTheDocument();
    expect(seen.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('offers only the sites that take incident reports, and the categories', async () => {
    const { dialog } = await openAddIncident();
    const site = within(dialog).getByLabelText('Site');
    expect(
      within(site)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a site', 'Bangsar Heights', 'Cheras Vista', 'Mont Kiara Residence']);
    const category = within(dialog).getByLabelText('Category');
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a category', 'Fire', 'Other', 'Theft']);
  });

  it('checks Lat and Long: each in its range, and both or neither', async () => {
    const app = await openAddIncident();
    const { dialog } = app;
    await fillValidIncident(app);

    set(dialog, 'Lat', '90.5');
    set(dialog, 'Long', '-180.1');
    await submit(app);
    expect(await within(dialog).findByText('Enter value a between -90 and 90')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter value a between -180 and 180')).toBeInTheDocument();

    set(dialog, 'Lat', 'north');
    set(dialog, 'Long', '');
    await submit(app);
    expect(await within(dialog).findByText('Enter value a between -90 and 90')).toBeInTheDocument();
    expect(within(dialog).getByText('Long cannot be blank.')).toBeInTheDocument();

    set(dialog, 'Lat', '');
    set(dialog, 'Long', '101.5');
    await submit(app);
    expect(await within(dialog).findByText('Lat cannot be blank.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Enter value a between/)).not.toBeInTheDocument();
  });

  it('refuses a date later than today and, today, a time later than now', async () => {
    const app = await openAddIncident();
    const { dialog } = app;
    await fillValidIncident(app);

    set(dialog, 'Incident Date', '31/02/2025');
    await submit(app);
    expect(await within(dialog).findByText('Enter the date as DD/MM/YYYY.')).toBeInTheDocument();

    set(dialog, 'Incident Date', '11/03/2025');
    await submit(app);
    expect(
      await within(dialog).findByText('The date cannot be later than today.'),
    ).toBeInTheDocument();

    set(dialog, 'Incident Date', '10/03/2025');
    set(dialog, 'Incident Time', '10:31');
    await submit(app);
    expect(
      await within(dialog).findByText('The time cannot be later than now.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Incident Time')).toHaveAttribute('max', '10:30');

    // A later hour on an earlier day is fine.
    set(dialog, 'Incident Date', '09/03/2025');
    set(dialog, 'Incident Time', '23:59');
    await waitFor(() =>
      expect(within(dialog).queryByText('The time cannot be later than now.')).toBeNull(),
    );
  });

  it('names each refused file with its reason, and previews the accepted ones', async () => {
    const { user, dialog } = await openAddIncident();
    dropFiles(
      [
        fileOf('huge.png', 'image/png', 5_000_001),
        fileOf('notes.gif', 'image/gif'),
        fileOf('lobby.png', 'image/png'),
        fileOf('gate.mp4', 'video/mp4', 5_000_000),
      ],
      dialog,
    );

    const refusals = within(dialog).getByRole('alert');
    const items = within(refusals).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'huge.png: File size greater than 5mb',
      'notes.gif: File type not allowed - image/gif',
    ]);
    expect(within(items[0] as HTMLElement).getByText('File size greater than 5mb')).toBeVisible();
    expect(
      within(items[1] as HTMLElement).getByText('File type not allowed - image/gif'),
    ).toBeVisible();

    const chosen = within(dialog).getByRole('list', { name: 'Chosen files' });
    expect(within(chosen).getByText('lobby.png')).toBeInTheDocument();
    expect(within(chosen).getByText('gate.mp4')).toBeInTheDocument();
    expect(chosen.querySelector('img')).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(chosen.querySelector('video')).toHaveAttribute('src', expect.stringMatching(/^blob:/));

    await user.click(within(dialog).getByRole('button', { name: 'Remove lobby.png' }));
    expect(within(chosen).queryByText('lobby.png')).not.toBeInTheDocument();

    // Browse takes files through the file dialog too.
    await user.upload(within(dialog).getByLabelText('Photos and videos'), [
      fileOf('side.jpg', 'image/jpeg'),
    ]);
    expect(within(chosen).getByText('side.jpg')).toBeInTheDocument();
    // A new choice replaces the earlier refusals.
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('uploads the files with progress, adds the incident in UTC and reloads the list', async () => {
    const seen = recordRequests();
    let releaseUpload: () => void = () => undefined;
    server.use(
      http.post(
        `${API}/files/multiple/Kgguards`,
        () =>
          new Promise<undefined>((resolve) => {
            releaseUpload = () => resolve(undefined);
          }),
        { once: true },
      ),
    );
    const app = await openAddIncident();
    const { dialog } = app;
    await fillValidIncident(app);
    dropFiles([fileOf('lobby.png', 'image/png'), fileOf('gate.mp4', 'video/mp4')], dialog);
    await submit(app);

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      "Adding new incident. Please don't close this window.",
    );
    expect(within(dialog).getByRole('progressbar')).toHaveAccessibleName('Uploading files');
    await expectEscapeIgnored(dialog);
    releaseUpload();

    expect(await screen.findByText('Success Added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Gate barrier broken by a lorry.')).toBeInTheDocument();

    const add = present(requestsTo(seen, 'POST', '/incidents/add')[0], 'POST /incidents/add');
    const uploadedUuids = present(incidentRecords()[0], 'the new incident').files.map(
      (file) => file.uuid,
    );
    expect(add.body).toEqual({
      // 09:15 on 10 March in the reader's zone, sent as UTC.
      incident_date: new Date(2025, 2, 10, 9, 15, 0).toISOString().slice(0, 19).replace('T', ' '),
      residence_uuid: 'site-1',
      category_uuid: 'cat-theft',
      lat: 3.139003,
      lng: 101.686855,
      actions_taken: 'Contractor called.',
      description: 'Gate barrier broken by a lorry.',
      status: 'PENDING',
      files: uploadedUuids,
    } satisfies IncidentAddBody);
    expect(uploadedUuids).toHaveLength(2);
    // The list went back to its first page, where the new incident shows.
    expect(requestsTo(seen, 'GET', '/incidents/list').at(-1)?.params.get('offset')).toBe('0');
  });

  it('keeps the form as it was when the server refuses a file, and says why', async () => {
    server.use(
      http.post(`${API}/files/multiple/Kgguards`, () =>
        HttpResponse.json(
          apiError('FILE_TYPE_NOT_ALLOWED', 'lobby.png: File type not allowed - image/png'),
          { status: 415 },
        ),
      ),
    );
    const app = await openAddIncident();
    const { dialog } = app;
    await fillValidIncident(app);
    dropFiles([fileOf('lobby.png', 'image/png')], dialog);
    await submit(app);

    // The server's words, in the error toast.
    expect(
      await screen.findByText('lobby.png: File type not allowed - image/png'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Description')).toHaveValue(
      '  Gate barrier broken by a lorry.  ',
    );
    expect(within(dialog).getByText('lobby.png')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('chooses the site beforehand when adding from a site’s Incidents tab', async () => {
    const { user } = renderApp('/site-details/site-2/company-1', { role: 'securitycompany' });
    await user.click(await screen.findByRole('tab', { name: 'Incidents' }));
    await screen.findByText('Small fire in the bin room.');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('option', { name: 'Theft' });
    expect(within(dialog).getByLabelText('Site')).toHaveValue('site-2');
  });
});
