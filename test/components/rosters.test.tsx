import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SHIFT_MESSAGES } from '@rules/shifts';
import { dayAfter, shiftRecords, thisMonday } from '../msw/handlers/shifts';
import { renderApp } from './render-app';

/** 'Monday 30/11/2026' of the current week's day `index` (Monday 0), as the grid names a day. */
function dayName(index: number): string {
  const [year, month, day] = dayAfter(thisMonday(), index).split('-');
  const weekday = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  return `${weekday[index]} ${day}/${month}/${year}`;
}

async function shownModal() {
  return waitFor(() => {
    const modal = document.querySelector<HTMLElement>('.modal.show');
    if (!modal) throw new Error('No modal is shown yet.');
    return modal;
  });
}

async function openRoster(role: 'securitycompany' | 'sitesupervisor' = 'securitycompany') {
  const app = renderApp('/rosters?site=site-1', { role });
  const grid = await screen.findByRole('table', { name: 'Roster of Mont Kiara Residence' });
  await within(grid).findByText('Ahmad Faizal');
  return { ...app, grid };
}

const cellButton = (grid: HTMLElement, row: string, day: number) =>
  within(grid).getByRole('button', { name: new RegExp(`^${row}, ${dayName(day)}:`) });

describe('The Roster screen', () => {
  it('shows the week: patterns down, days across, filled / needed, unfilled cells marked in words', async () => {
    const { grid } = await openRoster();
    expect(screen.getByRole('heading', { level: 1, name: 'Roster' })).toBeInTheDocument();
    const headings = within(grid)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headings).toHaveLength(8);
    expect(headings[1]).toMatch(/^Mon \d\d\/\d\d$/);
    expect(
      within(grid)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day07:00–19:00', 'Night19:00–07:00', 'One-off shifts']);

    const mondayDay = cellButton(grid, 'Day', 0);
    expect(mondayDay).toHaveTextContent('Ahmad Faizal');
    expect(mondayDay).toHaveTextContent('1 / 2 filled');
    expect(mondayDay).toHaveTextContent('1 open');
    expect(mondayDay.closest('td')).toHaveClass('roster-cell-unfilled');

    const sundayNight = cellButton(grid, 'Night', 6);
    expect(sundayNight).toHaveTextContent('Bala Krishnan');
    expect(sundayNight).toHaveTextContent('1 / 1 filled');
    expect(sundayNight).not.toHaveTextContent('open');
    expect(sundayNight.closest('td')).not.toHaveClass('roster-cell-unfilled');
    expect(within(grid).getAllByText('No shift')).toHaveLength(7);
  });

  it('names the watch’s state beside a guard: late, no-show, on duty', async () => {
    const monday = dayAfter(thisMonday(), 0);
    const ahmad = shiftRecords().find((s) => s.date === monday && s.name === 'Day' && s.slot === 0);
    if (!ahmad) throw new Error('The fixture has no Monday Day shift.');
    Object.assign(ahmad, { state: 'late', started_at: `${monday} 00:25:00`, late_minutes: 25 });
    const { grid } = await openRoster();
    expect(cellButton(grid, 'Day', 0)).toHaveTextContent('Ahmad Faizal · Late');
    expect(cellButton(grid, 'Night', 6)).not.toHaveTextContent('·');
  });

  it('assigns a guard by keyboard: the cell opens its places, a guard is chosen and saved', async () => {
    const { grid, user } = await openRoster();
    const tuesdayDay = cellButton(grid, 'Day', 1);
    expect(tuesdayDay).toHaveTextContent('0 / 2 filled');
    tuesdayDay.focus();
    await user.keyboard('{Enter}');
    const dialog = await shownModal();
    expect(within(dialog).getByRole('heading', { name: `Day, ${dayName(1)}` })).toBeVisible();
    const place = within(dialog).getByLabelText('Place 1');
    expect(
      within(place)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Open: no guard', 'Ahmad Faizal', 'Bala Krishnan']);
    place.focus();
    await user.selectOptions(place, 'Ahmad Faizal');
    within(dialog).getByRole('button', { name: 'Save' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.querySelector('.modal.show')).toBeNull());
    await waitFor(() => expect(cellButton(grid, 'Day', 1)).toHaveTextContent('1 / 2 filled'));
    expect(cellButton(grid, 'Day', 1)).toHaveTextContent('Ahmad Faizal');
    expect(
      shiftRecords().find(
        (s) => s.date === dayAfter(thisMonday(), 1) && s.slot === 0 && s.name === 'Day',
      )?.guard_uuid,
    ).toBe('guard-1');
  });

  it('shows an overlap refused by the server at its place, keeping the choices made', async () => {
    const { grid, user } = await openRoster();
    await user.click(cellButton(grid, 'Day', 0));
    const dialog = await shownModal();
    const second = within(dialog).getByLabelText('Place 2');
    await user.selectOptions(second, 'Ahmad Faizal');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const [year, month, day] = thisMonday().split('-');
    expect(
      await within(dialog).findByText(
        `Ahmad Faizal is already on Day 07:00–19:00 at Mont Kiara Residence on ${day}/${month}/${year}.`,
      ),
    ).toBeVisible();
    expect(within(dialog).getByLabelText('Place 2')).toHaveValue('guard-1');
    expect(within(dialog).getByLabelText('Place 2')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Place 1')).toHaveValue('guard-1');
  });

  it('shows the weekly hours warning, having saved the guard', async () => {
    const { grid, user } = await openRoster();
    await user.click(cellButton(grid, 'Night', 0));
    const dialog = await shownModal();
    await user.selectOptions(within(dialog).getByLabelText('Place 1'), 'Bala Krishnan');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'Bala Krishnan would be rostered 84 hours that week, over the limit of 72.',
      ),
    ).toBeVisible();
    expect(within(dialog).getByLabelText('Place 1')).toHaveValue('guard-2');
    await waitFor(() => expect(cellButton(grid, 'Night', 0)).toHaveTextContent('1 / 1 filled'));
  });

  it('unassigns a place and cancels another after confirming', async () => {
    const { grid, user } = await openRoster();
    await user.click(cellButton(grid, 'Day', 0));
    const dialog = await shownModal();
    await user.click(within(dialog).getByRole('button', { name: 'Unassign Place 1' }));
    expect(within(dialog).getByLabelText('Place 1')).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel shift Place 2' }));
    const confirm = await waitFor(() => {
      const modal = screen.getByRole('dialog', { name: 'Cancel Shift' });
      expect(modal).toHaveClass('show');
      return modal;
    });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel shift' }));
    await waitFor(() => expect(within(dialog).getByText('Place 2: cancelled')).toBeVisible());
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(cellButton(grid, 'Day', 0)).toHaveTextContent('0 / 1 filled'));
    expect(cellButton(grid, 'Day', 0)).toHaveTextContent('1 cancelled');
  });

  it('refuses a pattern with no weekdays, a headcount of 0 or 51, or a start equal to its end, at each field', async () => {
    const { user } = await openRoster();
    await user.click(screen.getByRole('button', { name: 'Add pattern' }));
    const dialog = await shownModal();
    await user.type(within(dialog).getByLabelText('Name'), 'Gate');
    await user.type(within(dialog).getByLabelText('Start'), '07:00');
    await user.type(within(dialog).getByLabelText('End'), '07:00');
    const headcount = within(dialog).getByLabelText('Guards needed');
    await user.clear(headcount);
    await user.type(headcount, '0');
    for (const day of [
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]) {
      await user.click(within(dialog).getByLabelText(day));
    }
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText(SHIFT_MESSAGES.weekdaysRequired)).toBeVisible();
    expect(within(dialog).getByText(SHIFT_MESSAGES.headcountInvalid)).toBeVisible();
    expect(within(dialog).getByText(SHIFT_MESSAGES.sameStartEnd)).toBeVisible();

    await user.clear(headcount);
    await user.type(headcount, '51');
    await user.click(within(dialog).getByLabelText('Saturday'));
    await user.clear(within(dialog).getByLabelText('End'));
    await user.type(within(dialog).getByLabelText('End'), '15:00');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(within(dialog).queryByText(SHIFT_MESSAGES.weekdaysRequired)).toBeNull(),
    );
    expect(within(dialog).getByText(SHIFT_MESSAGES.headcountInvalid)).toBeVisible();
    expect(within(dialog).queryByText(SHIFT_MESSAGES.sameStartEnd)).toBeNull();

    await user.clear(headcount);
    await user.type(headcount, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Shift pattern added.')).toBeInTheDocument();
    const patterns = await screen.findByRole('table', { name: 'Shift patterns' });
    expect(within(patterns).getByText('Gate')).toBeInTheDocument();
    expect(within(patterns).getByText('07:00–15:00')).toBeInTheDocument();
    expect(within(patterns).getByText('Sat')).toBeInTheDocument();
  });

  it('makes shifts for the next four weeks by default, and refuses a range over a year at its field', async () => {
    const { user } = await openRoster();
    await user.click(screen.getByRole('button', { name: 'Make shifts' }));
    const dialog = await shownModal();
    const last = within(dialog).getByLabelText('Last day');
    const first = within(dialog).getByLabelText('First day');
    const now = new Date();
    const day = (offset: number) =>
      new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset).toLocaleDateString(
        'en-GB',
      );
    expect(first).toHaveValue(day(0));
    expect(last).toHaveValue(day(27));
    await user.clear(last);
    await user.type(last, '01/01/2099');
    await user.click(within(dialog).getByRole('button', { name: 'Make shifts' }));
    expect(await within(dialog).findByText(SHIFT_MESSAGES.rangeTooLong)).toBeVisible();
    expect(last).toHaveAttribute('aria-invalid', 'true');

    await user.clear(last);
    await user.type(last, (first as HTMLInputElement).value);
    await user.click(within(dialog).getByRole('button', { name: 'Make shifts' }));
    expect(await screen.findByText(/^Made \d+ shifts?\.$/)).toBeInTheDocument();
  });

  it('adds a one-off shift, its problems at their fields', async () => {
    const { grid, user } = await openRoster();
    await user.click(screen.getByRole('button', { name: 'Add one-off shift' }));
    const dialog = await shownModal();
    await user.type(within(dialog).getByLabelText('Start'), '7 am');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText(SHIFT_MESSAGES.nameRequired)).toBeVisible();
    expect(within(dialog).getAllByText(SHIFT_MESSAGES.timeInvalid)).toHaveLength(2);

    await user.type(within(dialog).getByLabelText('Name'), 'Event cover');
    await user.clear(within(dialog).getByLabelText('Start'));
    await user.type(within(dialog).getByLabelText('Start'), '20:00');
    await user.type(within(dialog).getByLabelText('End'), '23:00');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('One-off shift added.')).toBeInTheDocument();
    const oneOff = within(grid).getAllByRole('row').at(-1) as HTMLElement;
    expect(
      await within(oneOff).findByRole('button', { name: /^One-off shifts, / }),
    ).toHaveTextContent('0 / 1 filled');
  });

  it('adds a one-off shift with a guard on it, or shows the server’s refusal at the guard', async () => {
    const { grid, user } = await openRoster();
    const addWith = async (guardName: string, start: string, end: string) => {
      await user.click(screen.getByRole('button', { name: 'Add one-off shift' }));
      const dialog = await shownModal();
      await user.type(within(dialog).getByLabelText('Name'), 'Event cover');
      await user.type(within(dialog).getByLabelText('Start'), start);
      await user.type(within(dialog).getByLabelText('End'), end);
      const guard = within(dialog).getByLabelText('Guard');
      expect(within(guard).getByRole('option', { name: 'Open: no guard' })).toBeInTheDocument();
      await user.selectOptions(guard, guardName);
      await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
      return dialog;
    };
    await addWith('Bala Krishnan', '08:00', '12:00');
    expect(await screen.findByText('One-off shift added.')).toBeInTheDocument();
    const oneOff = within(grid).getAllByRole('row').at(-1) as HTMLElement;
    const cell = await within(oneOff).findByRole('button', { name: /^One-off shifts, / });
    expect(cell).toHaveTextContent('1 / 1 filled');
    expect(cell).toHaveTextContent('Bala Krishnan');
    await waitFor(() => expect(document.querySelector('.modal')).toBeNull());

    // The guard's night shift covers 20:00: refused, at the guard, and nothing added.
    const again = await addWith('Bala Krishnan', '20:00', '23:00');
    expect(
      await within(again).findByText(/^Bala Krishnan is already on Night 19:00–07:00 at /),
    ).toBeVisible();
    expect(within(again).getByLabelText('Guard')).toHaveAttribute('aria-invalid', 'true');
    expect(cell).toHaveTextContent('1 / 1 filled');
  });
});

