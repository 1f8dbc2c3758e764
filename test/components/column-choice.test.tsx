import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app';

function headers(name: string): (string | null)[] {
  return within(screen.getByRole('table', { name }))
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
}

async function openSites(role: 'superadmin' | 'securitycompany') {
  const app = renderApp('/sites', { role });
  await waitFor(() => expect(headers('Sites')).toContain('Address'));
  return app;
}

describe('Columns menu', () => {
  it('hides and shows a table’s columns, never the first one or Actions', async () => {
    const { user } = await openSites('superadmin');
    const button = screen.getByRole('button', { name: 'Columns' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    const menu = screen.getByRole('group', { name: 'Columns shown' });
    expect(
      within(menu)
        .getAllByRole('checkbox')
        .map((box) => box.closest('.form-check')?.textContent),
    ).toEqual(['Address', 'Type', 'Security Co.', 'Status']);
    // The first choice has focus, so the menu is ready for the keyboard.
    expect(within(menu).getByRole('checkbox', { name: 'Address' })).toHaveFocus();

    await user.click(within(menu).getByRole('checkbox', { name: 'Address' }));
    await user.click(within(menu).getByRole('checkbox', { name: 'Type' }));
    expect(headers('Sites')).toEqual(['Site', 'Security Co.', 'Status', 'Actions']);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Columns shown' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Columns (2 hidden)' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Columns (2 hidden)' }));
    await user.click(screen.getByRole('button', { name: 'Show the usual columns' }));
    expect(headers('Sites')).toEqual([
      'Site',
      'Address',
      'Type',
      'Security Co.',
      'Status',
      'Actions',
    ]);
  });

  it('remembers a choice for the same user and screen, and for no one else', async () => {
    const first = await openSites('superadmin');
    await first.user.click(screen.getByRole('button', { name: 'Columns' }));
    await first.user.click(screen.getByRole('checkbox', { name: 'Address' }));
    cleanup();

    // The same user, back on the screen later.
    renderApp('/sites', { role: 'superadmin' });
    await waitFor(() => expect(headers('Sites')).toContain('Type'));
    expect(headers('Sites')).not.toContain('Address');
    cleanup();

    // Another user signs in on the same browser: the choice is not theirs.
    await openSites('securitycompany');
    expect(headers('Sites')).toContain('Address');
  });
});
