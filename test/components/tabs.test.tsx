import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tabs, type Tab } from '../../src/components/tabs';

const tabs: Tab[] = [
  { id: 'profile', label: 'Profile', render: () => <p>Profile panel</p> },
  { id: 'attendance', label: 'Attendance', render: () => <p>Attendance panel</p> },
  { id: 'notes', label: 'Notes', render: () => <p>Notes panel</p> },
];

function renderTabs() {
  const user = userEvent.setup();
  render(<Tabs label="Guard details" tabs={tabs} />);
  const tab = (name: string) => screen.getByRole('tab', { name });
  return { user, tab };
}

describe('Tabs (the WAI-ARIA tabs pattern)', () => {
  it('names the tab list, selects the first tab and labels its panel', () => {
    const { tab } = renderTabs();
    expect(screen.getByRole('tablist', { name: 'Guard details' })).toBeInTheDocument();
    expect(tab('Profile')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Attendance')).toHaveAttribute('aria-selected', 'false');
    const panel = screen.getByRole('tabpanel', { name: 'Profile' });
    expect(panel).toHaveTextContent('Profile panel');
    expect(tab('Profile')).toHaveAttribute('aria-controls', panel.id);
    expect(tab('Attendance').getAttribute('aria-controls')).not.toBe(panel.id);
  });

  it('keeps one tab stop: the chosen tab', async () => {
    const { user, tab } = renderTabs();
    expect(tab('Profile')).toHaveAttribute('tabindex', '0');
    expect(tab('Attendance')).toHaveAttribute('tabindex', '-1');
    await user.click(tab('Attendance'));
    expect(tab('Attendance')).toHaveAttribute('tabindex', '0');
    expect(tab('Profile')).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Attendance' })).toHaveTextContent(
      'Attendance panel',
    );
  });

  it('moves and chooses with Left, Right (wrapping), Home and End', async () => {
    const { user, tab } = renderTabs();
    await user.tab();
    expect(tab('Profile')).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(tab('Attendance')).toHaveFocus();
    expect(tab('Attendance')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Attendance panel');

    await user.keyboard('{End}');
    expect(tab('Notes')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Profile')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Notes')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('Profile')).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Profile panel');

    // Tab leaves the tab list for the panel.
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });
});
