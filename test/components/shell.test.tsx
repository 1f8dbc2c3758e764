import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY } from '../../src/app/session/session-storage';
import { API, apiError } from '../msw/api';
import { server } from '../msw/server';
import { renderApp } from './render-app';

function navigationLabels() {
  const nav = screen.getByRole('navigation', { name: 'Main navigation' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('side navigation per role', () => {
  it('gives the super administrator every section', async () => {
    renderApp('/dashboard', { role: 'superadmin' });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(navigationLabels()).toEqual([
      'Dashboard',
      'Sites',
      'Incidents',
      'Visitors',
      'Security Company',
      'Site Supervisors',
      'Guard',
      'Users',
      'Watchlist',
      'Roster',
      'Patrols',
    ]);
  });

  it('gives a security company supervisors, guards, users, its watchlist, the roster and patrols but not companies', async () => {
    renderApp('/dashboard', { role: 'securitycompany' });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(navigationLabels()).toEqual([
      'Dashboard',
      'Sites',
      'Incidents',
      'Visitors',
      'Site Supervisors',
      'Guard',
      'Users',
      'Watchlist',
      'Roster',
      'Patrols',
    ]);
  });

  it('gives a site supervisor guards, the roster and patrols beyond the common sections', async () => {
    renderApp('/dashboard', { role: 'sitesupervisor' });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(navigationLabels()).toEqual([
      'Dashboard',
      'Sites',
      'Incidents',
      'Visitors',
      'Guard',
      'Roster',
      'Patrols',
    ]);
  });

  it('highlights the active link and collapses, saying so on its toggle', async () => {
    const { user } = renderApp('/dashboard', { role: 'superadmin' });
    await screen.findByRole('heading', { name: 'Dashboard' });
    const navigation = screen.getByRole('navigation', { name: 'Main navigation' });
    const nav = within(navigation);
    expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveClass('active');
    expect(nav.getByRole('link', { name: 'Sites' })).not.toHaveClass('active');
    const toggle = screen.getByRole('button', { name: 'Toggle navigation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAttribute('aria-controls', navigation.id);

    await user.click(toggle);
    expect(navigation).toHaveClass('collapsed');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Collapsed to icons, every link keeps its name.
    expect(navigationLabels()).toContain('Sites');
    expect(nav.getByRole('link', { name: 'Sites' })).toHaveAttribute('title', 'Sites');

    await user.click(toggle);
    expect(navigation).not.toHaveClass('collapsed');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('starts collapsed on a narrow screen and follows the screen across the breakpoint', async () => {
    let change: ((event: MediaQueryListEvent) => void) | null = null;
    const query = {
      matches: true,
      media: '(max-width: 991.98px)',
      addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => {
        change = listener;
      },
      removeEventListener: () => {
        change = null;
      },
    };
    const queried: string[] = [];
    vi.stubGlobal('matchMedia', (media: string) => {
      queried.push(media);
      return query;
    });
    try {
      renderApp('/dashboard', { role: 'superadmin' });
      await screen.findByRole('heading', { name: 'Dashboard' });
      const navigation = screen.getByRole('navigation', { name: 'Main navigation' });
      expect(queried).toContain('(max-width: 991.98px)');
      expect(navigation).toHaveClass('collapsed');
      expect(screen.getByRole('button', { name: 'Toggle navigation' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );

      act(() => change?.({ matches: false } as MediaQueryListEvent));
      expect(navigation).not.toHaveClass('collapsed');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('offers a skip link that moves focus to the main content', async () => {
    const { user } = renderApp('/dashboard', { role: 'superadmin' });
    await screen.findByRole('heading', { name: 'Dashboard' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('sends a role away from a section outside its navigation to /dashboard', async () => {
    const { router } = renderApp('/security-company', { role: 'sitesupervisor' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('highlights the section of a detail screen', async () => {
    renderApp('/site-details/site-1/company-1', { role: 'superadmin' });
    const nav = within(await screen.findByRole('navigation', { name: 'Main navigation' }));
    await waitFor(() => expect(nav.getByRole('link', { name: /Sites/ })).toHaveClass('active'));
    expect(nav.getByRole('link', { name: /Dashboard/ })).not.toHaveClass('active');
  });

  it('lets a role open the detail screen of one of its sections', async () => {
    const { router } = renderApp('/guard-details/guard-2', { role: 'sitesupervisor' });
    await screen.findByRole('heading', { name: 'Guard Details' });
    expect(router.state.location.pathname).toBe('/guard-details/guard-2');
  });
});

describe('header', () => {
  it('shows the company name from the profile role', async () => {
    renderApp('/dashboard', { role: 'securitycompany' });
    expect(await screen.findByText('Aegis Guarding Sdn Bhd')).toHaveClass('app-title');
  });

  it('shows the brand label when the profile has no company', async () => {
    renderApp('/dashboard', { role: 'superadmin' });
    expect(await screen.findByText('Guard Console')).toHaveClass('app-title');
  });

  it('greets the user and offers Logout, Change Password, Signed-in devices, Audit Log and the version', async () => {
    const { user, router } = renderApp('/dashboard', { role: 'superadmin' });
    await user.click(await screen.findByRole('button', { name: 'Hi, Sofia Superadmin' }));
    // The menu holds only its actions; the version is shown beside it, not as an item.
    const menu = screen.getByRole('menu');
    expect(
      Array.from(menu.children).map((child) => [child.getAttribute('role'), child.textContent]),
    ).toEqual([
      ['menuitem', 'Logout'],
      ['menuitem', 'Change Password'],
      ['menuitem', 'Signed-in devices'],
      ['menuitem', 'Audit Log'],
    ]);
    const version = screen.getByText('v2.1.0');
    expect(menu).not.toContainElement(version);
    await user.click(screen.getByRole('menuitem', { name: 'Change Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/resetpassword'));
    expect(router.state.location.search).toBe('?iuuid=identity-superadmin');
    // Change Password leads back to the dashboard.
    await user.click(await screen.findByRole('link', { name: 'Back to Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('logs out: calls DELETE /identity/session, clears the stored session and goes to /login', async () => {
    let revoked = false;
    server.use(
      http.delete(`${API}/identity/session`, ({ request }) => {
        revoked = request.headers.get('authorization') === 'Bearer token-superadmin';
        return HttpResponse.json({ success: true });
      }),
    );
    const { user, router, store } = renderApp('/dashboard', { role: 'superadmin' });
    await screen.findByText('150');
    await user.click(screen.getByRole('button', { name: 'Hi, Sofia Superadmin' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(revoked).toBe(true);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(store.getState().dashboard.figures).toBeNull();
  });
});

describe('a 401 on any call', () => {
  it('logs the user out', async () => {
    server.use(
      http.get(`${API}/dashboard/data`, () =>
        HttpResponse.json(apiError('UNAUTHORIZED', 'Your session has ended.'), { status: 401 }),
      ),
    );
    const { router } = renderApp('/dashboard', { role: 'securitycompany' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});

describe('public pages', () => {
  it('lead back to sign-in when nobody is signed in', async () => {
    const { user, router } = renderApp('/forgetpassword');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot your Password?' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Guard Console')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go Back to Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to your account' }),
    ).toBeInTheDocument();
  });
});