describe('Changing the week', () => {
  it('swaps two shifts’ guards', async () => {
    const { grid, user } = await openRoster();
    await user.click(screen.getByRole('button', { name: 'Swap guards' }));
    const dialog = await shownModal();
    const monday = thisMonday();
    const [dayShift, nightShift] = ['Day', 'Night'].map(
      (name) =>
        shiftRecords().find((s) => s.date === monday && s.name === name && s.slot === 0)?.uuid ??
        '',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Swap' }));
    expect(await within(dialog).findAllByText('Choose a shift.')).toHaveLength(2);
    await user.selectOptions(within(dialog).getByLabelText('First shift'), dayShift ?? '');
    await user.selectOptions(within(dialog).getByLabelText('Second shift'), nightShift ?? '');
    await user.click(within(dialog).getByRole('button', { name: 'Swap' }));
    expect(await screen.findByText('Guards swapped.')).toBeInTheDocument();
    await waitFor(() => expect(cellButton(grid, 'Night', 0)).toHaveTextContent('Ahmad Faizal'));
    expect(cellButton(grid, 'Day', 0)).toHaveTextContent('0 / 2 filled');
  });

  it('moves a week on and back, and edits and deletes a pattern', async () => {
    const { grid, user } = await openRoster();
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    const next = dayAfter(thisMonday(), 7).split('-');
    expect(
      await within(grid).findByRole('columnheader', { name: `Mon ${next[2]}/${next[1]}` }),
    ).toBeInTheDocument();
    expect(within(grid).getAllByText('Not made yet')).toHaveLength(14);
    await user.click(screen.getByRole('button', { name: 'This week' }));
    await within(grid).findByText('Ahmad Faizal');

    const patterns = screen.getByRole('table', { name: 'Shift patterns' });
    await user.click(within(patterns).getByRole('button', { name: 'Edit pattern Night' }));
    const dialog = await shownModal();
    expect(within(dialog).getByLabelText('Start')).toHaveValue('19:00');
    await user.clear(within(dialog).getByLabelText('Guards needed'));
    await user.type(within(dialog).getByLabelText('Guards needed'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Shift pattern saved.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(patterns).getByText('Night').closest('tr')).toHaveTextContent('3'),
    );

    await user.click(within(patterns).getByRole('button', { name: 'Delete pattern Night' }));
    const confirm = await waitFor(() => {
      const modal = screen.getByRole('dialog', { name: 'Delete Shift Pattern' });
      expect(modal).toHaveClass('show');
      return modal;
    });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Shift pattern deleted.')).toBeInTheDocument();
    await waitFor(() => expect(within(patterns).queryByText('Night')).toBeNull());
  });
});

describe('The roster elsewhere', () => {
  it('shows a site’s week on its Roster tab', async () => {
    const { user } = renderApp('/site-details/site-1/company-1', { role: 'securitycompany' });
    await user.click(await screen.findByRole('tab', { name: 'Roster' }));
    const grid = await screen.findByRole('table', { name: 'Roster of Mont Kiara Residence' });
    await waitFor(() => expect(cellButton(grid, 'Day', 0)).toHaveTextContent('1 / 2 filled'));
  });

  it('lists a guard’s upcoming shifts on their details page', async () => {
    const { user } = renderApp('/guard-details/guard-2', { role: 'securitycompany' });
    await user.click(await screen.findByRole('tab', { name: 'Upcoming shifts' }));
    const table = await screen.findByRole('table', { name: 'Upcoming shifts' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toHaveTextContent('Night');
    expect(rows[0]).toHaveTextContent('19:00–07:00');
    expect(rows[0]).toHaveTextContent('Mont Kiara Residence');
  });

  it('offers the Roster to a site supervisor', async () => {
    renderApp('/rosters?site=site-1', { role: 'sitesupervisor' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Roster' })).toBeInTheDocument();
    expect(
      await screen.findByRole('table', { name: 'Roster of Mont Kiara Residence' }),
    ).toBeInTheDocument();
  });
});
