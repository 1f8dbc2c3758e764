import { act, screen, waitFor, within } from '@testing-library/react';
import { saveAs } from 'file-saver';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { formatTimestamp } from '../../src/lib/dates';
import { readZip } from '../support/zip';
import { API, apiError } from '../msw/api';
import { incidentRecords } from '../msw/handlers/incidents';
import { server } from '../msw/server';
import { fillIn, present, recordRequests, requestsTo } from './guards-support';
import { dropFiles, fileOf, setUpIncidentTests } from './incidents-support';
import { renderApp } from './render-app';

setUpIncidentTests();

/** Spec part 2 §2, to the letter. */
const UNSAVED =
  'You have unsaved changes. Do you want to save them before selecting another action? Clicking No will discard the changes.';

async function openIncident(uuid = 'incident-12') {
  const app = renderApp(`/incidents-view/${uuid}`, { role: 'sitesupervisor' });
  await screen.findByText('Bicycle stolen from the lobby.');
  return app;
}

type App = Awaited<ReturnType<typeof openIncident>>;

function remarks() {
  return screen.getByLabelText('Remarks');
}

async function editRemarks({ user }: App, text = 'Police report filed.') {
  await fillIn(user, remarks(), text);
}

async function prompt() {
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(UNSAVED)).toBeInTheDocument();
  return dialog;
}

function patches(seen: ReturnType<typeof recordRequests>, uuid = 'incident-12') {
  return requestsTo(seen, 'PATCH', `/incidents/${uuid}`);
}

describe('Incident details', () => {
  it('shows the incident: details, GPS to 7 decimals, description, remarks and files', async () => {
    await openIncident();
    expect(screen.getByRole('heading', { level: 1, name: 'Incident Details' })).toBeInTheDocument();
    const details = Object.fromEntries(
      Array.from(document.querySelectorAll('.incident-details dt')).map((term) => [
        term.textContent,
        term.nextElementSibling?.textContent,
      ]),
    );
    expect(details).toEqual({
      'Incident ID': 'INC-000012',
      Category: 'Theft',
      Site: 'Mont Kiara Residence',
      'Security Company': 'Aegis Guarding Sdn Bhd',
      Reporter: 'company@example.com',
      'Incident Date': formatTimestamp('2025-03-02 01:50:00'),
      'Created at': formatTimestamp('2025-03-02 02:15:00'),
      GPS: '3.1579000, 101.7123000',
    });
    expect(remarks()).toHaveValue('CCTV footage requested.');
    expect(screen.getByLabelText('Status')).toHaveValue('PENDING');
    const files = screen.getByRole('list', { name: 'Attached files' });
    expect(within(files).getByRole('button', { name: 'View lobby.png' })).toBeInTheDocument();
    expect(within(files).getByRole('button', { name: 'Play cctv.mp4' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("says 'Incident does not exist.' for an unknown incident", async () => {
    renderApp('/incidents-view/nothing-here', { role: 'securitycompany' });
    const message = await screen.findByText('Incident does not exist.');
    const back = screen.getByRole('link', { name: 'Back to Incidents' });
    expect(back).toHaveAttribute('href', '/incidents');
    // The back link sits under the title and before the message, as on every details page.
    expect(back.compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('saves the status as soon as it is chosen, in its colour', async () => {
    const seen = recordRequests();
    const { user } = await openIncident();
    const status = screen.getByLabelText('Status');
    expect(status).toHaveClass('is-pending');
    await user.selectOptions(status, 'RESOLVED');

    expect(await screen.findByText('Success Updated')).toBeInTheDocument();
    expect(patches(seen).map((request) => request.body)).toEqual([{ status: 'RESOLVED' }]);
    expect(status).toHaveValue('RESOLVED');
    expect(status).toHaveClass('is-resolved');
  });

  it('keeps unsaved remarks when the status is saved', async () => {
    const app = await openIncident();
    await editRemarks(app);
    await app.user.selectOptions(screen.getByLabelText('Status'), 'RESOLVED');
    expect(await screen.findByText('Success Updated')).toBeInTheDocument();
    expect(remarks()).toHaveValue('Police report filed.');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('shows the server’s reason when a save fails, keeping the edits', async () => {
    server.use(
      http.patch(`${API}/incidents/:uuid`, () =>
        HttpResponse.json(apiError('NOT_FOUND', 'Incident does not exist.'), { status: 404 }),
      ),
    );
    const app = await openIncident();
    await editRemarks(app);
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Incident does not exist.')).toBeInTheDocument();
    expect(remarks()).toHaveValue('Police report filed.');
  });

  it('saves remarks and the whole file list: removed ones left out, new ones uploaded', async () => {
    const seen = recordRequests();
    const app = await openIncident();
    const { user } = app;
    await editRemarks(app);
    await user.click(screen.getByRole('button', { name: 'Remove cctv.mp4' }));
    dropFiles([fileOf('door.jpg', 'image/jpeg'), fileOf('notes.gif', 'image/gif')]);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'notes.gif: File type not allowed - image/gif',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Success Updated')).toBeInTheDocument();
    expect(patches(seen)[0]?.body).toEqual({
      actions_taken: 'Police report filed.',
      files: ['file-photo', 'upload-1'],
    });
    // jsdom's upload loses file names, so the new file is counted rather than named.
    const files = screen.getByRole('list', { name: 'Attached files' });
    expect(within(files).getAllByRole('listitem')).toHaveLength(2);
    expect(within(files).getByText('lobby.png')).toBeInTheDocument();
    expect(within(files).queryByText('cctv.mp4')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Chosen files' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('enlarges a photo and plays a video', async () => {
    const { user } = await openIncident();
    await user.click(screen.getByRole('button', { name: 'View lobby.png' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: 'lobby.png' })).toHaveAttribute(
      'src',
      '/kgapi/files/view/key-file-photo',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Play cctv.mp4' }));
    dialog = await screen.findByRole('dialog');
    const video = present(dialog.querySelector('video'), 'a video');
    expect(video).toHaveAttribute('src', '/kgapi/files/view/key-file-video');
    expect(video).toHaveAttribute('controls');
  });
});

describe('Leaving with unsaved changes', () => {
  it('asks before another route: Cancel stays, No discards and goes', async () => {
    const seen = recordRequests();
    const app = await openIncident();
    await editRemarks(app);
    const sites = screen.getByRole('link', { name: 'Sites' });

    await app.user.click(sites);
    let dialog = await prompt();
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.router.state.location.pathname).toBe('/incidents-view/incident-12');
    expect(remarks()).toHaveValue('Police report filed.');

    await app.user.click(sites);
    dialog = await prompt();
    await app.user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/sites'));
    expect(patches(seen)).toHaveLength(0);
    expect(incidentRecords()[0]?.actions_taken).toBe('CCTV footage requested.');
  });

  it('asks before Back to Incidents: Yes saves, then goes to the list', async () => {
    const seen = recordRequests();
    const app = renderApp('/incidents', { role: 'securitycompany' });
    await screen.findByText('Bicycle stolen from the lobby.');
    await app.user.click(screen.getByRole('button', { name: 'View INC-000012' }));
    await screen.findByLabelText('Remarks');
    await editRemarks(app);

    await app.user.click(screen.getByRole('link', { name: 'Back to Incidents' }));
    const dialog = await prompt();
    await app.user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(app.router.state.location.pathname).toBe('/incidents'));
    expect(patches(seen)[0]?.body).toEqual({
      actions_taken: 'Police report filed.',
      files: ['file-photo', 'file-video'],
    });
    // The list reloads with what was saved; its screen is a lazy route, which a loaded CI
    // machine can take over a second to bring in.
    expect(await screen.findByText('Police report filed.', undefined)).toBeInTheDocument();
  });

  it("asks before the browser's back button, and stays when the save fails", async () => {
    server.use(
      http.patch(`${API}/incidents/:uuid`, () =>
        HttpResponse.json(apiError('VALIDATION_FAILED', 'Status must be PENDING or RESOLVED.'), {
          status: 400,
        }),
      ),
    );
    const app = renderApp('/incidents', { role: 'securitycompany' });
    await screen.findByText('Bicycle stolen from the lobby.');
    await act(() => app.router.navigate('/incidents-view/incident-12'));
    await screen.findByLabelText('Remarks');
    await editRemarks(app);

    await act(() => app.router.navigate(-1));
    const dialog = await prompt();
    await app.user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText('Status must be PENDING or RESOLVED.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(UNSAVED)).not.toBeInTheDocument());
    expect(app.router.state.location.pathname).toBe('/incidents-view/incident-12');
    expect(remarks()).toHaveValue('Police report filed.');
  });

  it('asks the browser to confirm closing the tab only while there are unsaved changes', async () => {
    const app = await openIncident();
    const closeTab = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(closeTab()).toBe(false);
    await editRemarks(app);
    expect(closeTab()).toBe(true);
    await app.user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(remarks()).toHaveValue('CCTV footage requested.');
    expect(closeTab()).toBe(false);
  });

  it('asks before the export too, and exports what was saved', async () => {
    vi.mocked(saveAs).mockClear();
    const app = await openIncident();
    await editRemarks(app);
    await app.user.click(screen.getByRole('button', { name: 'Export to Word' }));
    const dialog = await prompt();
    await app.user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(1));
    const [blob] = vi.mocked(saveAs).mock.calls[0] ?? [];
    const document = await documentXml(blob as Blob);
    expect(document).toContain('Police report filed.');
  });
});

/** A blob's bytes; jsdom's Blob has no arrayBuffer(), its FileReader reads one. */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

async function documentXml(blob: Blob): Promise<string> {
  const entries = readZip(await bytesOf(blob));
  return present(entries.get('word/document.xml'), 'word/document.xml').toString('utf8');
}

describe('Word export', () => {
  it('names the document by id and category and holds the details and the photos', async () => {
    vi.mocked(saveAs).mockClear();
    const seen = recordRequests();
    const app = await openIncident();
    await app.user.click(screen.getByRole('button', { name: 'Export to Word' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(1));
    const [blob, name] = vi.mocked(saveAs).mock.calls[0] ?? [];
    expect(name).toBe('INC-000012_Theft.docx');

    const entries = readZip(await bytesOf(blob as Blob));
    const document = present(entries.get('word/document.xml'), 'document.xml').toString('utf8');
    for (const text of [
      'Incident Report INC-000012',
      'Mont Kiara Residence',
      'Theft',
      'PENDING',
      'company@example.com',
      '3.157900, 101.712300',
      'Bicycle stolen from the lobby.',
      'CCTV footage requested.',
      formatTimestamp('2025-03-02 01:50:00'),
      'Videos (not shown here): cctv.mp4',
    ]) {
      expect(document).toContain(text);
    }
    // The photo is fetched from its URL and embedded; the video is only named.
    const media = [...entries.keys()].filter(
      (entry) => entry.startsWith('word/media/') && !entry.endsWith('/'),
    );
    expect(media).toHaveLength(1);
    expect(seen.filter((request) => request.path.startsWith('/files/view/'))).toHaveLength(1);
  });

  it('lays photos out four to a row', async () => {
    vi.mocked(saveAs).mockClear();
    const app = await openIncident();
    dropFiles(['a', 'b', 'c', 'd'].map((letter) => fileOf(`${letter}.png`, 'image/png')));
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Success Updated');
    await app.user.click(screen.getByRole('button', { name: 'Export to Word' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(1));
    const [blob] = vi.mocked(saveAs).mock.calls[0] ?? [];
    const xml = await documentXml(blob as Blob);
    // Five photos: the details table, then a photo table of two rows of four cells.
    const photoTable = xml.slice(xml.lastIndexOf('<w:tbl>'));
    const rows = photoTable.split('<w:tr>').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.split('<w:tc>').length - 1)).toEqual([4, 4]);
    expect(rows.map((row) => row.split('<w:drawing>').length - 1)).toEqual([4, 1]);
  });
});
